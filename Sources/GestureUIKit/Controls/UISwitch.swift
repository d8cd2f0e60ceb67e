import Foundation
import GestureKit

/// UIKit's `UISwitch`: a tap toggles it, a drag of its knob sets it to the nearer side, and either
/// sends `valueChanged` (the engine's switch).
@preconcurrency @MainActor
open class UISwitch: UIControl {
    override class var controlKind: ControlKind { .`switch` }




    /// Whether the switch is on (setting it sends no event, as in UIKit).
    open var isOn: Bool {
        get { controlCore.isOn }
        set { controlCore.isOn = newValue }
    }

    /// Sets ``isOn``; `animated` is not modelled.
    open func setOn(_ on: Bool, animated: Bool) { isOn = on }
}
