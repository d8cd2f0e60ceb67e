import GestureKit
import GestureTrace

/// Turns a window's view snapshots into a gesturectl scene file, and remembers the name it gave
/// each view and recognizer so that the device golden (``TransitionRecorder``) uses the same ones.
///
/// - A view is named by its `accessibilityIdentifier`, a recognizer by its `name`; without one, or
///   when another already has it, the name is made from the kind (`view`, `pan`, …) and a number:
///   `view1`, `pan2`, in depth-first order, back to front.
/// - View keys are written when they differ from UIKit's defaults (`frame` always); each
///   recognizer's `kind`, `view` and the settings of its kind always, the common keys
///   (`enabled`, `cancelsTouchesInView`, …) when they differ.
/// - What public UIKit API cannot reveal is not written: failure requirements
///   (`require(toFail:)`) and the delegate's answers (`shouldRecognizeSimultaneously…`,
///   `shouldBegin`, `shouldReceive`). docs/recording-on-ios.md says how to add them.
public struct SceneExport: Sendable {
    /// Names by identity, of views and recognizers.
    public private(set) var viewNames: [UInt: String] = [:]
    public private(set) var recognizerNames: [UInt: String] = [:]
    /// The kind of each recognizer, by identity.
    public private(set) var recognizerKinds: [UInt: String] = [:]
    /// The view each recognizer is attached to, by the recognizer's identity.
    public private(set) var recognizerViews: [UInt: String] = [:]
    /// The scene file's text (JSON, ending with a line feed).
    public private(set) var json = ""

    private var taken: Set<String> = []
    private var counters: [String: Int] = [:]

    /// Exports the window whose root views are `roots` (back to front).
    public init(roots: [ViewSnapshot]) {
        name(roots)
        var recognizers: [String] = []
        var views: [String] = []
        for root in roots { views.append(viewJSON(root, indent: "    ", recognizers: &recognizers)) }
        json = "{\n  \"gesturectl-scene\": 1,\n  \"views\": [\n" + views.joined(separator: ",\n") + "\n  ],\n"
            + "  \"recognizers\": [\n" + recognizers.joined(separator: ",\n") + (recognizers.isEmpty ? "" : "\n") + "  ]\n}\n"
    }

    // MARK: Names

    private mutating func name(_ views: [ViewSnapshot]) {
        for view in views {
            viewNames[view.identity] = unique(view.name, base: "view")
            for recognizer in view.recognizers {
                recognizerNames[recognizer.identity] = unique(recognizer.name, base: Self.baseName(recognizer.kind))
                recognizerKinds[recognizer.identity] = recognizer.kind
                recognizerViews[recognizer.identity] = viewNames[view.identity]
            }
            name(view.children)
        }
    }

    private mutating func unique(_ given: String?, base: String) -> String {
        if let given, !given.isEmpty, taken.insert(given).inserted { return given }
        while true {
            let number = (counters[base] ?? 0) + 1
            counters[base] = number
            let candidate = base + String(number)
            if taken.insert(candidate).inserted { return candidate }
        }
    }

    /// `pan` for `pan`, `myCheck` for `MyCheckRecognizer`-like class names (first letter lowered).
    private static func baseName(_ kind: String) -> String {
        guard let first = kind.first else { return "recognizer" }
        let lowered = first.lowercased() + kind.dropFirst()
        return lowered.filter { $0.isLetter || $0.isNumber }
    }

    // MARK: JSON

    private func viewJSON(_ view: ViewSnapshot, indent: String, recognizers: inout [String]) -> String {
        var members = ["\"name\": " + TraceWriter.quoted(viewNames[view.identity] ?? ""), "\"frame\": " + Self.rect(view.frame)]
        if view.isHidden { members.append("\"hidden\": true") }
        if view.alpha != 1 { members.append("\"alpha\": " + TraceWriter.number(view.alpha)) }
        if !view.isUserInteractionEnabled { members.append("\"userInteractionEnabled\": false") }
        if view.isMultipleTouchEnabled { members.append("\"multipleTouchEnabled\": true") }
        if view.isExclusiveTouch { members.append("\"exclusiveTouch\": true") }
        if view.clipsToBounds { members.append("\"clipsToBounds\": true") }
        for recognizer in view.recognizers { recognizers.append("    " + recognizerJSON(recognizer, view: view)) }
        var text = indent + "{" + members.joined(separator: ", ")
        if !view.children.isEmpty {
            let children = view.children.map { viewJSON($0, indent: indent + "  ", recognizers: &recognizers) }
            text += ", \"children\": [\n" + children.joined(separator: ",\n") + "\n" + indent + "]"
        }
        return text + "}"
    }

    private func recognizerJSON(_ r: RecognizerSnapshot, view: ViewSnapshot) -> String {
        var members = [
            "\"name\": " + TraceWriter.quoted(recognizerNames[r.identity] ?? ""), "\"kind\": " + TraceWriter.quoted(r.kind),
            "\"view\": " + TraceWriter.quoted(viewNames[view.identity] ?? ""),
        ]
        if !r.isEnabled { members.append("\"enabled\": false") }
        if !r.cancelsTouchesInView { members.append("\"cancelsTouchesInView\": false") }
        if r.delaysTouchesBegan { members.append("\"delaysTouchesBegan\": true") }
        if !r.delaysTouchesEnded { members.append("\"delaysTouchesEnded\": false") }
        func add(_ key: String, _ value: String?) { if let value { members.append("\"\(key)\": " + value) } }
        add("numberOfTapsRequired", r.numberOfTapsRequired.map(String.init))
        add("numberOfTouchesRequired", r.numberOfTouchesRequired.map(String.init))
        add("minimumPressDuration", r.minimumPressDuration.map(TraceWriter.number))
        add("allowableMovement", r.allowableMovement.map(TraceWriter.number))
        add("minimumNumberOfTouches", r.minimumNumberOfTouches.map(String.init))
        add("maximumNumberOfTouches", r.maximumNumberOfTouches.map(String.init))
        add("direction", r.direction.map(Self.list))
        add("edges", r.edges.map(Self.list))
        return "{" + members.joined(separator: ", ") + "}"
    }

    private static func rect(_ rect: Rect) -> String {
        "[" + [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].map(TraceWriter.number).joined(separator: ", ") + "]"
    }

    private static func list(_ names: [String]) -> String { "[" + names.map(TraceWriter.quoted).joined(separator: ", ") + "]" }
}
