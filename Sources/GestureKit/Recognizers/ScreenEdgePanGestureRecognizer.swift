/// A pan that begins only from a touch that starts within `screenEdgeDistance` of one of its
/// `edges` of the screen (`UIScreenEdgePanGestureRecognizer`), a continuous gesture.
///
/// - At touch down, the touch's start location (in screen coordinates) must lie within
///   `screenEdgeDistance` (20 pt, choice; inclusive) of one of `edges`; otherwise the recognizer
///   fails at once, with the start point and the edges in the reason. A recognizer with no edges
///   fails every touch.
/// - From then on it is a one-finger ``PanGestureRecognizer``: it begins when the finger has moved
///   `panHysteresis` on either axis, reports translation and velocity like a pan, and ends when
///   the finger lifts. Further fingers are ignored.
///
/// ```swift
/// let back = ScreenEdgePanGestureRecognizer(name: "back", edges: [.left])
/// // down at (4, 400), dragged to (150, 400): began, changed…, ended
/// // down at (100, 400): failed at touch down
/// ```
///
/// See also: ``PanGestureRecognizer``, ``Thresholds/screenEdgeDistance``.
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The edges a touch may start from.
    public var edges: Set<ScreenEdge>

    /// Creates a screen-edge pan recognizer.
    ///
    /// - Parameters:
    ///   - name: The recognizer's name in the scene.
    ///   - edges: The edges a touch may start from.
    ///   - estimator: The velocity estimator.
    public init(name: String, edges: Set<ScreenEdge>, estimator: VelocityEstimatorKind = .uikit) {
        self.edges = edges
        super.init(name: name, minimumNumberOfTouches: 1, maximumNumberOfTouches: 1, estimator: estimator)
    }

    override open var kindName: String { "screenEdgePan" }

    override var ignoresExtraFingersBeforeBeginning: Bool { true }

    override func rejection(of touch: Touch) -> String? {
        guard !edges.isEmpty else { return "its edges are empty, so no touch starts at one" }
        guard let screen = environment?.screen else { return nil }
        let p = touch.startLocation
        let limit = thresholds.screenEdgeDistance
        let nearest = nearestEdge(of: p, screen: screen).distance
        if nearest <= limit + 1e-9 { return nil }
        let names = ScreenEdge.allCases.filter { edges.contains($0) }.map(\.rawValue)
        let which = names.count == 1 ? "the \(names[0]) edge" : "the " + names.dropLast().joined(separator: ", ") + " and \(names[names.count - 1]) edges"
        return "touch began at (\(format(p.x)), \(format(p.y))), \(format(nearest)) pt from \(which), farther than screenEdgeDistance \(format(limit)) pt"
    }

    /// "touched down 3 pt from the left edge, within screenEdgeDistance 20 pt; ".
    override func causePrefix() -> String {
        guard let screen = environment?.screen, let first = touches.first else { return "" }
        let nearest = nearestEdge(of: first.startLocation, screen: screen)
        guard let edge = nearest.edge else { return "" }
        return "touched down \(format(nearest.distance)) pt from the \(edge.rawValue) edge, within screenEdgeDistance "
            + "\(format(thresholds.screenEdgeDistance)) pt; "
    }

    /// The nearest of the recognizer's edges to `p` and its distance (the first of equal ones, in
    /// the order top, left, bottom, right).
    private func nearestEdge(of p: Point, screen: Size) -> (edge: ScreenEdge?, distance: Double) {
        let distances: [(ScreenEdge, Double)] = [
            (.top, p.y), (.left, p.x), (.bottom, screen.height - p.y), (.right, screen.width - p.x),
        ]
        var nearest: (edge: ScreenEdge?, distance: Double) = (nil, 0)
        for (edge, distance) in distances where edges.contains(edge) {
            if nearest.edge == nil || distance < nearest.distance { nearest = (edge, distance) }
        }
        return nearest
    }
}
