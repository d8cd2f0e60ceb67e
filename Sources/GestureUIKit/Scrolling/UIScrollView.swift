import Foundation
import GestureKit

/// UIKit's `UIScrollView`, seen through the engine's scroll view: the content offset, dragging and
/// deceleration are the engine's (`NAME.pan`, `NAME.pinch`, the scroll records), and a subclass's
/// overrides and the ``delegate`` are called at the moments UIKit calls them.
///
/// A scene's scroll view is a `UIScrollView` (`touch.view as? UIScrollView`,
/// `otherGestureRecognizer.view is UIScrollView`); a screen built in code makes its own with
/// ``init(frame:)``. Every property reads the live state: `contentOffset` asked in a delegate
/// question is where the content is at that moment of the trace.
///
/// As in UIKit the scroll view is its own recognizers' delegate without declaring the protocol: a
/// subclass that adopts `UIGestureRecognizerDelegate` answers for `panGestureRecognizer` and
/// `pinchGestureRecognizer`.
@preconcurrency @MainActor
open class UIScrollView: UIView {
    /// The delegate (held weakly, as in UIKit).
    open weak var delegate: (any UIScrollViewDelegate)?
    /// Keeps the recognizers' default-delegate bridge (the engine holds delegates weakly).
    private var recognizerDelegate: DelegateBridge?
    /// `contentInsetAdjustmentBehavior`: kept; there are no safe areas here, so the adjusted inset is
    /// the content inset.
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic
    /// `showsVerticalScrollIndicator`: kept, without effect (indicators take no touches).
    open var showsVerticalScrollIndicator = true
    /// `showsHorizontalScrollIndicator`: kept, without effect.
    open var showsHorizontalScrollIndicator = true
    /// `scrollsToTop`: kept (traces have no status-bar taps).
    open var scrollsToTop = true
    /// `bouncesZoom`: kept (the zoom stays within its scales).
    open var bouncesZoom = true
    /// `keyboardDismissMode`: kept (there is no keyboard here).
    open var keyboardDismissMode: KeyboardDismissMode = .none
    /// `indicatorStyle`: kept, without effect.
    open var indicatorStyle: IndicatorStyle = .default
    /// `verticalScrollIndicatorInsets`: kept, without effect.
    open var verticalScrollIndicatorInsets = UIEdgeInsets.zero
    /// `horizontalScrollIndicatorInsets`: kept, without effect.
    open var horizontalScrollIndicatorInsets = UIEdgeInsets.zero
    /// `scrollIndicatorInsets`: kept, without effect.
    open var scrollIndicatorInsets = UIEdgeInsets.zero

