import Foundation
import GestureKit

/// UIKit's `UIGestureRecognizer`, with its names, types and defaults, over the engine's own
/// recognizer: arbitration, delivery, failure reasons and records are exactly the engine's.
///
/// Subclass it as on iOS: override the four `touches…(_:with:)` methods with `Set<UITouch>` and
/// `UIEvent`, set ``state``, clear your variables in ``reset()``. Everything a subclass does goes
/// through ``core``, the engine recognizer this object is seen through; the engine calls the
/// overrides back through it.
///
/// ```swift
/// final class TwoFingerTap: UIGestureRecognizer {
///     private var fingers = 0
///     override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
///         fingers = max(fingers, event.allTouches?.count ?? 0)
///     }
///     override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
///         guard numberOfTouches == 0 else { return }
///         state = fingers == 2 ? .recognized : .failed
///     }
///     override func reset() { fingers = 0 }
/// }
/// ```
@preconcurrency @MainActor
open class UIGestureRecognizer: NSObject {
    /// The engine recognizer this object is seen through (the engine runs it; a built-in of a scene
    /// when this object only views it).
    public let core: GestureRecognizer
    /// The strong reference that keeps a delegate bridge alive (recognizers hold delegates weakly).
    private var delegateBridge: DelegateBridge?
    private var targets: [(target: AnyObject?, action: Selector)] = []
    private var actions: [(UIGestureRecognizer) -> Void] = []
    private var explicitName: String?

    /// Creates a recognizer with a target and action (see ``Selector`` and
    /// ``UIGestureRecognizerActionTarget``: without the Objective-C runtime only targets adopting
    /// that protocol receive the action).
    public init(target: Any?, action: Selector?) {
        core = Self.makeCore()
        super.init()
        adopt()
        if let target, let action { addTarget(target, action: action) }
    }

    /// Creates a recognizer without a target.
    public override init() {
        core = Self.makeCore()
        super.init()
        adopt()
    }

    /// Views an engine recognizer that was not made through UIKit's names (a scene's built-in kind).
    init(viewing core: GestureRecognizer) {
        self.core = core
        super.init()
        core.compatibilityObject = self
    }

    /// The engine recognizer a class makes; built-in classes return their kind's.
    class func makeCore() -> GestureRecognizer { GestureRecognizer(name: "") }

    /// The engine recognizer's host, for a recognizer made through this class.
    var link: CoreLink? { core.host as? CoreLink }

    private func adopt() {
        core.name = String(describing: type(of: self))
        let link = CoreLink()
        link.owner = self
        core.host = link
    }

    // MARK: State and configuration

    /// The state (set it from a subclass; see ``requestState(_:)`` for changes UIKit does not allow).
    open var state: State {
        get { State(core.state) }
        set { requestState(newValue) }
    }

    /// The view the recognizer is attached to.
    open var view: UIView? { core.view.map(UIView.wrap) }

    /// A disabled recognizer receives no touches; disabling one in progress cancels it.
    open var isEnabled: Bool {
        get { core.isEnabled }
        set { core.isEnabled = newValue }
    }

    /// The delegate (held weakly, as in UIKit).
    open var delegate: (any UIGestureRecognizerDelegate)? {
        get { delegateBridge?.delegate ?? (core.delegate as? DelegateBridge)?.delegate }
        set {
            let bridge = newValue.map { DelegateBridge(weak: $0) }
            delegateBridge = bridge
            core.delegate = bridge
        }
    }

    /// The name (nil unless set; records use the scene's name, or the class name).
    open var name: String? {
        get { explicitName }
        set {
            explicitName = newValue
            if let newValue { core.name = newValue }
        }
    }

    /// Whether recognition cancels the touches in the view (true).
    open var cancelsTouchesInView: Bool {
        get { core.cancelsTouchesInView }
        set { core.cancelsTouchesInView = newValue }
    }

    /// Whether touches reach the view only after this recognizer fails (false).
    open var delaysTouchesBegan: Bool {
        get { core.delaysTouchesBegan }
        set { core.delaysTouchesBegan = newValue }
    }

    /// Whether touch ends reach the view only after this recognizer fails (true).
    open var delaysTouchesEnded: Bool {
        get { core.delaysTouchesEnded }
        set { core.delaysTouchesEnded = newValue }
    }

    /// Whether the recognizer takes only one touch type at a time (true). Kept, without effect:
    /// every touch of a trace is a direct touch.
    open var requiresExclusiveTouchType = true

    /// The touches down (the engine's count: 0 once the last finger has lifted).
    open var numberOfTouches: Int { core.numberOfTouches }

    /// The centroid of the touches in `view`'s coordinates (window coordinates for nil).
    open func location(in view: UIView?) -> CGPoint { CGPoint(core.location(in: view?.core)) }

