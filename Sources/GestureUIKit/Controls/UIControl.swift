import Foundation
import GestureKit

/// UIKit's `UIControl`, seen through the engine's control: tracking, control events and values are
/// the engine's (the control records), and a subclass's `beginTracking`, `continueTracking`,
/// `endTracking` and `cancelTracking` are called where UIKit calls them, with `super` giving the
/// engine's own behaviour. Targets and ``UIAction``s receive the events as the engine sends them.
///
/// A scene's control is a `UIControl` of its kind's class (`UIButton`, `UISwitch`, `UISlider`,
/// `UIStepper`, `UISegmentedControl`, `UIPageControl`), so `touch.view is UIControl` holds.
@preconcurrency @MainActor
open class UIControl: UIView {
    private var targets: [(target: AnyObject?, action: Selector, events: Event)] = []
    private var actionHandlers: [(action: UIAction, events: Event)] = []
    /// The engine's answer to the `beginTracking` in progress (what `super.beginTracking` returns).
    var defaultTrackingAnswer = true

    /// A control; made in code it is named after its class ("control", "button", …) unless named otherwise.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        let link = ControlLink(owner: self)
        controlCore.controlHost = link
    }

    /// Controls are not archived here: this returns nil.
    public required init?(coder: NSCoder) { return nil }

    /// A control whose primary action (sent on `primaryActionTriggered`) is `primaryAction`.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// A control keeps the touches it receives (it tracks them) rather than passing them up the
    /// responder chain, as UIKit's `UIControl` does: a superview's `touchesBegan` does not see them.
    override var keepsUnhandledTouches: Bool { true }

    /// The kind of engine control the class makes.
    class var controlKind: ControlKind { .control }

    override class func makeCore(frame: Rect) -> View {
        Control(name: "", frame: frame, description: ControlDescription(kind: controlKind))
    }

    /// The engine's control.
    public var controlCore: Control {
        // `makeCore` and `wrap` give a UIControl only an engine control.
        guard let control = core as? Control else { preconditionFailure("a UIControl views an engine Control") }
        return control
    }

    // MARK: State

    /// Whether the control takes touches and sends events.
    open var isEnabled: Bool {
        get { controlCore.isEnabled }
        set { controlCore.isEnabled = newValue }
    }

    /// Whether the control is selected (kept; the engine's controls do not use it).
    open var isSelected = false

    /// Whether the control is highlighted: the engine sets it while a touch is down and inside.
    open var isHighlighted: Bool {
        get { controlCore.isHighlighted }
        set { controlCore.isHighlighted = newValue }
    }

    /// Whether the control is tracking a touch.
    open var isTracking: Bool { controlCore.isTracking }

    /// Whether the tracked touch is inside the control (its bounds widened by `controlTouchSlop`).
    open var isTouchInside: Bool { controlCore.isTouchInside }

    /// The state: highlighted, disabled, selected.
    open var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    // MARK: Tracking (overrides the engine calls)

    /// A touch came down on the control: whether to track it. The default is the engine's answer
    /// (yes; a slider only for a touch on its knob). A no means no drag, up or value events for it.
    @discardableResult
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { defaultTrackingAnswer }

    /// The tracked touch moved: whether to go on tracking it (yes).
    @discardableResult
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }

    /// The tracked touch lifted (before the control's own end: a switch toggles after it).
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}

    /// The tracking was cancelled (a recognizer or scroll view took the touch).
    open func cancelTracking(with event: UIEvent?) {}

    // MARK: Targets and actions

    /// Adds a target and action for `controlEvents` (see ``UIControlActionTarget``: without the
    /// Objective-C runtime only targets adopting it receive the message).
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        targets.append((target.map { $0 as AnyObject }, action, controlEvents))
    }

    /// Removes a target and action for `controlEvents` (nil matches all).
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        let object = target.map { $0 as AnyObject }
        for index in targets.indices.reversed()
        where (object == nil || targets[index].target === object) && (action == nil || targets[index].action == action) {
            targets[index].events.subtract(controlEvents)
            if targets[index].events.isEmpty { targets.remove(at: index) }
        }
    }

    /// Adds an action for `controlEvents`; an action with the same identifier is replaced.
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        if let index = actionHandlers.firstIndex(where: { $0.action.identifier == action.identifier }) {
            actionHandlers[index].events.formUnion(controlEvents)
        } else {
            actionHandlers.append((action, controlEvents))
        }
    }

    /// Removes an action for `controlEvents`.
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Removes the action with `actionIdentifier` for `controlEvents`.
    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        for index in actionHandlers.indices.reversed() where actionHandlers[index].action.identifier == actionIdentifier {
            actionHandlers[index].events.subtract(controlEvents)
            if actionHandlers[index].events.isEmpty { actionHandlers.remove(at: index) }
        }
    }

    /// The targets added (a nil target appears as `NSNull`).
    open var allTargets: Set<AnyHashable> {
        Set(targets.map { entry in entry.target.map { AnyHashable(ObjectIdentifier($0)) } ?? AnyHashable(NSNull()) })
    }

    /// Every event some target or action is added for.
    open var allControlEvents: Event {
        (targets.map(\.events) + actionHandlers.map(\.events)).reduce([]) { $0.union($1) }
    }

    /// The selector names added for `target` and `controlEvent`, or nil for none.
    open func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
        let object = target.map { $0 as AnyObject }
        let names = targets.filter { $0.target === object && !$0.events.isDisjoint(with: controlEvent) }.map(\.action.description)
        return names.isEmpty ? nil : names
    }

    /// Sends `action` to `target` (a ``UIControlActionTarget``).
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        (target.map { $0 as AnyObject } as? UIControlActionTarget)?.perform(action, sender: self, event: event)
    }

    /// Runs `action`'s handler with this control as its sender.
    open func sendAction(_ action: UIAction) { action.perform(from: self) }

    /// Sends the actions of `controlEvents` (targets, then actions, each in the order added).
    open func sendActions(for controlEvents: Event) { send(controlEvents, event: nil) }

    /// Sends the actions of `controlEvents` with the touch event.
    func send(_ controlEvents: Event, event: UIEvent?) {
        for entry in targets where !entry.events.isDisjoint(with: controlEvents) {
            sendAction(entry.action, to: entry.target, for: event)
        }
        for entry in actionHandlers where !entry.events.isDisjoint(with: controlEvents) {
            sendAction(entry.action)
        }
    }

    /// The UIKit object of an engine control (made while `wrap` has it adopted): the class of its kind.
    static func wrapControl(_ control: Control) -> UIControl {
        switch control.kind {
        case .button: return UIButton(frame: .zero)
        case .switch: return UISwitch(frame: .zero)
        case .slider: return UISlider(frame: .zero)
        case .stepper: return UIStepper(frame: .zero)
        case .segmentedControl: return UISegmentedControl(frame: .zero)
        case .pageControl: return UIPageControl(frame: .zero)
        case .control: return UIControl(frame: .zero)
        }
    }
}
