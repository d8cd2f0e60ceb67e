import GestureKit
import GestureUIKit

/// Refuses to begin a pan whose first movement is mostly vertical (as apps write it).
public final class HorizontalOnlyDelegate: UIGestureRecognizerDelegate {
    public init() {}

    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let pan = gestureRecognizer as? UIPanGestureRecognizer else { return true }
        let velocity = pan.velocity(in: pan.view)
        return abs(velocity.x) > abs(velocity.y)
    }
}

/// The team's kinds and delegates, as scene files name them.
public let myGestures: RecognizerRegistry = {
    var registry = RecognizerRegistry()
    registry.register(uiKind: "verticalPan", settings: ["direction"]) { settings throws(SettingError) in
        let pan = VerticalPanGestureRecognizer()
        let direction = try settings.oneOf("direction", ["up", "down", "both"], default: "both")
        pan.direction = VerticalPanGestureRecognizer.Direction(rawValue: direction) ?? .both
        return pan
    }
    registry.register(uiKind: "oneFingerRotation", settings: ["minimumAngle"]) { settings throws(SettingError) in
        let rotation = OneFingerRotationGestureRecognizer()
        rotation.minimumAngle = CGFloat(try settings.number("minimumAngle", default: 0.2))
        return rotation
    }
    registry.register(uiKind: "seedCheckmark") { _ in CheckmarkGestureRecognizer() }
    registry.register(uiDelegate: "horizontalOnly") { HorizontalOnlyDelegate() }
    // The screen built in UIKit code: `team-gesturectl analyze --scene sheetOverList TRACE`.
    registry.register(screen: "sheetOverList") { SheetViewController.makeWindow() }
    return registry
}()