    /// The location of touch `touchIndex` (0-based, in arrival order) in `view`'s coordinates.
    /// UIKit raises an exception for an index out of range; here it is `.zero`.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        let live = core.touches.filter { !$0.phase.isTerminal }
        guard live.indices.contains(touchIndex) else { return .zero }
        return CGPoint(live[touchIndex].location(in: view?.core))
    }

    // MARK: Targets and actions

    /// Adds a target and action; the action is sent on every change to began, changed, ended
    /// (recognized) and cancelled.
    open func addTarget(_ target: Any, action: Selector) {
        targets.append((target as AnyObject, action))
    }

    /// Removes a target and action (nil matches all).
    open func removeTarget(_ target: Any?, action: Selector?) {
        targets.removeAll { entry in
            (target == nil || entry.target === (target as AnyObject)) && (action == nil || entry.action == action)
        }
    }

    /// Adds a closure called wherever UIKit would send the action messages (the form for tests).
    open func addAction(_ handler: @escaping (UIGestureRecognizer) -> Void) {
        actions.append(handler)
    }

    /// The targets and actions added, in order (for tests: a selector cannot be performed here).
    public var targetActions: [(target: AnyObject?, action: Selector)] { targets }

    /// Sends the action messages (called by the engine on each reported transition but `failed`).
    func sendActions() {
        for entry in targets { (entry.target as? UIGestureRecognizerActionTarget)?.perform(entry.action, with: self) }
        for action in actions { action(self) }
    }

    // MARK: Relationships

    /// Makes this recognizer wait for `otherGestureRecognizer` to fail.
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        core.require(toFail: otherGestureRecognizer.core)
    }

    /// Whether this recognizer, by recognizing, may prevent `preventedGestureRecognizer`.
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        core.canPrevent(preventedGestureRecognizer.core)
    }

    /// Whether `preventingGestureRecognizer`, by recognizing, may prevent this recognizer.
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
        core.canBePrevented(by: preventingGestureRecognizer.core)
    }

    /// Whether this recognizer must wait for `otherGestureRecognizer` to fail (false). Asked when
    /// the two first share a touch; a yes then stays, as `require(toFail:)`.
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Whether `otherGestureRecognizer` must wait for this recognizer to fail (false). Asked when
    /// the two first share a touch; a yes then stays.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    // MARK: Subclass interface (UIKit.UIGestureRecognizerSubclass)

    /// Touches began; the built-in classes track them here, so subclasses call `super`.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { forward(.began, touches, event) }
    /// Touches moved.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { forward(.moved, touches, event) }
    /// Touches ended.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { forward(.ended, touches, event) }
    /// Touches were cancelled.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { forward(.cancelled, touches, event) }
    /// Estimated touch properties were updated; traces have none, so it is never called.
    open func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {}

    /// Clears the subclass's variables when the recognizer returns to `possible`. The engine has
    /// already reset its own part, so forgetting `super.reset()` loses nothing.
    open func reset() {}

    /// Stops delivering `touch` to this recognizer.
    open func ignore(_ touch: UITouch, for event: UIEvent) { core.ignore(touch.core) }

    /// Forgets what the app set on the figures (`setTranslation`, `scale`, `rotation`) at a reset.
    func clearFigures() {}

    private func forward(_ phase: TouchPhase, _ touches: Set<UITouch>, _ event: UIEvent) {
        guard let link else { return }
        core.touches(link.ordered(touches, event), in: phase, with: event.core)
    }
}

extension UIGestureRecognizer {
    /// The UIKit object of an engine recognizer (`engine.recognizer(named:)`): the subclass it was
    /// made through, or a view of a built-in with its UIKit class.
    public static func of(_ engineRecognizer: GestureRecognizer) -> UIGestureRecognizer { wrap(engineRecognizer) }

    /// The UIKit object of an engine recognizer: the one it was made through, or a new view of it
    /// with the UIKit class of its kind.
    static func wrap(_ core: GestureRecognizer) -> UIGestureRecognizer {
        if let link = core.host as? CoreLink, let owner = link.owner { return owner }
        if let existing = core.compatibilityObject as? UIGestureRecognizer { return existing }
        switch core {
        case is ScreenEdgePanGestureRecognizer: return UIScreenEdgePanGestureRecognizer(viewing: core)
        case is PanGestureRecognizer: return UIPanGestureRecognizer(viewing: core)
        case is TapGestureRecognizer: return UITapGestureRecognizer(viewing: core)
        case is LongPressGestureRecognizer: return UILongPressGestureRecognizer(viewing: core)
        case is SwipeGestureRecognizer: return UISwipeGestureRecognizer(viewing: core)
        case is PinchGestureRecognizer: return UIPinchGestureRecognizer(viewing: core)
        case is RotationGestureRecognizer: return UIRotationGestureRecognizer(viewing: core)
        default: return UIGestureRecognizer(viewing: core)
        }
    }

    /// Establishes the failure requirements `shouldRequireFailure(of:)`, `shouldBeRequiredToFail(by:)`
    /// and the delegates' methods ask for, with every recognizer that receives these new touches.
    func establishDynamicRequirements(_ touches: [Touch]) {
        for touch in touches {
            for otherCore in touch.gestureRecognizers where otherCore !== core {
                let other = UIGestureRecognizer.wrap(otherCore)
                if shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: self)
                    || delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
                    || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true
                {
                    core.require(toFail: otherCore)
                }
                if shouldBeRequiredToFail(by: other) || other.shouldRequireFailure(of: self)
                    || delegate?.gestureRecognizer(self, shouldBeRequiredToFailBy: other) == true
                    || other.delegate?.gestureRecognizer(other, shouldRequireFailureOf: self) == true
                {
                    otherCore.require(toFail: core)
                }
            }
        }
    }
}
