import GestureKit

// The engine recognizers made through UIKit's classes: each built-in kind's engine class with its
// touch methods, reset and prevention questions passed to the UIKit object (CoreLink), and
// `base…` reaching the engine's own implementation for the UIKit classes' `super`.

/// The engine recognizer of a UIKit `base` class.
final class BaseCore: GestureRecognizer, UIKitCore {
    let link = CoreLink()
    override var kindName: String { link.kind ?? super.kindName }
    override func touchesBegan(_ t: [Touch], with e: TouchEvent) { link.deliver(.began, t, e, self) }
    override func touchesMoved(_ t: [Touch], with e: TouchEvent) { link.deliver(.moved, t, e, self) }
    override func touchesEnded(_ t: [Touch], with e: TouchEvent) { link.deliver(.ended, t, e, self) }
    override func touchesCancelled(_ t: [Touch], with e: TouchEvent) { link.deliver(.cancelled, t, e, self) }
    override func reset() {
        super.reset()
        link.reset()
    }
    override func describe(_ record: inout TransitionRecord) {
        super.describe(&record)
        link.didDescribe()
    }
    override func canPrevent(_ o: GestureRecognizer) -> Bool { link.canPrevent(o, self) }
    override func canBePrevented(by o: GestureRecognizer) -> Bool { link.canBePrevented(by: o, self) }
    func baseCanPrevent(_ o: GestureRecognizer) -> Bool { super.canPrevent(o) }
    func baseCanBePrevented(by o: GestureRecognizer) -> Bool { super.canBePrevented(by: o) }
    func base(_ phase: TouchPhase, _ t: [Touch], _ e: TouchEvent) {
        switch phase {
        case .began: super.touchesBegan(t, with: e)
        case .moved: super.touchesMoved(t, with: e)
        case .ended: super.touchesEnded(t, with: e)
        case .cancelled: super.touchesCancelled(t, with: e)
        case .stationary: break
        }
    }
}

/// The engine recognizer of a UIKit `Tap` class.
final class TapCore: TapGestureRecognizer, UIKitCore {
    let link = CoreLink()
    override var kindName: String { link.kind ?? super.kindName }
    override func touchesBegan(_ t: [Touch], with e: TouchEvent) { link.deliver(.began, t, e, self) }
    override func touchesMoved(_ t: [Touch], with e: TouchEvent) { link.deliver(.moved, t, e, self) }
    override func touchesEnded(_ t: [Touch], with e: TouchEvent) { link.deliver(.ended, t, e, self) }
    override func touchesCancelled(_ t: [Touch], with e: TouchEvent) { link.deliver(.cancelled, t, e, self) }
    override func reset() {
        super.reset()
        link.reset()
    }
    override func describe(_ record: inout TransitionRecord) {
        super.describe(&record)
        link.didDescribe()
    }
    override func canPrevent(_ o: GestureRecognizer) -> Bool { link.canPrevent(o, self) }
    override func canBePrevented(by o: GestureRecognizer) -> Bool { link.canBePrevented(by: o, self) }
    func baseCanPrevent(_ o: GestureRecognizer) -> Bool { super.canPrevent(o) }
    func baseCanBePrevented(by o: GestureRecognizer) -> Bool { super.canBePrevented(by: o) }
    func base(_ phase: TouchPhase, _ t: [Touch], _ e: TouchEvent) {
        switch phase {
        case .began: super.touchesBegan(t, with: e)
        case .moved: super.touchesMoved(t, with: e)
        case .ended: super.touchesEnded(t, with: e)
        case .cancelled: super.touchesCancelled(t, with: e)
        case .stationary: break
        }
    }
}

/// The engine recognizer of a UIKit `LongPress` class.
final class LongPressCore: LongPressGestureRecognizer, UIKitCore {
    let link = CoreLink()
    override var kindName: String { link.kind ?? super.kindName }
    override func touchesBegan(_ t: [Touch], with e: TouchEvent) { link.deliver(.began, t, e, self) }
    override func touchesMoved(_ t: [Touch], with e: TouchEvent) { link.deliver(.moved, t, e, self) }
    override func touchesEnded(_ t: [Touch], with e: TouchEvent) { link.deliver(.ended, t, e, self) }
    override func touchesCancelled(_ t: [Touch], with e: TouchEvent) { link.deliver(.cancelled, t, e, self) }
    override func reset() {
        super.reset()
        link.reset()
    }
    override func describe(_ record: inout TransitionRecord) {
        super.describe(&record)
        link.didDescribe()
    }
    override func canPrevent(_ o: GestureRecognizer) -> Bool { link.canPrevent(o, self) }
    override func canBePrevented(by o: GestureRecognizer) -> Bool { link.canBePrevented(by: o, self) }
    func baseCanPrevent(_ o: GestureRecognizer) -> Bool { super.canPrevent(o) }
    func baseCanBePrevented(by o: GestureRecognizer) -> Bool { super.canBePrevented(by: o) }
    func base(_ phase: TouchPhase, _ t: [Touch], _ e: TouchEvent) {
        switch phase {
        case .began: super.touchesBegan(t, with: e)
        case .moved: super.touchesMoved(t, with: e)
        case .ended: super.touchesEnded(t, with: e)
        case .cancelled: super.touchesCancelled(t, with: e)
        case .stationary: break
        }
    }
}

