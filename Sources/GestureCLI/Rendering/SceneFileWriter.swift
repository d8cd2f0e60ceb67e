import GestureKit

/// Writes a ``SceneDescription`` as a scene file (scene format version 1) that reads back as the
/// same scene.
///
/// The file is meant to be copied and edited, so it is pretty-printed: two-space indentation, one
/// recognizer per line, frames and name lists inline. Each recognizer lists every property of its
/// kind (UIKit's defaults included, so they are easy to change) but only those common keys that
/// differ from their defaults; views likewise list only keys that differ from UIKit's defaults.
enum SceneFileWriter {
    /// The scene file's text, ending with a newline.
    static func text(of scene: SceneDescription) -> String {
        var json = JSONWriter(pretty: true)
        json.beginObject()
        json.member("gesturectl-scene", 1)
        json.key("views")
        json.beginArray()
        for view in scene.views { write(view, to: &json) }
        json.endArray()
        if !scene.controllers.isEmpty {
            json.key("controllers")
            json.beginArray()
            for controller in scene.controllers {
                json.beginObject(inline: true)
                json.member("name", controller.name)
                json.member("view", controller.view)
                if !controller.handles.isEmpty {
                    json.key("handles")
                    json.strings(sorted(controller.handles))
                }
                json.endObject()
            }
            json.endArray()
        }
        json.member("firstResponder", ifPresent: scene.firstResponder)
        json.key("recognizers")
        json.beginArray()
        for recognizer in scene.recognizers { write(recognizer, to: &json) }
        json.endArray()
        json.member("velocityEstimator", scene.velocityEstimator.rawValue)
        json.endObject()
        return json.text + "\n"
    }

    private static func write(_ view: ViewDescription, to json: inout JSONWriter) {
        json.beginObject(inline: view.children.isEmpty)
        json.member("name", view.name)
        json.key("frame")
        json.beginArray(inline: true)
        for value in [view.frame.origin.x, view.frame.origin.y, view.frame.size.width, view.frame.size.height] {
            json.number(value)
        }
        json.endArray()
        if !view.userInteractionEnabled { flag("userInteractionEnabled", false, &json) }
        if view.hidden { flag("hidden", true, &json) }
        if view.alpha != 1 {
            json.key("alpha")
            json.number(view.alpha)
        }
        if view.multipleTouchEnabled { flag("multipleTouchEnabled", true, &json) }
        if view.exclusiveTouch { flag("exclusiveTouch", true, &json) }
        if view.exclusiveTouchBlocksRecognizers { flag("exclusiveTouchBlocksRecognizers", true, &json) }
        if view.clipsToBounds { flag("clipsToBounds", true, &json) }
        if view.handles != [.touches] {
            json.key("handles")
            json.strings(sorted(view.handles))
        }
        if view.canBecomeFirstResponder { flag("canBecomeFirstResponder", true, &json) }
        if let viewClass = view.viewClass { json.member("class", viewClass.name) }
        if view.hitTest != .standard { json.member("hitTest", view.hitTest.rawValue) }
        if let insets = view.hitInsets {
            json.key("hitInsets")
            json.beginArray(inline: true)
            for value in [insets.top, insets.left, insets.bottom, insets.right] { json.number(value) }
            json.endArray()
        }
        json.member("forwardsTo", ifPresent: view.forwardsTo)
        if let t = view.transform {
            json.key("transform")
            json.beginArray(inline: true)
            for value in [t.a, t.b, t.c, t.d, t.tx, t.ty] { json.number(value) }
            json.endArray()
        }
        if let control = view.control { writeControl(control, to: &json) }
        if let scrollView = view.scrollView { writeScrollView(scrollView, to: &json) }
        thresholds(view.thresholds, &json)
        if !view.children.isEmpty {
            json.key("children")
            json.beginArray()
            for child in view.children { write(child, to: &json) }
            json.endArray()
        }
        json.endObject()
    }

