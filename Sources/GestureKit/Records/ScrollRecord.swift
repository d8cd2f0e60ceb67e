/// What a `UIScrollViewDelegate` hears, as scroll records name it.
public enum ScrollEvent: String, Sendable, CaseIterable {
    case willBeginDragging, didScroll, willEndDragging, didEndDragging, willBeginDecelerating, didEndDecelerating
    case didZoom, didEndZooming
}

/// One scroll-view delegate call (`"type":"scroll"`).
public struct ScrollRecord: Hashable, Sendable {
    /// The time of the call.
    public var t: Double
    /// The scroll view's name.
    public var scrollView: String
    /// The delegate method.
    public var event: ScrollEvent
    /// The content offset after the event.
    public var contentOffset: Point
    /// On `willEndDragging` and `willBeginDecelerating`: the rate at which the content offset
    /// changes, in points per second (positive while the offset grows).
    public var velocity: Point?
    /// On `willEndDragging`: where deceleration or paging will stop.
    public var targetContentOffset: Point?
    /// On `didEndDragging`: whether deceleration follows.
    public var decelerate: Bool?
    /// On zoom events: the zoom scale.
    public var zoomScale: Double?

    /// Creates a record.
    public init(t: Double, scrollView: String, event: ScrollEvent, contentOffset: Point) {
        self.t = t
        self.scrollView = scrollView
        self.event = event
        self.contentOffset = contentOffset
    }
}
