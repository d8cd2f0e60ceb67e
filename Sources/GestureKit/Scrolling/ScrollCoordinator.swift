/// Scrolling: the content offset following a scroll view's pan, and what its delegate hears
/// (``ScrollRecord``): `willBeginDragging`, `didScroll` at each event that moved the content,
/// `willEndDragging` with the velocity and target offset, `didEndDragging`, then, when the
/// content still moves, `willBeginDecelerating`, `didScroll` once per frame and
/// `didEndDecelerating` when it comes to rest (``ScrollAnimation``). Its pinch zooms
/// (`didZoom`, `didEndZooming`).
///
/// The engine has one only when the scene has scroll views.
final class ScrollCoordinator {
    private let clock: VirtualClock
    /// Receives each scroll record.
    let emit: (ScrollRecord) -> Void

    init(clock: VirtualClock, emit: @escaping (ScrollRecord) -> Void) {
        self.clock = clock
        self.emit = emit
    }

    private func send(_ event: ScrollEvent, _ scrollView: ScrollView, _ configure: (inout ScrollRecord) -> Void = { _ in }) {
        var record = ScrollRecord(t: clock.now, scrollView: scrollView.name, event: event, contentOffset: scrollView.contentOffset)
        configure(&record)
        emit(record)
        if let host = scrollView.scrollHost { host.scrollView(scrollView, didReport: record) }
    }

    /// UIKit code set the content offset (``ScrollView/setContentOffset(_:)``).
    func didSetContentOffset(_ scrollView: ScrollView) {
        send(.didScroll, scrollView)
    }

    /// UIKit code set the zoom scale (``ScrollView/setZoomScale(_:)``).
    func didSetZoomScale(_ scrollView: ScrollView) {
        send(.didZoom, scrollView) { $0.zoomScale = scrollView.zoomScale }
    }

    /// Follows the transitions of the scroll views' own recognizers.
    func recognizer(_ r: GestureRecognizer, didEnter state: RecognizerState) {
        if let pan = r as? ScrollViewPanGestureRecognizer, let scrollView = pan.scrollView {
            switch state {
            case .began: beginDragging(scrollView, pan)
            case .changed: drag(scrollView, pan)
            case .ended: endDragging(scrollView, pan, cancelled: false)
            case .cancelled: endDragging(scrollView, pan, cancelled: true)
            default: break
            }
        } else if let pinch = r as? PinchGestureRecognizer, let scrollView = pinch.view as? ScrollView,
            scrollView.pinchGestureRecognizer === pinch
        {
            zoom(scrollView, pinch, state)
        }
    }

    /// A touch came down: a scroll view under it that is decelerating stops where it is, as
    /// UIKit's does (its delegate hears nothing of it).
    func touchDown(_ touch: Touch) {
        var view = touch.view
        while let current = view {
            if let scrollView = current as? ScrollView, scrollView.motion.animation != nil { stop(scrollView) }
            view = current.superview
        }
    }

    // MARK: Dragging

    private func beginDragging(_ scrollView: ScrollView, _ pan: ScrollViewPanGestureRecognizer) {
        stop(scrollView)
        scrollView.motion.dragStart = scrollView.contentOffset
        scrollView.motion.lastMove = clock.now
        scrollView.motion.lock = nil
        scrollView.motion.dragging = true
        scrollView.motion.translation = .zero
        if scrollView.settings.directionalLockEnabled, scrollView.scrollsHorizontally, scrollView.scrollsVertically,
            let touch = pan.touches.first
        {
            let moved = touch.windowLocation - touch.startLocation
            scrollView.motion.lock = abs(moved.x) > abs(moved.y) ? .horizontal : .vertical
        }
        send(.willBeginDragging, scrollView)
        follow(scrollView, pan.translation)
    }

    private func drag(_ scrollView: ScrollView, _ pan: ScrollViewPanGestureRecognizer) {
        scrollView.motion.lastMove = clock.now
        follow(scrollView, pan.translation)
    }

    /// `v` with the axes the scroll view does not scroll along set to zero.
    private func scrollable(_ v: Point, _ scrollView: ScrollView) -> Point {
        let lock = scrollView.motion.lock
        return Point(
            x: scrollView.scrollsHorizontally && lock != .vertical ? v.x : 0,
            y: scrollView.scrollsVertically && lock != .horizontal ? v.y : 0)
    }

    private func follow(_ scrollView: ScrollView, _ translation: Point) {
        let moved = scrollable(translation, scrollView)
        scrollView.motion.translation = moved
        let offset = scrollView.constrained(scrollView.motion.dragStart - moved)
        guard offset != scrollView.contentOffset else { return }
        scrollView.contentOffset = offset
        send(.didScroll, scrollView)
    }