/// The engine recognizer of a UIKit `Pan` class.
final class PanCore: PanGestureRecognizer, UIKitCore {
    let link = CoreLink()
    override var kindName: String { link.kind ?? super.kindName }
    override func touchesBegan(_ t: [Touch], with e: TouchEvent) { link.deliver(.began, t, e, self) }
    override func touchesMoved(_ t: [Touch], with e: TouchEvent) { link.deliver(.moved, t, e, self) }
    override func touchesEnded(_ t: [Touch], with e: TouchEvent) { link.deliver(.ended, t, e, self) }
    override func touchesCancelled(_ t: [Touch], with e: TouchEvent) { link.deliver(.cancelled, t, e, self) }
    override func reset() {
        super.reset()
        link.reset()
    }
    override func describe(_ record: inout TransitionRecord) {
        super.describe(&record)
        link.didDescribe()
    }
    override func canPrevent(_ o: GestureRecognizer) -> Bool { link.canPrevent(o, self) }
    override func canBePrevented(by o: GestureRecognizer) -> Bool { link.canBePrevented(by: o, self) }
    func baseCanPrevent(_ o: GestureRecognizer) -> Bool { super.canPrevent(o) }
    func baseCanBePrevented(by o: GestureRecognizer) -> Bool { super.canBePrevented(by: o) }
    func base(_ phase: TouchPhase, _ t: [Touch], _ e: TouchEvent) {
        switch phase {
        case .began: super.touchesBegan(t, with: e)
        case .moved: super.touchesMoved(t, with: e)
        case .ended: super.touchesEnded(t, with: e)
        case .cancelled: super.touchesCancelled(t, with: e)
        case .stationary: break
        }
    }
}

/// The engine recognizer of a UIKit `ScreenEdgePan` class.
final class ScreenEdgePanCore: ScreenEdgePanGestureRecognizer, UIKitCore {
    let link = CoreLink()
    override var kindName: String { link.kind ?? super.kindName }
    override func touchesBegan(_ t: [Touch], with e: TouchEvent) { link.deliver(.began, t, e, self) }
    override func touchesMoved(_ t: [Touch], with e: TouchEvent) { link.deliver(.moved, t, e, self) }
    override func touchesEnded(_ t: [Touch], with e: TouchEvent) { link.deliver(.ended, t, e, self) }
    override func touchesCancelled(_ t: [Touch], with e: TouchEvent) { link.deliver(.cancelled, t, e, self) }
    override func reset() {
        super.reset()
        link.reset()
    }
    override func describe(_ record: inout TransitionRecord) {
        super.describe(&record)
        link.didDescribe()
    }
    override func canPrevent(_ o: GestureRecognizer) -> Bool { link.canPrevent(o, self) }
    override func canBePrevented(by o: GestureRecognizer) -> Bool { link.canBePrevented(by: o, self) }
    func baseCanPrevent(_ o: GestureRecognizer) -> Bool { super.canPrevent(o) }
    func baseCanBePrevented(by o: GestureRecognizer) -> Bool { super.canBePrevented(by: o) }
    func base(_ phase: TouchPhase, _ t: [Touch], _ e: TouchEvent) {
        switch phase {
        case .began: super.touchesBegan(t, with: e)
        case .moved: super.touchesMoved(t, with: e)
        case .ended: super.touchesEnded(t, with: e)
        case .cancelled: super.touchesCancelled(t, with: e)
        case .stationary: break
        }
    }
}

