import Foundation
import GestureKit

/// The host of an engine scroll view seen as a `UIScrollView`: it passes the engine's reports to
/// the delegate and its questions to the UIKit object's overrides, whose `super` gives the engine's
/// own answers. It holds the UIKit object strongly, as ``ViewLink`` and ``CoreLink`` do: the engine's
/// scroll view keeps its host, which keeps the UIKit object and its delegate setting alive for as
/// long as the scene runs.
final class ScrollLink: ScrollViewHost {
    private let owner: UIScrollView

    init(owner: UIScrollView) { self.owner = owner }

    func scrollView(_ scrollView: ScrollView, didReport record: ScrollRecord) {
        onMainActor((owner, record)) { owner, record in
            // UIKit moves the content through the `contentOffset` setter: an override of it (a
            // subclass's observer) runs, with the offset already there, so the setter changes nothing.
            if record.event == .didScroll {
                owner.echoingEngine = true
                owner.contentOffset = CGPoint(record.contentOffset)
                owner.echoingEngine = false
            }
            guard let delegate = owner.delegate else { return }
            switch record.event {
            case .willBeginDragging: delegate.scrollViewWillBeginDragging(owner)
            case .didScroll: delegate.scrollViewDidScroll(owner)
            case .willEndDragging: break  // asked before the record, with a target it may change
            case .didEndDragging: delegate.scrollViewDidEndDragging(owner, willDecelerate: record.decelerate ?? false)
            case .willBeginDecelerating: delegate.scrollViewWillBeginDecelerating(owner)
            case .didEndDecelerating: delegate.scrollViewDidEndDecelerating(owner)
            case .didZoom: delegate.scrollViewDidZoom(owner)
            case .didEndZooming:
                delegate.scrollViewDidEndZooming(owner, with: delegate.viewForZooming(in: owner), atScale: CGFloat(record.zoomScale ?? 1))
            }
        }
    }

    func scrollView(_ scrollView: ScrollView, willEndDraggingWithVelocity velocity: Point, targetContentOffset target: inout Point) {
        target = onMainActor((owner, velocity, target)) { owner, velocity, target in
            guard let delegate = owner.delegate else { return target }
            var point = CGPoint(target)
            withUnsafeMutablePointer(to: &point) { pointer in
                delegate.scrollViewWillEndDragging(owner, withVelocity: CGPoint(velocity), targetContentOffset: pointer)
            }
            return point.engine
        }
    }

    func scrollViewWillBeginZooming(_ scrollView: ScrollView) {
        onMainActor(owner) { owner in
            guard let delegate = owner.delegate else { return }
            delegate.scrollViewWillBeginZooming(owner, with: delegate.viewForZooming(in: owner))
        }
    }

    func scrollView(_ scrollView: ScrollView, touchesShouldBegin touches: [Touch], with event: TouchEvent?, in view: View) -> Bool {
        onMainActor((owner, touches, event, view)) { owner, touches, event, view in
            owner.touchesShouldBegin(Set(touches.map(UITouch.wrap)), with: event.map(UIEvent.init), in: UIView.wrap(view))
        }
    }

    func scrollView(_ scrollView: ScrollView, touchesShouldCancelIn view: View) -> Bool {
        onMainActor((owner, view)) { owner, view in owner.touchesShouldCancel(in: UIView.wrap(view)) }
    }
}