    private func endDragging(_ scrollView: ScrollView, _ pan: ScrollViewPanGestureRecognizer, cancelled: Bool) {
        if pan.touches.contains(where: { $0.phase == .ended && $0.windowLocation != $0.previousWindowLocation }) {
            scrollView.motion.lastMove = clock.now
        }
        // The lift's own movement still moves the content.
        if !cancelled { follow(scrollView, pan.translation) }
        var velocity = scrollable(pan.velocity * -1, scrollView)
        // A finger that rested before lifting throws nothing (see scrollVelocityWindow).
        if cancelled || clock.now - scrollView.motion.lastMove >= scrollView.thresholds.scrollVelocityWindow { velocity = .zero }
        var plan = ScrollAnimation.plan(scrollView, velocity: velocity, at: clock.now)
        let proposed = plan?.target ?? scrollView.contentOffset
        if let host = scrollView.scrollHost {
            // The delegate may move the target (UIKit passes the velocity in points per millisecond).
            var target = proposed
            host.scrollView(scrollView, willEndDraggingWithVelocity: velocity / 1000, targetContentOffset: &target)
            if target != proposed { plan = ScrollAnimation.plan(scrollView, toward: target, velocity: velocity, at: clock.now) }
        }
        send(.willEndDragging, scrollView) { record in
            record.velocity = velocity
            record.targetContentOffset = proposed
        }
        scrollView.motion.dragging = false
        send(.didEndDragging, scrollView) { $0.decelerate = plan != nil }
        guard let plan else { return }
        send(.willBeginDecelerating, scrollView) { $0.velocity = velocity }
        scrollView.motion.animation = plan
        scheduleFrame(scrollView, 1)
    }

    // MARK: Deceleration

    private func scheduleFrame(_ scrollView: ScrollView, _ frame: Int) {
        guard let animation = scrollView.motion.animation else { return }
        let frameTime = animation.start + Double(frame) / scrollView.settings.scrollFrameRate
        let last = frameTime >= animation.end
        scrollView.motion.timer = clock.schedule(at: last ? animation.end : frameTime, owner: scrollView) { [unowned self, unowned scrollView] in
            scrollView.motion.timer = nil
            if last {
                scrollView.contentOffset = animation.target
                scrollView.motion.animation = nil
                send(.didScroll, scrollView)
                send(.didEndDecelerating, scrollView)
            } else {
                let offset = animation.offset(at: frameTime)
                if offset != scrollView.contentOffset {
                    scrollView.contentOffset = offset
                    send(.didScroll, scrollView)
                }
                scheduleFrame(scrollView, frame + 1)
            }
        }
    }

    /// Stops a deceleration, bounce back or paging under way where the content is.
    func stop(_ scrollView: ScrollView) {
        if let timer = scrollView.motion.timer { clock.cancel(timer) }
        scrollView.motion.timer = nil
        scrollView.motion.animation = nil
    }

    // MARK: Zooming

    private func zoom(_ scrollView: ScrollView, _ pinch: PinchGestureRecognizer, _ state: RecognizerState) {
        switch state {
        case .began:
            scrollView.motion.zoomStart = scrollView.zoomScale
            if let host = scrollView.scrollHost { host.scrollViewWillBeginZooming(scrollView) }
            fallthrough
        case .changed:
            let settings = scrollView.settings
            let scale = min(max(scrollView.motion.zoomStart * pinch.scale, settings.minimumZoomScale), settings.maximumZoomScale)
            guard scale != scrollView.zoomScale else { return }
            scrollView.zoomScale = scale
            send(.didZoom, scrollView) { $0.zoomScale = scale }
        case .ended, .cancelled:
            send(.didEndZooming, scrollView) { $0.zoomScale = scrollView.zoomScale }
        default:
            break
        }
    }
}

/// A scroll view's state between events.
struct ScrollMotion {
    /// The axis a directional lock holds the drag to.
    enum Axis { case horizontal, vertical }

    /// The content offset when the drag began.
    var dragStart = Point.zero
    /// The time of the drag's last movement.
    var lastMove = 0.0
    /// The axis of a directional lock, while dragging.
    var lock: Axis?
    /// Between `willBeginDragging` and `didEndDragging` (`isDragging`).
    var dragging = false
    /// The drag's translation along the axes it scrolls, at its last movement.
    var translation = Point.zero
    /// The deceleration, bounce back or paging under way.
    var animation: ScrollAnimation?
    /// The timer of its next frame.
    var timer: Int?
    /// The zoom scale when the pinch began.
    var zoomStart = 1.0
}
