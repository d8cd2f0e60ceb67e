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

    /// The translation since the pan began (plus what `setTranslation(_:in:)` set), in `view`'s
    /// coordinates: a rotated or scaled view reads it rotated or scaled (window coordinates for nil).
    open func translation(in view: UIView?) -> CGPoint {
        let t = pan?.translation ?? .zero
        return Self.vector(Point(x: t.x + Double(translationOffset.x), y: t.y + Double(translationOffset.y)), in: view)
    }

    /// Makes the translation read `translation` in `view` from now on. Records keep the engine's own
    /// translation (what the fingers did), as `analyze` reports it without your app.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let t = pan?.translation ?? .zero
        let inWindow = Self.windowVector(translation.engine, from: view)
        translationOffset = CGPoint(x: inWindow.x - t.x, y: inWindow.y - t.y)
    }

    /// The velocity in points per second, in `view`'s coordinates (window coordinates for nil).
    open func velocity(in view: UIView?) -> CGPoint { Self.vector(pan?.velocity ?? .zero, in: view) }

    /// A window vector in `view`'s coordinates.
    static func vector(_ v: Point, in view: UIView?) -> CGPoint {
        guard let core = view?.core, core.isTransformedInWindow else { return CGPoint(v) }
        return CGPoint(core.convertFromWindow(v) - core.convertFromWindow(.zero))
    }

    /// A vector in `view`'s coordinates as a window vector.
    static func windowVector(_ v: Point, from view: UIView?) -> Point {
        guard let core = view?.core, core.isTransformedInWindow else { return v }
        return core.convertToWindow(v) - core.convertToWindow(.zero)
    }

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
