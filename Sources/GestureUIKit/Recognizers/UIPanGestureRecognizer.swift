import Foundation
import GestureKit

/// UIKit's `UIPanGestureRecognizer` over the engine's pan: a subclass that calls `super` gets the
/// engine's tracking, hysteresis, velocity, records and failure reasons unchanged.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    override class func makeCore() -> GestureRecognizer { PanGestureRecognizer(name: "") }

    private var pan: PanGestureRecognizer? { core as? PanGestureRecognizer }
    /// What `setTranslation(_:in:)` added to the engine's translation until the next reset.
    private var translationOffset = CGPoint.zero

    /// Fewest fingers that pan (1).
    open var minimumNumberOfTouches: Int {
        get { pan?.minimumNumberOfTouches ?? 1 }
        set {
            pan?.minimumNumberOfTouches = max(1, newValue)
            if let pan, pan.maximumNumberOfTouches < pan.minimumNumberOfTouches { pan.maximumNumberOfTouches = pan.minimumNumberOfTouches }
        }
    }

    /// Most fingers tracked (`Int.max`, UIKit's `NSUIntegerMax`).
    open var maximumNumberOfTouches: Int {
        get { pan?.maximumNumberOfTouches ?? Int.max }
        set { pan?.maximumNumberOfTouches = max(pan?.minimumNumberOfTouches ?? 1, newValue) }
    }

    /// The translation since the pan began (plus what `setTranslation(_:in:)` set). Views here are
    /// not transformed, so it is the same vector in every view.
    open func translation(in view: UIView?) -> CGPoint {
        let t = pan?.translation ?? .zero
        return CGPoint(x: CGFloat(t.x) + translationOffset.x, y: CGFloat(t.y) + translationOffset.y)
    }

    /// Makes the translation read `translation` from now on. Records keep the engine's own
    /// translation (what the fingers did), as `analyze` reports it without your app.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let t = pan?.translation ?? .zero
        translationOffset = CGPoint(x: translation.x - CGFloat(t.x), y: translation.y - CGFloat(t.y))
    }

    /// The velocity in points per second.
    open func velocity(in view: UIView?) -> CGPoint { CGPoint(pan?.velocity ?? .zero) }

    override func clearFigures() { translationOffset = .zero }
}

/// UIKit's `UIScreenEdgePanGestureRecognizer` over the engine's screen-edge pan.
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    override class func makeCore() -> GestureRecognizer { ScreenEdgePanGestureRecognizer(name: "", edges: []) }

    private var edgePan: ScreenEdgePanGestureRecognizer? { core as? ScreenEdgePanGestureRecognizer }

    /// The edges the pan must start from (none until set, as in UIKit).
    open var edges: UIRectEdge {
        get {
            var result: UIRectEdge = []
            for edge in edgePan?.edges ?? [] { result.insert(Self.edge(edge)) }
            return result
        }
        set {
            edgePan?.edges = Set(ScreenEdge.allCases.filter { newValue.contains(Self.edge($0)) })
        }
    }

    private static func edge(_ edge: ScreenEdge) -> UIRectEdge {
        switch edge {
        case .top: return .top
        case .left: return .left
        case .bottom: return .bottom
        case .right: return .right
        }
    }
}
