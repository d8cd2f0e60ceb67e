/// A pan that begins only from a touch that starts within `screenEdgeDistance` of one of its
/// `edges` of the screen (`UIScreenEdgePanGestureRecognizer`).
public final class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The edges a touch may start from.
    public let edges: Set<ScreenEdge>

    /// Creates a screen-edge pan recognizer.
    public init(name: String, edges: Set<ScreenEdge>, estimator: VelocityEstimatorKind = .uikit) {
        self.edges = edges
        super.init(name: name, minimumNumberOfTouches: 1, maximumNumberOfTouches: 1, estimator: estimator)
    }

    override public var kindName: String { "screenEdgePan" }

    override func rejection(of touch: Touch) -> String? {
        guard let screen = environment?.screen else { return nil }
        let p = touch.startLocation
        let limit = thresholds.screenEdgeDistance
        let distances: [(ScreenEdge, Double)] = [
            (.top, p.y), (.left, p.x), (.bottom, screen.height - p.y), (.right, screen.width - p.x),
        ]
        for (edge, distance) in distances where edges.contains(edge) && distance <= limit { return nil }
        let names = ScreenEdge.allCases.filter { edges.contains($0) }.map(\.rawValue).joined(separator: ", ")
        return "touch began at (\(format(p.x)), \(format(p.y))), farther than screenEdgeDistance \(format(limit)) pt from the \(names) edge"
    }
}
