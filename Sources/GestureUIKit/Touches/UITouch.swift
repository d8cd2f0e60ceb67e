import Foundation
import GestureKit

/// UIKit's `UITouch`: one finger, seen through the engine's touch.
///
/// The same engine touch gives the same `UITouch` object for as long as anything holds it, so a
/// touch kept in a property between events compares identical (`===`) to the one delivered later.
@preconcurrency @MainActor
public final class UITouch: NSObject {
    /// The engine's touch.
    public let core: Touch

    private init(_ core: Touch) {
        self.core = core
        super.init()
    }

    /// The UIKit object of an engine touch.
    static func wrap(_ core: Touch) -> UITouch {
        if let existing = core.compatibilityObject as? UITouch { return existing }
        let touch = UITouch(core)
        core.compatibilityObject = touch
        return touch
    }

    /// The phase of a touch (`UITouch.Phase`), with UIKit's raw values.
    public enum Phase: Int, Sendable {
        case began = 0, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited
    }

    /// The kind of a touch (`UITouch.TouchType`); every touch of a trace is `.direct`.
    public enum TouchType: Int, Sendable {
        case direct = 0, indirect, pencil, indirectPointer
    }

    /// The location in `view`'s coordinates (window coordinates for nil).
    public func location(in view: UIView?) -> CGPoint { CGPoint(core.location(in: view?.core)) }
    /// The previous location in `view`'s coordinates (window coordinates for nil).
    public func previousLocation(in view: UIView?) -> CGPoint { CGPoint(core.previousLocation(in: view?.core)) }
    /// The same as ``location(in:)``: traces have one precision.
    public func preciseLocation(in view: UIView?) -> CGPoint { location(in: view) }
    /// The same as ``previousLocation(in:)``.
    public func precisePreviousLocation(in view: UIView?) -> CGPoint { previousLocation(in: view) }

    /// The time of the touch's last change, in trace seconds.
    public var timestamp: TimeInterval { core.timestamp }

    /// The phase in the current event.
    public var phase: Phase {
        switch core.phase {
        case .began: return .began
        case .moved: return .moved
        case .stationary: return .stationary
        case .ended: return .ended
        case .cancelled: return .cancelled
        }
    }

    /// UIKit's tap count.
    public var tapCount: Int { core.tapCount }
    /// The hit-test view (nil when the touch hit nothing that receives touches).
    public var view: UIView? { core.view.map(UIView.wrap) }
    /// The window of the hit-test view.
    public var window: UIWindow? { view?.window }
    /// The recognizers this touch is delivered to.
    public var gestureRecognizers: [UIGestureRecognizer]? { core.gestureRecognizers.map(UIGestureRecognizer.wrap) }
    /// Always `.direct`.
    public var type: TouchType { .direct }

    /// The trace's `force` (1 is an average touch), or 0 when the trace has none for this touch.
    public var force: CGFloat { CGFloat(core.force ?? 0) }
    /// 480/72 ≈ 6.67 (what an iPhone with 3D Touch reports) when the trace gives force for this
    /// touch, 0 when it does not (as on a device without force sensing).
    public var maximumPossibleForce: CGFloat { core.force == nil ? 0 : CGFloat(480.0 / 72.0) }
    /// The trace's `radius`, or 0 when it has none.
    public var majorRadius: CGFloat { CGFloat(core.majorRadius ?? 0) }
    /// 0: traces do not give the radius's tolerance.
    public var majorRadiusTolerance: CGFloat { 0 }
    /// π/2 (a finger is perpendicular to the screen for UIKit).
    public var altitudeAngle: CGFloat { CGFloat(Double.pi / 2) }
    /// 0 (a finger has no azimuth).
    public func azimuthAngle(in view: UIView?) -> CGFloat { 0 }
}
