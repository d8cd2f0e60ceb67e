/// A layer above the engine that hears a scroll view's delegate callbacks and answers its
/// overridable questions, as a `UIScrollView` subclass and its `UIScrollViewDelegate` do
/// (GestureUIKit's `UIScrollView` is one).
///
/// A scroll view without a host (every scroll view of a scene file) gives the engine's own
/// answers; the engine checks for nil and nothing more. Set ``ScrollView/scrollHost`` before the first
/// sample.
public protocol ScrollViewHost: AnyObject {
    /// Called as the engine reports `record` for `scrollView` (`scrollViewDidScroll`,
    /// `scrollViewWillBeginDragging`, …), after the scroll view's state has changed.
    func scrollView(_ scrollView: ScrollView, didReport record: ScrollRecord)

    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: `velocity` is the content
    /// offset's, in points per millisecond as UIKit gives it; the host may change `target`, and the
    /// content then comes to rest there.
    func scrollView(_ scrollView: ScrollView, willEndDraggingWithVelocity velocity: Point, targetContentOffset target: inout Point)

    /// `scrollViewWillBeginZooming(_:with:)`, as the pinch begins.
    func scrollViewWillBeginZooming(_ scrollView: ScrollView)

    /// `touchesShouldBegin(_:with:in:)`: whether `view`, inside the scroll view, receives `touches`
    /// once the scroll view hands them on. `defaultAnswer` is the engine's own (yes).
    func scrollView(_ scrollView: ScrollView, touchesShouldBegin touches: [Touch], with event: TouchEvent?, in view: View) -> Bool

    /// `touchesShouldCancel(in:)`: whether the scroll view's pan, beginning, may take the touches
    /// `view` is receiving (``ScrollView/defaultTouchesShouldCancel(in:)`` is the engine's answer).
    func scrollView(_ scrollView: ScrollView, touchesShouldCancelIn view: View) -> Bool
}
