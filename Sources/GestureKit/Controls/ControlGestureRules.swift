/// Apple's rules for recognizers and controls ("Attaching gesture recognizers to UIKit controls"):
/// a control handles these gestures itself, and a recognizer on one of its superviews does not
/// recognize them (the control's `gestureRecognizerShouldBegin(_:)` answers no):
///
/// - a single-finger single tap on a button, switch, stepper, segmented control or page control;
/// - a single-finger swipe on a slider's knob, parallel to the slider;
/// - a single-finger pan on a switch's knob, parallel to the switch.
///
/// A recognizer attached to the control itself (or to a view inside it) is not refused: it comes
/// first, and its recognition cancels the control's tracking. A disabled control, which handles
/// nothing, refuses nothing.
extension Control {
    /// Why the control refuses to let `r` begin, or nil when it does not.
    func refusal(of r: GestureRecognizer) -> String? {
        guard isEnabled, let view = r.view, !view.isDescendant(of: self), r.touches.count == 1, let touch = r.touches.first,
            touch.view?.isDescendant(of: self) ?? false
        else { return nil }
        switch kind {
        case .button, .switch, .stepper, .segmentedControl, .pageControl:
            if let tap = r as? TapGestureRecognizer, tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1 {
                return "\(name) (a \(kind.rawValue)) handles a single-finger tap itself: its action runs instead"
            }
        case .slider, .control:
            break
        }
        if kind == .slider, let swipe = r as? SwipeGestureRecognizer, swipe.numberOfTouchesRequired == 1,
            let direction = swipe.recognizedDirection, direction == .left || direction == .right, startsOnKnob(touch)
        {
            return "\(name) (a slider) handles a single-finger swipe on its knob along the slider itself"
        }
        let movement = touch.windowLocation - touch.startLocation
        if kind == .switch, r is PanGestureRecognizer, startsOnKnob(touch), abs(movement.x) >= abs(movement.y) {
            return "\(name) (a switch) handles a single-finger pan on its knob along the switch itself"
        }
        return nil
    }

    private func startsOnKnob(_ touch: Touch) -> Bool {
        knobAtTouchDown?.contains(touch.startLocation) ?? false
    }
}
