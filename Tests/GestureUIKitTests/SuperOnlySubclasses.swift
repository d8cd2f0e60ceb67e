import GestureKit
import GestureUIKit

// Subclasses of each built-in UIKit class that only call `super`, as an app's subclass would
// before adding its own logic. Registered under the built-in kinds' names, they replace the
// engine's built-ins in every scene; the records must not change.

final class SuperTap: UITapGestureRecognizer {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesBegan(touches, with: event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesMoved(touches, with: event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesEnded(touches, with: event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesCancelled(touches, with: event) }
    override func reset() { super.reset() }
}

final class SuperLongPress: UILongPressGestureRecognizer {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesBegan(touches, with: event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesMoved(touches, with: event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesEnded(touches, with: event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesCancelled(touches, with: event) }
    override func reset() { super.reset() }
}

final class SuperPan: UIPanGestureRecognizer {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesBegan(touches, with: event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesMoved(touches, with: event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesEnded(touches, with: event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesCancelled(touches, with: event) }
    override func reset() { super.reset() }
}

final class SuperScreenEdgePan: UIScreenEdgePanGestureRecognizer {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesBegan(touches, with: event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesMoved(touches, with: event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesEnded(touches, with: event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesCancelled(touches, with: event) }
}

final class SuperSwipe: UISwipeGestureRecognizer {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesBegan(touches, with: event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesMoved(touches, with: event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesEnded(touches, with: event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesCancelled(touches, with: event) }
}

final class SuperPinch: UIPinchGestureRecognizer {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesBegan(touches, with: event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesMoved(touches, with: event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesEnded(touches, with: event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesCancelled(touches, with: event) }
}

final class SuperRotation: UIRotationGestureRecognizer {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesBegan(touches, with: event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesMoved(touches, with: event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesEnded(touches, with: event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesCancelled(touches, with: event) }
}

/// A registry that replaces every built-in kind UIKit has with its super-only subclass, reading the
/// scene's settings as the built-in kinds do.
let superOnlyRegistry: RecognizerRegistry = {
    var registry = RecognizerRegistry()
    registry.register(uiKind: "tap", settings: ["numberOfTapsRequired", "numberOfTouchesRequired"]) { s throws(SettingError) in
        let tap = SuperTap()
        tap.numberOfTapsRequired = try s.integer("numberOfTapsRequired", default: 1, minimum: 1)
        tap.numberOfTouchesRequired = try s.integer("numberOfTouchesRequired", default: 1, minimum: 1)
        return tap
    }
    registry.register(
        uiKind: "longPress", settings: ["minimumPressDuration", "allowableMovement", "numberOfTouchesRequired", "numberOfTapsRequired"]
    ) { s throws(SettingError) in
        let press = SuperLongPress()
        press.minimumPressDuration = try s.number("minimumPressDuration", default: 0.5)
        press.allowableMovement = CGFloat(try s.number("allowableMovement", default: 10))
        press.numberOfTouchesRequired = try s.integer("numberOfTouchesRequired", default: 1, minimum: 1)
        press.numberOfTapsRequired = try s.integer("numberOfTapsRequired", default: 0)
        return press
    }
    registry.register(uiKind: "pan", settings: ["minimumNumberOfTouches", "maximumNumberOfTouches"]) { s throws(SettingError) in
        let pan = SuperPan()
        pan.minimumNumberOfTouches = try s.integer("minimumNumberOfTouches", default: 1, minimum: 1)
        if s.values["maximumNumberOfTouches"] != nil {
            pan.maximumNumberOfTouches = try s.integer("maximumNumberOfTouches", default: 0, minimum: 1)
        }
        return pan
    }
    registry.register(uiKind: "screenEdgePan", settings: ["edges"]) { s throws(SettingError) in
        let pan = SuperScreenEdgePan()
        let names: [String: UIRectEdge] = ["top": .top, "left": .left, "bottom": .bottom, "right": .right]
        pan.edges = try strings(s, "edges").reduce(into: []) { $0.insert(names[$1] ?? []) }
        return pan
    }
    registry.register(uiKind: "swipe", settings: ["direction", "numberOfTouchesRequired"]) { s throws(SettingError) in
        let swipe = SuperSwipe()
        let names: [String: UISwipeGestureRecognizer.Direction] = ["right": .right, "left": .left, "up": .up, "down": .down]
        if s.values["direction"] != nil {
            swipe.direction = try strings(s, "direction").reduce(into: []) { $0.insert(names[$1] ?? []) }
        }
        swipe.numberOfTouchesRequired = try s.integer("numberOfTouchesRequired", default: 1, minimum: 1)
        return swipe
    }
    registry.register(uiKind: "pinch") { _ in SuperPinch() }
    registry.register(uiKind: "rotation") { _ in SuperRotation() }
    return registry
}()

/// A string or a list of strings at `key`.
private func strings(_ s: RecognizerSettings, _ key: String) throws(SettingError) -> [String] {
    switch s.values[key] {
    case .string(let one)?: return [one]
    case .array(let items)?:
        return items.compactMap { if case .string(let v) = $0 { return v } else { return nil } }
    default: throw SettingError(key: key, "\"\(key)\" must be a string or a list of strings")
    }
}
