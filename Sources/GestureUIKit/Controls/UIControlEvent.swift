import GestureKit

extension UIControl {
    /// The events a control sends (`UIControl.Event`), with UIKit's raw values.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)

        /// The event of an engine control record.
        init(_ event: ControlEvent) {
            switch event {
            case .touchDown: self = .touchDown
            case .touchDownRepeat: self = .touchDownRepeat
            case .touchDragInside: self = .touchDragInside
            case .touchDragOutside: self = .touchDragOutside
            case .touchDragEnter: self = .touchDragEnter
            case .touchDragExit: self = .touchDragExit
            case .touchUpInside: self = .touchUpInside
            case .touchUpOutside: self = .touchUpOutside
            case .touchCancel: self = .touchCancel
            case .valueChanged: self = .valueChanged
            case .primaryActionTriggered: self = .primaryActionTriggered
            }
        }
    }

    /// A control's state (`UIControl.State`), with UIKit's raw values.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
        public static let application = State(rawValue: 0x00FF_0000)
        public static let reserved = State(rawValue: 0xFF00_0000)
    }
}

/// A target that receives a control's action messages by name, since without the Objective-C
/// runtime a selector cannot be performed: ``UIControl/addTarget(_:action:for:)`` calls
/// ``perform(_:sender:event:)`` on targets that adopt this protocol and records the others only
/// (``UIControl/actions(forTarget:forControlEvent:)`` lists them).
@preconcurrency @MainActor
public protocol UIControlActionTarget: AnyObject {
    /// Called with the action's selector, the control that sent it and the touch event (nil when
    /// sent by `sendActions(for:)`).
    func perform(_ action: Selector, sender: UIControl, event: UIEvent?)
}
