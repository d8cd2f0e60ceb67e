import Foundation
import GestureKit

/// UIKit's `UITapGestureRecognizer` over the engine's tap.
open class UITapGestureRecognizer: UIGestureRecognizer {
    override class func makeCore() -> GestureRecognizer { TapGestureRecognizer(name: "") }

    private var tap: TapGestureRecognizer? { core as? TapGestureRecognizer }

    /// Taps needed (1).
    open var numberOfTapsRequired: Int {
        get { tap?.numberOfTapsRequired ?? 1 }
        set { tap?.numberOfTapsRequired = max(1, newValue) }
    }

    /// Fingers needed in each tap (1).
    open var numberOfTouchesRequired: Int {
        get { tap?.numberOfTouchesRequired ?? 1 }
        set { tap?.numberOfTouchesRequired = max(1, newValue) }
    }
}

/// UIKit's `UILongPressGestureRecognizer` over the engine's long press.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    override class func makeCore() -> GestureRecognizer { LongPressGestureRecognizer(name: "") }

    private var press: LongPressGestureRecognizer? { core as? LongPressGestureRecognizer }

    /// Seconds the fingers must stay down (0.5).
    open var minimumPressDuration: TimeInterval {
        get { press?.minimumPressDuration ?? 0.5 }
        set { press?.minimumPressDuration = max(0, newValue) }
    }

    /// Points the fingers may move before the press fails (10).
    open var allowableMovement: CGFloat {
        get { CGFloat(press?.allowableMovement ?? 10) }
        set { press?.allowableMovement = max(0, Double(newValue)) }
    }

    /// Fingers needed (1).
    open var numberOfTouchesRequired: Int {
        get { press?.numberOfTouchesRequired ?? 1 }
        set { press?.numberOfTouchesRequired = max(1, newValue) }
    }

    /// Taps before the press (0).
    open var numberOfTapsRequired: Int {
        get { press?.numberOfTapsRequired ?? 0 }
        set { press?.numberOfTapsRequired = max(0, newValue) }
    }
}

/// UIKit's `UISwipeGestureRecognizer` over the engine's swipe.
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    override class func makeCore() -> GestureRecognizer { SwipeGestureRecognizer(name: "") }

    private var swipe: SwipeGestureRecognizer? { core as? SwipeGestureRecognizer }

    /// The directions of a swipe (`UISwipeGestureRecognizer.Direction`), an option set with UIKit's raw values.
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        /// Creates a direction set.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions accepted (`.right`).
    open var direction: Direction {
        get {
            var result: Direction = []
            for d in swipe?.direction ?? [.right] { result.insert(Self.direction(d)) }
            return result
        }
        set { swipe?.direction = Set(SwipeDirection.allCases.filter { newValue.contains(Self.direction($0)) }) }
    }

    /// Fingers needed (1).
    open var numberOfTouchesRequired: Int {
        get { swipe?.numberOfTouchesRequired ?? 1 }
        set { swipe?.numberOfTouchesRequired = max(1, newValue) }
    }

    private static func direction(_ d: SwipeDirection) -> Direction {
        switch d {
        case .right: return .right
        case .left: return .left
        case .up: return .up
        case .down: return .down
        }
    }
}

/// UIKit's `UIPinchGestureRecognizer` over the engine's pinch.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    override class func makeCore() -> GestureRecognizer { PinchGestureRecognizer(name: "") }

    private var pinch: PinchGestureRecognizer? { core as? PinchGestureRecognizer }
    /// What setting `scale` multiplied the engine's scale by, until the next reset.
    private var scaleFactor: CGFloat = 1

    /// The finger distance over the distance when the pinch started (setting it rescales what
    /// it reads from now on; records keep the engine's own scale).
    open var scale: CGFloat {
        get { CGFloat(pinch?.scale ?? 1) * scaleFactor }
        set {
            let engine = CGFloat(pinch?.scale ?? 1)
            scaleFactor = engine == 0 ? 1 : newValue / engine
        }
    }

    /// The scale's rate of change per second.
    open var velocity: CGFloat { CGFloat(pinch?.velocity ?? 0) }

    override func clearFigures() { scaleFactor = 1 }
}

/// UIKit's `UIRotationGestureRecognizer` over the engine's rotation.
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    override class func makeCore() -> GestureRecognizer { RotationGestureRecognizer(name: "") }

    private var turn: RotationGestureRecognizer? { core as? RotationGestureRecognizer }
    /// What setting `rotation` added to the engine's rotation, until the next reset.
    private var rotationOffset: CGFloat = 0

    /// Radians turned, clockwise on screen (setting it changes what it reads from now on; records
    /// keep the engine's own rotation).
    open var rotation: CGFloat {
        get { CGFloat(turn?.rotation ?? 0) + rotationOffset }
        set { rotationOffset = newValue - CGFloat(turn?.rotation ?? 0) }
    }

    /// Radians per second.
    open var velocity: CGFloat { CGFloat(turn?.velocity ?? 0) }

    override func clearFigures() { rotationOffset = 0 }
}