    private static func write(_ recognizer: RecognizerDescription, to json: inout JSONWriter) {
        json.beginObject(inline: true)
        json.member("name", recognizer.name)
        json.member("kind", recognizer.kind.name)
        json.member("view", recognizer.view)
        writeProperties(of: recognizer.kind, to: &json)
        if !recognizer.enabled { flag("enabled", false, &json) }
        if !recognizer.cancelsTouchesInView { flag("cancelsTouchesInView", false, &json) }
        if recognizer.delaysTouchesBegan { flag("delaysTouchesBegan", true, &json) }
        if !recognizer.delaysTouchesEnded { flag("delaysTouchesEnded", false, &json) }
        if !recognizer.requireToFail.isEmpty {
            json.key("requireToFail")
            json.strings(recognizer.requireToFail)
        }
        if !recognizer.simultaneousWith.isEmpty {
            json.key("simultaneousWith")
            json.strings(recognizer.simultaneousWith)
        }
        if !recognizer.shouldBegin { flag("shouldBegin", false, &json) }
        if let delegate = recognizer.delegate {
            json.member("delegate", delegate.name)
        }
        switch recognizer.shouldReceiveTouch {
        case .all: break
        case .inViews(let views):
            json.key("shouldReceiveTouch")
            json.beginObject()
            json.key("inViews")
            json.strings(views)
            json.endObject()
        case .notInViews(let views):
            json.key("shouldReceiveTouch")
            json.beginObject()
            json.key("notInViews")
            json.strings(views)
            json.endObject()
        }
        selection("canPrevent", recognizer.canPrevent, &json)
        selection("canBePreventedBy", recognizer.canBePreventedBy, &json)
        thresholds(recognizer.thresholds, &json)
        json.endObject()
    }

    private static func writeProperties(of kind: RecognizerKind, to json: inout JSONWriter) {
        switch kind {
        case let .tap(taps, touches):
            integer("numberOfTapsRequired", taps, &json)
            integer("numberOfTouchesRequired", touches, &json)
        case let .longPress(duration, movement, touches, taps):
            json.key("minimumPressDuration")
            json.number(duration)
            json.key("allowableMovement")
            json.number(movement)
            integer("numberOfTouchesRequired", touches, &json)
            integer("numberOfTapsRequired", taps, &json)
        case let .pan(minimum, maximum):
            integer("minimumNumberOfTouches", minimum, &json)
            if maximum != Int.max { integer("maximumNumberOfTouches", maximum, &json) }
        case .screenEdgePan(let edges):
            json.key("edges")
            json.strings(ScreenEdge.allCases.filter(edges.contains).map(\.rawValue))
        case let .swipe(directions, touches):
            json.key("direction")
            json.strings(SwipeDirection.allCases.filter(directions.contains).map(\.rawValue))
            integer("numberOfTouchesRequired", touches, &json)
        case .pinch, .rotation, .checkmark:
            break
        case let .template(templates, minimumScore):
            json.key("templates")
            json.strokeTemplates(templates, inlinePoints: false)
            json.key("minimumScore")
            json.number(minimumScore)
        case .custom(let kind):
            for (key, value) in kind.settings.sorted(by: { $0.key < $1.key }) {
                json.key(key)
                setting(value, &json)
            }
        }
    }

    /// A registered kind's setting as the scene file spelled it (object keys sorted).
    private static func setting(_ value: SettingValue, _ json: inout JSONWriter) {
        switch value {
        case .null: json.null()
        case .bool(let b): json.bool(b)
        case .number(let n): json.number(n)
        case .string(let s): json.string(s)
        case .array(let items):
            json.beginArray(inline: true)
            for item in items { setting(item, &json) }
            json.endArray()
        case .object(let members):
            json.beginObject(inline: true)
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                json.key(key)
                setting(member, &json)
            }
            json.endObject()
        }
    }

    private static func selection(_ key: String, _ selection: RecognizerSelection, _ json: inout JSONWriter) {
        switch selection {
        case .all: break
        case .none: flag(key, false, &json)
        case .named(let names):
            json.key(key)
            json.strings(names.sorted())
        }
    }

    /// `"thresholds"`, by name, when there are any.
    private static func thresholds(_ thresholds: [String: Double], _ json: inout JSONWriter) {
        guard !thresholds.isEmpty else { return }
        json.key("thresholds")
        json.beginObject()
        for (name, value) in thresholds.sorted(by: { $0.key < $1.key }) {
            json.key(name)
            json.number(value)
        }
        json.endObject()
    }

    static func flag(_ key: String, _ value: Bool, _ json: inout JSONWriter) {
        json.key(key)
        json.bool(value)
    }

    private static func integer(_ key: String, _ value: Int, _ json: inout JSONWriter) {
        json.key(key)
        json.integer(value)
    }

    private static func sorted(_ handles: Set<HandledEvents>) -> [String] {
        HandledEvents.allCases.filter(handles.contains).map(\.rawValue)
    }
}
