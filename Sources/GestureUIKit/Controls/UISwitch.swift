import Foundation
import GestureKit

/// UIKit's `UISwitch`: a tap toggles it, a drag of its knob sets it to the nearer side, and either
/// sends `valueChanged` (the engine's switch).
open class UISwitch: UIControl {
    /// A switch named "switch" for a screen built in code.
    public override init(frame: CGRect) {
        super.init(control: UIControl.makeCore(.switch, name: "switch", frame: frame))
    }

    /// A switch with a name for records.
    public override init(name: String, frame: CGRect) {
        super.init(control: UIControl.makeCore(.switch, name: name, frame: frame))
    }

    /// Views a scene's switch.
    override init(control: Control) {
        super.init(control: control)
    }

    /// Whether the switch is on (setting it sends no event, as in UIKit).
    open var isOn: Bool {
        get { controlCore.isOn }
        set { controlCore.isOn = newValue }
    }

    /// Sets ``isOn``; `animated` is not modelled.
    open func setOn(_ on: Bool, animated: Bool) { isOn = on }
}
