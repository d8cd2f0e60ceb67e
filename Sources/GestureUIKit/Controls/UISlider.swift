import Foundation
import GestureKit

/// UIKit's `UISlider`: a drag that starts on the knob moves it along the track, and the value with
/// it, sending `valueChanged` (the engine's slider; its track spans the frame's width).
open class UISlider: UIControl {
    /// A slider named "slider" for a screen built in code (0 in 0…1).
    public override init(frame: CGRect) {
        super.init(control: UIControl.makeCore(.slider, name: "slider", frame: frame))
    }

    /// A slider with a name for records.
    public override init(name: String, frame: CGRect) {
        super.init(control: UIControl.makeCore(.slider, name: name, frame: frame))
    }

    /// Views a scene's slider.
    override init(control: Control) {
        super.init(control: control)
    }

    /// The value, kept between the minimum and maximum (setting it sends no event).
    open var value: Float {
        get { Float(controlCore.value) }
        set { controlCore.value = min(max(Double(newValue), controlCore.minimumValue), controlCore.maximumValue) }
    }

    /// Sets ``value``; `animated` is not modelled.
    open func setValue(_ value: Float, animated: Bool) { self.value = value }

    /// The least value (0); the value follows it.
    open var minimumValue: Float {
        get { Float(controlCore.minimumValue) }
        set {
            controlCore.minimumValue = Double(newValue)
            controlCore.maximumValue = max(controlCore.maximumValue, Double(newValue))
            value = Float(controlCore.value)
        }
    }

    /// The greatest value (1); the value follows it.
    open var maximumValue: Float {
        get { Float(controlCore.maximumValue) }
        set {
            controlCore.maximumValue = Double(newValue)
            controlCore.minimumValue = min(controlCore.minimumValue, Double(newValue))
            value = Float(controlCore.value)
        }
    }

    /// Whether `valueChanged` is sent while the knob moves (true), or only when it is let go.
    open var isContinuous: Bool {
        get { controlCore.isContinuous }
        set { controlCore.isContinuous = newValue }
    }
}