/// The engine recognizer of a UIKit `Swipe` class.
final class SwipeCore: SwipeGestureRecognizer, UIKitCore {
    let link = CoreLink()
    override var kindName: String { link.kind ?? super.kindName }
    override func touchesBegan(_ t: [Touch], with e: TouchEvent) { link.deliver(.began, t, e, self) }
    override func touchesMoved(_ t: [Touch], with e: TouchEvent) { link.deliver(.moved, t, e, self) }
    override func touchesEnded(_ t: [Touch], with e: TouchEvent) { link.deliver(.ended, t, e, self) }
    override func touchesCancelled(_ t: [Touch], with e: TouchEvent) { link.deliver(.cancelled, t, e, self) }
    override func reset() {
        super.reset()
        link.reset()
    }
    override func describe(_ record: inout TransitionRecord) {
        super.describe(&record)
        link.didDescribe()
    }
    override func canPrevent(_ o: GestureRecognizer) -> Bool { link.canPrevent(o, self) }
    override func canBePrevented(by o: GestureRecognizer) -> Bool { link.canBePrevented(by: o, self) }
    func baseCanPrevent(_ o: GestureRecognizer) -> Bool { super.canPrevent(o) }
    func baseCanBePrevented(by o: GestureRecognizer) -> Bool { super.canBePrevented(by: o) }
    func base(_ phase: TouchPhase, _ t: [Touch], _ e: TouchEvent) {
        switch phase {
        case .began: super.touchesBegan(t, with: e)
        case .moved: super.touchesMoved(t, with: e)
        case .ended: super.touchesEnded(t, with: e)
        case .cancelled: super.touchesCancelled(t, with: e)
        case .stationary: break
        }
    }
}

/// The engine recognizer of a UIKit `Pinch` class.
final class PinchCore: PinchGestureRecognizer, UIKitCore {
    let link = CoreLink()
    override var kindName: String { link.kind ?? super.kindName }
    override func touchesBegan(_ t: [Touch], with e: TouchEvent) { link.deliver(.began, t, e, self) }
    override func touchesMoved(_ t: [Touch], with e: TouchEvent) { link.deliver(.moved, t, e, self) }
    override func touchesEnded(_ t: [Touch], with e: TouchEvent) { link.deliver(.ended, t, e, self) }
    override func touchesCancelled(_ t: [Touch], with e: TouchEvent) { link.deliver(.cancelled, t, e, self) }
    override func reset() {
        super.reset()
        link.reset()
    }
    override func describe(_ record: inout TransitionRecord) {
        super.describe(&record)
        link.didDescribe()
    }
    override func canPrevent(_ o: GestureRecognizer) -> Bool { link.canPrevent(o, self) }
    override func canBePrevented(by o: GestureRecognizer) -> Bool { link.canBePrevented(by: o, self) }
    func baseCanPrevent(_ o: GestureRecognizer) -> Bool { super.canPrevent(o) }
    func baseCanBePrevented(by o: GestureRecognizer) -> Bool { super.canBePrevented(by: o) }
    func base(_ phase: TouchPhase, _ t: [Touch], _ e: TouchEvent) {
        switch phase {
        case .began: super.touchesBegan(t, with: e)
        case .moved: super.touchesMoved(t, with: e)
        case .ended: super.touchesEnded(t, with: e)
        case .cancelled: super.touchesCancelled(t, with: e)
        case .stationary: break
        }
    }
}

/// The engine recognizer of a UIKit `Rotation` class.
final class RotationCore: RotationGestureRecognizer, UIKitCore {
    let link = CoreLink()
    override var kindName: String { link.kind ?? super.kindName }
    override func touchesBegan(_ t: [Touch], with e: TouchEvent) { link.deliver(.began, t, e, self) }
    override func touchesMoved(_ t: [Touch], with e: TouchEvent) { link.deliver(.moved, t, e, self) }
    override func touchesEnded(_ t: [Touch], with e: TouchEvent) { link.deliver(.ended, t, e, self) }
    override func touchesCancelled(_ t: [Touch], with e: TouchEvent) { link.deliver(.cancelled, t, e, self) }
    override func reset() {
        super.reset()
        link.reset()
    }
    override func describe(_ record: inout TransitionRecord) {
        super.describe(&record)
        link.didDescribe()
    }
    override func canPrevent(_ o: GestureRecognizer) -> Bool { link.canPrevent(o, self) }
    override func canBePrevented(by o: GestureRecognizer) -> Bool { link.canBePrevented(by: o, self) }
    func baseCanPrevent(_ o: GestureRecognizer) -> Bool { super.canPrevent(o) }
    func baseCanBePrevented(by o: GestureRecognizer) -> Bool { super.canBePrevented(by: o) }
    func base(_ phase: TouchPhase, _ t: [Touch], _ e: TouchEvent) {
        switch phase {
        case .began: super.touchesBegan(t, with: e)
        case .moved: super.touchesMoved(t, with: e)
        case .ended: super.touchesEnded(t, with: e)
        case .cancelled: super.touchesCancelled(t, with: e)
        case .stationary: break
        }
    }
}