    /// A scroll view with UIKit's defaults (no content: set `contentSize`). Made in code it is named
    /// "scrollView" unless named otherwise; its recognizers are `NAME.pan` and `NAME.pinch`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        scrollCore.scrollHost = ScrollLink(owner: self)
        // The scroll view answers for its recognizers when its class adopts the delegate protocol
        // (and a scene has not given them a delegate of their own).
        if let answering = self as? any UIGestureRecognizerDelegate {
            let bridge = DelegateBridge(weak: answering)
            recognizerDelegate = bridge
            if scrollCore.panGestureRecognizer.delegate == nil { scrollCore.panGestureRecognizer.delegate = bridge }
            adoptPinch()
        }
    }

    /// Scroll views are not archived here: this returns nil.
    public required init?(coder: NSCoder) { return nil }

    override class func makeCore(frame: Rect) -> View { ScrollView(name: "", frame: frame, settings: ScrollViewDescription()) }

    /// The engine's scroll view.
    public var scrollCore: ScrollView {
        // `makeCore` and `wrap` give a UIScrollView only an engine scroll view.
        guard let scrollView = core as? ScrollView else { preconditionFailure("a UIScrollView views an engine ScrollView") }
        return scrollView
    }

    // MARK: Content

    /// The point of the content at the scroll view's top-left corner. Setting it moves the content
    /// and calls `scrollViewDidScroll` (a `didScroll` record); during a drag the drag goes on from
    /// there; a deceleration stops (setting the offset it has is the usual way to stop a fling).
    open var contentOffset: CGPoint {
        get { CGPoint(scrollCore.contentOffset) }
        set { scrollCore.setContentOffset(newValue.engine, stopping: !echoingEngine) }
    }

    /// Set while ``ScrollLink`` passes an engine move through the setter (so that a subclass's
    /// observer runs): that is the scroll going on, not code stopping it.
    var echoingEngine = false

    /// Sets the content offset. The content moves at once (the animation is not modelled); when
    /// `animated` and it moved, the delegate then hears `scrollViewDidEndScrollingAnimation`, as
    /// UIKit's animation ends with it.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        let moves = contentOffset != self.contentOffset
        self.contentOffset = contentOffset
        if animated, moves { delegate?.scrollViewDidEndScrollingAnimation(self) }
    }

    /// The size of the content.
    open var contentSize: CGSize {
        get { CGSize(width: scrollCore.settings.contentSize.width, height: scrollCore.settings.contentSize.height) }
        set { scrollCore.settings.contentSize = Size(width: Double(newValue.width), height: Double(newValue.height)) }
    }

    /// The insets around the content.
    open var contentInset: UIEdgeInsets {
        get { UIEdgeInsets(scrollCore.settings.contentInset) }
        set {
            let old = adjustedContentInset
            scrollCore.settings.contentInset = newValue.engine
            if old != adjustedContentInset {
                adjustedContentInsetDidChange()
                delegate?.scrollViewDidChangeAdjustedContentInset(self)
            }
        }
    }

    /// The insets the content is laid out with: the content inset (no safe area or bars here).
    open var adjustedContentInset: UIEdgeInsets { contentInset }

    /// Called when ``adjustedContentInset`` changes; call `super` when you override it.
    open func adjustedContentInsetDidChange() {}

    /// The bounds: the content offset as origin, the frame's size.
    open override var bounds: CGRect {
        get { CGRect(origin: contentOffset, size: frame.size) }
        set {
            frame.size = newValue.size
            contentOffset = newValue.origin
        }
    }

    /// Flashes the scroll indicators: nothing to show here.
    open func flashScrollIndicators() {}

    /// Scrolls `rect` (content coordinates) into view, as little as needed.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        var offset = contentOffset
        let size = frame.size
        if rect.maxX > offset.x + size.width { offset.x = rect.maxX - size.width }
        if rect.minX < offset.x { offset.x = rect.minX }
        if rect.maxY > offset.y + size.height { offset.y = rect.maxY - size.height }
        if rect.minY < offset.y { offset.y = rect.minY }
        setContentOffset(CGPoint(scrollCore.clampedContentOffset(offset.engine)), animated: animated)
    }

    // MARK: Behaviour

    /// Whether dragging scrolls (its recognizers are disabled when not).
    open var isScrollEnabled: Bool {
        get { scrollCore.settings.scrollEnabled }
        set { scrollCore.settings.scrollEnabled = newValue }
    }

    /// Whether scrolling stops at multiples of the bounds.
    open var isPagingEnabled: Bool {
        get { scrollCore.settings.pagingEnabled }
        set { scrollCore.settings.pagingEnabled = newValue }
    }

    /// Whether a drag that starts along one axis scrolls along it only.
    open var isDirectionalLockEnabled: Bool {
        get { scrollCore.settings.directionalLockEnabled }
        set { scrollCore.settings.directionalLockEnabled = newValue }
    }

    /// Whether the content can be pulled past its edges and springs back.
    open var bounces: Bool {
        get { scrollCore.settings.bounces }
        set { scrollCore.settings.bounces = newValue }
    }

    /// Whether a vertical drag bounces even when the content is not taller than the view.
    open var alwaysBounceVertical: Bool {
        get { scrollCore.settings.alwaysBounceVertical }
        set { scrollCore.settings.alwaysBounceVertical = newValue }
    }

    /// Whether a horizontal drag bounces even when the content is not wider than the view.
    open var alwaysBounceHorizontal: Bool {
        get { scrollCore.settings.alwaysBounceHorizontal }
        set { scrollCore.settings.alwaysBounceHorizontal = newValue }
    }

    /// How fast the content slows after a lift.
    open var decelerationRate: DecelerationRate {
        get { DecelerationRate(rawValue: CGFloat(scrollCore.settings.decelerationRate)) }
        set { scrollCore.settings.decelerationRate = Double(newValue.rawValue) }
    }

    /// Whether touches reach the content only after the content-touch delay.
    open var delaysContentTouches: Bool {
        get { scrollCore.settings.delaysContentTouches }
        set { scrollCore.settings.delaysContentTouches = newValue }
    }

    /// Whether the scroll view's drag may take touches the content is already receiving.
    open var canCancelContentTouches: Bool {
        get { scrollCore.settings.canCancelContentTouches }
        set { scrollCore.settings.canCancelContentTouches = newValue }
    }

    // MARK: Live state

    /// Whether a finger is down on the content (it may not be dragging yet).
    open var isTracking: Bool { scrollCore.isTracking }
    /// Whether the content is being dragged.
    open var isDragging: Bool { scrollCore.isDragging }
    /// Whether the content is still moving after the finger lifted.
    open var isDecelerating: Bool { scrollCore.isDecelerating }
    /// Whether the pinch is zooming.
    open var isZooming: Bool {
        guard let pinch = scrollCore.pinchGestureRecognizer else { return false }
        return pinch.state == .began || pinch.state == .changed
    }
    /// Whether the zoom is springing back within its scales: never here (the zoom stays within them).
    open var isZoomBouncing: Bool { false }

    // MARK: Overrides the engine consults

    /// Whether `view`, inside the scroll view, receives `touches` when the scroll view hands them on
    /// (yes). The engine asks it for the controls inside; a no keeps the touch from the control.
    @discardableResult
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool { true }

    /// Whether the scroll view's drag may cancel the touches `view` receives: no for a `UIControl`,
    /// yes otherwise (UIKit's default). Asked when the drag begins over a control that is tracking.
    @discardableResult
    open func touchesShouldCancel(in view: UIView) -> Bool {
        scrollCore.defaultTouchesShouldCancel(in: view.core)
    }

    // MARK: Zooming

    /// The least zoom scale.
    open var minimumZoomScale: CGFloat {
        get { CGFloat(scrollCore.settings.minimumZoomScale) }
        set {
            scrollCore.settings.minimumZoomScale = Double(newValue)
            adoptPinch()
        }
    }

    /// The greatest zoom scale.
    open var maximumZoomScale: CGFloat {
        get { CGFloat(scrollCore.settings.maximumZoomScale) }
        set {
            scrollCore.settings.maximumZoomScale = Double(newValue)
            adoptPinch()
        }
    }

    /// The zoom scale, which the pinch changes between the scales.
    open var zoomScale: CGFloat {
        get { CGFloat(scrollCore.zoomScale) }
        set { setZoomScale(newValue, animated: false) }
    }

    /// Sets the zoom scale (kept within the scales); `animated` is not modelled.
    open func setZoomScale(_ scale: CGFloat, animated: Bool) {
        scrollCore.setZoomScale(Double(scale))
    }

    /// A pinch made once zooming became possible answers to the scroll view too.
    private func adoptPinch() {
        if let pinch = scrollCore.pinchGestureRecognizer, pinch.delegate == nil, let bridge = recognizerDelegate {
            pinch.delegate = bridge
        }
    }

    // MARK: Recognizers

    /// The scroll view's pan (`NAME.pan`).
    open var panGestureRecognizer: UIPanGestureRecognizer {
        // The wrap of a pan is always a UIPanGestureRecognizer.
        UIGestureRecognizer.wrap(scrollCore.panGestureRecognizer) as? UIPanGestureRecognizer
            ?? UIPanGestureRecognizer(viewing: scrollCore.panGestureRecognizer)
    }

    /// The scroll view's pinch (`NAME.pinch`), nil until the zoom scales differ.
    open var pinchGestureRecognizer: UIPinchGestureRecognizer? {
        scrollCore.pinchGestureRecognizer.flatMap { UIGestureRecognizer.wrap($0) as? UIPinchGestureRecognizer }
    }
}

