import Foundation
import GestureKit

/// UIKit's `UISlider`: a drag that starts on the knob moves it along the track, and the value with
/// it, sending `valueChanged` (the engine's slider; its track spans the frame's width).
@preconcurrency @MainActor
open class UISlider: UIControl {
    override class var controlKind: ControlKind { .slider }




    /// The value, kept between the minimum and maximum (setting it sends no event).
    open var value: Float {
        get { Float(controlCore.value) }
        set { controlCore.setValue(Double(newValue)) }
    }

    /// Sets ``value``; `animated` is not modelled.
    open func setValue(_ value: Float, animated: Bool) { self.value = value }

    /// The least value (0); the value follows it.
    open var minimumValue: Float {
        get { Float(controlCore.minimumValue) }
        set { controlCore.setMinimumValue(Double(newValue)) }
    }

    /// The greatest value (1); the value follows it.
    open var maximumValue: Float {
        get { Float(controlCore.maximumValue) }
        set { controlCore.setMaximumValue(Double(newValue)) }
    }

    /// Whether `valueChanged` is sent while the knob moves (true), or only when it is let go.
    open var isContinuous: Bool {
        get { controlCore.isContinuous }
        set { controlCore.isContinuous = newValue }
    }
}
