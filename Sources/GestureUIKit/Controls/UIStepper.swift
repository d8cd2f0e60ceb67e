import Foundation
import GestureKit

/// UIKit's `UIStepper`: a touch on its left half steps down, on its right half up, and a held
/// half repeats (the engine's stepper).
@preconcurrency @MainActor
open class UIStepper: UIControl {
    override class var controlKind: ControlKind { .stepper }




    /// The value, kept between the minimum and maximum.
    open var value: Double {
        get { controlCore.value }
        set { controlCore.setValue(newValue) }
    }

    /// The least value (0).
    open var minimumValue: Double {
        get { controlCore.minimumValue }
        set { controlCore.setMinimumValue(newValue) }
    }

    /// The greatest value (100).
    open var maximumValue: Double {
        get { controlCore.maximumValue }
        set { controlCore.setMaximumValue(newValue) }
    }

    /// The step (1).
    open var stepValue: Double {
        get { controlCore.stepValue }
        set { controlCore.stepValue = newValue }
    }

    /// Whether `valueChanged` is sent at each step (true), or only when the touch ends.
    open var isContinuous: Bool {
        get { controlCore.isContinuous }
        set { controlCore.isContinuous = newValue }
    }

    /// Whether a held half repeats its step (true).
    open var autorepeat: Bool {
        get { controlCore.autorepeat }
        set { controlCore.autorepeat = newValue }
    }

    /// Whether the value wraps around past its limits (false).
    open var wraps: Bool {
        get { controlCore.wraps }
        set { controlCore.wraps = newValue }
    }
}
