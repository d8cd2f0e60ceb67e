import GestureKit

/// The host of an engine view made through a UIKit class: the engine's hit-testing,
/// `gestureRecognizerShouldBegin` and responder calls go to the UIKit object, whose overrides may
/// call `super`, which reaches the engine's rules.
///
/// It holds the UIKit object strongly (the engine view keeps its host, which keeps alive the object
/// a scene or a registered screen made), as ``CoreLink`` does for recognizers.
final class ViewLink: ViewHost {
    /// The UIKit object.
    let owner: UIView

    init(owner: UIView) { self.owner = owner }

    /// The class name of a view of a class of the app's own (not one of GestureUIKit's).
    var sceneClassName: String? { appClassName(of: owner) }

    func view(_ view: View, hitTest point: Point) -> View? {
        // UIKit's coordinates of a view include its bounds origin (a scroll view's content offset).
        onMainActor((owner, point + view.boundsOrigin)) { owner, point in owner.hitTest(CGPoint(point), with: nil)?.core }
    }

    func view(_ view: View, pointInside point: Point) -> Bool {
        onMainActor((owner, point + view.boundsOrigin)) { owner, point in owner.point(inside: CGPoint(point), with: nil) }
    }

    func view(_ view: View, shouldBegin recognizer: GestureRecognizer) -> Bool {
        onMainActor((owner, recognizer)) { owner, recognizer in
            owner.gestureRecognizerShouldBegin(UIGestureRecognizer.wrap(recognizer))
        }
    }

    func view(_ view: View, receives touches: [Touch], in phase: TouchPhase, with event: TouchEvent) -> ResponderTrail {
        onMainActor((owner, touches, phase, event)) { owner, touches, phase, event in
            let set = Set(touches.map(UITouch.wrap))
            let uiEvent = UIEvent(event)
            uiEvent.trail = ResponderTrail(passed: [], responder: owner.responderName)
            switch phase {
            case .began: owner.touchesBegan(set, with: uiEvent)
            case .moved: owner.touchesMoved(set, with: uiEvent)
            case .ended: owner.touchesEnded(set, with: uiEvent)
            case .cancelled: owner.touchesCancelled(set, with: uiEvent)
            case .stationary: break
            }
            return uiEvent.trail ?? ResponderTrail(passed: [], responder: owner.responderName)
        }
    }
}

/// The name of `object`'s class when it is a class of the app's own, nil for GestureUIKit's classes.
func appClassName(of object: AnyObject) -> String? {
    let objectType: AnyObject.Type = type(of: object)
    return String(reflecting: objectType).hasPrefix("GestureUIKit.") ? nil : String(describing: objectType)
}