extension UIScrollView {
    /// How fast the content slows after a lift: the fraction of the velocity kept per millisecond.
    public struct DecelerationRate: Hashable, Sendable, RawRepresentable {
        /// The fraction kept per millisecond.
        public let rawValue: CGFloat
        /// A rate.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// 0.998 (UIKit's headers).
        public static let normal = DecelerationRate(rawValue: CGFloat(ScrollViewDescription.normalDecelerationRate))
        /// 0.99 (UIKit's headers).
        public static let fast = DecelerationRate(rawValue: CGFloat(ScrollViewDescription.fastDecelerationRate))
    }

    /// How the content inset is adjusted for the safe area (kept; there is no safe area here).
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        case automatic = 0, scrollableAxes, never, always
    }

    /// How a drag dismisses the keyboard (kept; there is no keyboard here).
    public enum KeyboardDismissMode: Int, Sendable {
        case none = 0, onDrag, interactive, onDragWithAccessory, interactiveWithAccessory
    }

    /// The style of the scroll indicators (kept, without effect).
    public enum IndicatorStyle: Int, Sendable {
        case `default` = 0, black, white
    }
}

extension UIEdgeInsets {
    /// The engine's insets.
    init(_ e: EdgeInsets) { self.init(top: CGFloat(e.top), left: CGFloat(e.left), bottom: CGFloat(e.bottom), right: CGFloat(e.right)) }
    /// As the engine's insets.
    var engine: EdgeInsets { EdgeInsets(top: Double(top), left: Double(left), bottom: Double(bottom), right: Double(right)) }
}

extension UIView {
    /// The UIKit object of an engine control or scroll view (made while `wrap` has it adopted) (`UIButton`, `UISlider`, …,
    /// `UIScrollView`), or nil for any other view.
    static func wrapControlOrScrollView(_ core: View) -> UIView? {
        if let control = core as? Control { return UIControl.wrapControl(control) }
        if core is ScrollView { return UIScrollView(frame: .zero) }
        return nil
    }
}
