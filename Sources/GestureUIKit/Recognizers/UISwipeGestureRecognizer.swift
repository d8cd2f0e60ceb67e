import Foundation
import GestureKit

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
