// A stub of the few UIKit declarations GestureRecorder/UIKitAdapter.swift uses, with the same
// signatures as UIKit's, so that scripts/typecheck-uikit-adapter.sh can type-check the adapter on
// Linux. It is not UIKit: it says nothing about behaviour, and the real signatures may differ.
@_exported import Foundation
public struct Selector { public init() {} }
@MainActor open class UIResponder: NSObject {
    open func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {}
    open func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {}
    open func motionCancelled(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {}
}
@MainActor open class UIView: UIResponder {
    open var frame = CGRect.zero
    open var bounds = CGRect.zero
    open var isHidden = false
    open var alpha: CGFloat = 1
    open var isUserInteractionEnabled = true
    open var isMultipleTouchEnabled = false
    open var isExclusiveTouch = false
    open var clipsToBounds = false
    open var accessibilityIdentifier: String?
    open var gestureRecognizers: [UIGestureRecognizer]?
    open var subviews: [UIView] = []
}
@MainActor open class UIWindow: UIView { open func sendEvent(_ event: UIEvent) {} }
open class UIEvent: NSObject {
    public enum EventType { case touches, motion }
    public enum EventSubtype { case none, motionShake }
    open var type: EventType { .touches }
    open var timestamp: TimeInterval { 0 }
    open var allTouches: Set<UITouch>? { nil }
}
open class UITouch: NSObject {
    public enum Phase: Int { case began, moved, stationary, ended, cancelled, regionEntered }
    open var phase: Phase { .began }
    open func location(in view: UIView?) -> CGPoint { .zero }
    open var force: CGFloat { 0 }
    open var maximumPossibleForce: CGFloat { 0 }
    open var majorRadius: CGFloat { 0 }
}
@MainActor open class UIGestureRecognizer: NSObject {
    public enum State: Int { case possible, began, changed, ended, cancelled, failed }
    open var state: State = .possible
    open var view: UIView?
    open var name: String?
    open var isEnabled = true
    open var cancelsTouchesInView = true
    open var delaysTouchesBegan = false
    open var delaysTouchesEnded = true
    open var numberOfTouches: Int { 0 }
    open func location(in view: UIView?) -> CGPoint { .zero }
    open func addTarget(_ target: Any, action: Selector) {}
    open func removeTarget(_ target: Any?, action: Selector?) {}
}
@MainActor open class UITapGestureRecognizer: UIGestureRecognizer { open var numberOfTapsRequired = 1; open var numberOfTouchesRequired = 1 }
@MainActor open class UILongPressGestureRecognizer: UIGestureRecognizer { open var numberOfTapsRequired = 0; open var numberOfTouchesRequired = 1; open var minimumPressDuration: TimeInterval = 0.5; open var allowableMovement: CGFloat = 10 }
@MainActor open class UIPanGestureRecognizer: UIGestureRecognizer { open var minimumNumberOfTouches = 1; open var maximumNumberOfTouches = Int.max
    open func translation(in view: UIView?) -> CGPoint { .zero }; open func velocity(in view: UIView?) -> CGPoint { .zero } }
public struct UIRectEdge: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1); public static let left = UIRectEdge(rawValue: 2); public static let bottom = UIRectEdge(rawValue: 4); public static let right = UIRectEdge(rawValue: 8) }
@MainActor open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer { open var edges: UIRectEdge = [] }
@MainActor open class UISwipeGestureRecognizer: UIGestureRecognizer {
    public struct Direction: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1); public static let left = Direction(rawValue: 2); public static let up = Direction(rawValue: 4); public static let down = Direction(rawValue: 8) }
    open var direction: Direction = .right; open var numberOfTouchesRequired = 1 }
@MainActor open class UIPinchGestureRecognizer: UIGestureRecognizer { open var scale: CGFloat = 1; open var velocity: CGFloat { 0 } }
@MainActor open class UIRotationGestureRecognizer: UIGestureRecognizer { open var rotation: CGFloat = 0; open var velocity: CGFloat { 0 } }
