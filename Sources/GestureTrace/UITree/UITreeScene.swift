import GestureKit

/// A scene made from a UI test's element tree (``UIElementNode``), as a scene document ready to
/// decode or write, and a team's overlay merged into it.
///
/// - Each window is a root view; each element a view, named by its accessibility identifier
///   (`feed`, `buy`), or by its type and a number when it has none or the name is taken
///   (`other3`, `staticText12`); frames become relative to the superview.
/// - `ScrollView`, `Table` and `CollectionView` are scroll views: their children are in content
///   coordinates, the content size is the extent of the children (at least the scroll view's own
///   size), and content above or left of the visible area becomes the content offset.
/// - `Button`, `Switch` (`on` from the value `1`), `Slider` (`value` from `50%`), `Stepper`,
///   `SegmentedControl` (`segments` from its buttons, `selectedSegmentIndex` from the selected
///   one) and `PageIndicator` (`numberOfPages`, `currentPage` from `page 2 of 5`) are controls;
///   what is inside a control is not a view of its own (its label and image do not take touches).
/// - A disabled control has `"enabled": false`, another disabled element
///   `"userInteractionEnabled": false`; an element that is not visible (`visible="false"`) is
///   `hidden`, except inside a scroll view, where it is only scrolled out of sight.
/// - Elements with no area and nothing inside are left out.
public enum UITreeScene {
    /// The element types made into scroll views.
    public static let scrollTypes: Set<String> = ["ScrollView", "Table", "CollectionView"]
    /// The element types made into controls, and their `control` kinds.
    public static let controlKinds: [String: String] = [
        "Button": "button", "Switch": "switch", "Toggle": "switch", "Slider": "slider", "Stepper": "stepper",
        "SegmentedControl": "segmentedControl", "PageIndicator": "pageControl",
    ]

    /// The scene document of the tree under `root` (an application element, a window, or any element).
    ///
    /// - Parameter source: the file it came from, kept as `"x-from"`.
    public static func document(_ root: UIElementNode, source: String) -> JSONValue {
        var namer = Namer()
        let windows = root.type == "Application" ? root.children : [root]
        var views: [JSONValue] = []
        for window in windows where !isEmpty(window) {
            views.append(view(window, parentOrigin: .zero, inScrollContent: false, namer: &namer, root: true))
        }
        return object([
            ("gesturectl-scene", number(1)), ("x-from", .string(source)), ("views", .array(views.map(located))),
        ])
    }

    /// The names the views of a document got, by element identifier: to check an overlay's names.
    public static func viewNames(of document: JSONValue) -> [String] {
        guard case .array(let views)? = document.member("views")?.value.value else { return [] }
        return views.flatMap { names(in: $0.value) }
    }

    private static func names(in view: JSONValue) -> [String] {
        var result: [String] = []
        if case .string(let name)? = view.member("name")?.value.value { result.append(name) }
        if case .array(let children)? = view.member("children")?.value.value {
            for child in children { result += names(in: child.value) }
        }
        return result
    }

    private static func isEmpty(_ node: UIElementNode) -> Bool {
        node.children.isEmpty && (node.frame.size.width <= 0 || node.frame.size.height <= 0)
    }

    private static func view(
        _ node: UIElementNode, parentOrigin: Point, inScrollContent: Bool, namer: inout Namer, root: Bool = false
    ) -> JSONValue {
        var members: [(String, JSONValue)] = []
        members.append(("name", .string(namer.name(for: node, root: root))))
        let x = node.frame.origin.x - parentOrigin.x, y = node.frame.origin.y - parentOrigin.y
        members.append(("frame", .array([x, y, node.frame.size.width, node.frame.size.height].map { located(number($0)) })))
        if !node.visible && !inScrollContent { members.append(("hidden", .bool(true))) }
        if let kind = controlKinds[node.type] {
            members.append(("control", .string(kind)))
            if !node.enabled { members.append(("enabled", .bool(false))) }
            members += controlSettings(node, kind: kind)
            return object(members)  // what is inside a control is part of it
        }
        if !node.enabled { members.append(("userInteractionEnabled", .bool(false))) }
        var childOrigin = node.frame.origin
        let scrolls = scrollTypes.contains(node.type)
        let children = node.children.filter { !isEmpty($0) }
        if scrolls {
            var minX = 0.0, minY = 0.0, maxX = node.frame.size.width, maxY = node.frame.size.height
            for child in children {
                let cx = child.frame.origin.x - node.frame.origin.x, cy = child.frame.origin.y - node.frame.origin.y
                minX = min(minX, cx)
                minY = min(minY, cy)
                maxX = max(maxX, cx + child.frame.size.width)
                maxY = max(maxY, cy + child.frame.size.height)
            }
            var settings: [(String, JSONValue)] = [("contentSize", .array([maxX - minX, maxY - minY].map { located(number($0)) }))]
            if minX < 0 || minY < 0 { settings.append(("contentOffset", .array([-minX, -minY].map { located(number($0)) }))) }
            members.append(("scrollView", object(settings)))
            childOrigin = Point(x: node.frame.origin.x + minX, y: node.frame.origin.y + minY)
        }
        if !children.isEmpty {
            let views = children.map { view($0, parentOrigin: childOrigin, inScrollContent: inScrollContent || scrolls, namer: &namer) }
            members.append(("children", .array(views.map(located))))
        }
        return object(members)
    }

    private static func controlSettings(_ node: UIElementNode, kind: String) -> [(String, JSONValue)] {
        let value = node.value?.trimmingCharacters(in: " ")
        switch kind {
        case "switch":
            return [("on", .bool(["1", "true", "on"].contains(value?.lowercased() ?? "")))]
        case "slider":
            guard var text = value, !text.isEmpty else { return [] }
            var scale = 1.0
            if text.hasSuffix("%") {
                text.removeLast()
                scale = 100
            }
            guard let number = Double(text), number.isFinite else { return [] }
            return [("value", self.number(min(max(number / scale, 0), 1)))]
        case "segmentedControl":
            let segments = node.children.filter { $0.type == "Button" }
            var settings: [(String, JSONValue)] = [("segments", number(Double(max(segments.count, 2))))]
            if let selected = segments.firstIndex(where: \.selected) { settings.append(("selectedSegmentIndex", number(Double(selected)))) }
            return settings
        case "pageControl":
            // "page 2 of 5"
            let words = (value ?? "").split(separator: " ").compactMap { Int($0) }
            guard words.count == 2, words[1] > 0 else { return [] }
            return [("numberOfPages", number(Double(words[1]))), ("currentPage", number(Double(min(max(words[0] - 1, 0), words[1] - 1))))]
        default:
            return []
        }
    }

    /// Unique view names: identifiers first come, first served; the rest by type and number.
    private struct Namer {
        var used: Set<String> = ["window", "application"]
        var counts: [String: Int] = [:]

        mutating func name(for node: UIElementNode, root: Bool) -> String {
            if let id = node.identifier, !used.contains(id) {
                used.insert(id)
                return id
            }
            let base = node.type.prefix(1).lowercased() + node.type.dropFirst()
            var name: String
            repeat {
                counts[base, default: 0] += 1
                name = "\(base)\(counts[base] ?? 1)"
            } while used.contains(name)
            used.insert(name)
            return name
        }
    }

    static func located(_ value: JSONValue) -> Located<JSONValue> { Located(value, at: SourcePosition(line: 1, column: 1)) }
    static func number(_ value: Double) -> JSONValue { .number(value, literal: TraceNumber.string(value)) }
    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(members.map { JSONMember(key: $0.0, keyPosition: SourcePosition(line: 1, column: 1), value: located($0.1)) })
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
