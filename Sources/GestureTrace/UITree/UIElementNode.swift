import GestureKit

/// One element of a UI test's view of the screen: an Appium XCUITest page source element or a line
/// of XCUITest's element tree (`debugDescription`), with what a scene needs of it.
public struct UIElementNode: Sendable, Hashable {
    /// The element type without its `XCUIElementType` prefix: `Button`, `ScrollView`, `Other`.
    public var type: String
    /// The accessibility identifier (Appium's `name`, which falls back to the label when the
    /// element has no identifier), or nil.
    public var identifier: String?
    /// The accessibility label, or nil.
    public var label: String?
    /// The accessibility value as the source writes it (`1`, `50%`, `page 2 of 5`), or nil.
    public var value: String?
    /// The frame in screen coordinates.
    public var frame: Rect
    /// `enabled` (false: `Disabled` in an element tree).
    public var enabled = true
    /// `visible` (page sources only; an element tree lists what exists).
    public var visible = true
    /// `Selected` (element trees) or `selected="true"`.
    public var selected = false
    /// The elements inside it, back to front.
    public var children: [UIElementNode] = []
    /// Where it is in its file.
    public var position: SourcePosition

    /// Creates an element.
    public init(type: String, frame: Rect, position: SourcePosition) {
        self.type = type
        self.frame = frame
        self.position = position
    }

    /// Every element of the subtree, this one first, depth first.
    public var all: [UIElementNode] { [self] + children.flatMap(\.all) }
}

/// Reads a UI test's description of the screen: an Appium page source (XML) or an XCUITest
/// element tree (text), told apart by their first characters.
public enum UITreeReader {
    /// The root element of `bytes` (the application element, or the first one of an element tree).
    ///
    /// - Throws: `TraceError.invalid` at `FILE:LINE:COLUMN` for a source that is neither, or an
    ///   element without a frame.
    public static func read(_ bytes: [UInt8], file: String) throws(TraceError) -> UIElementNode {
        let text = String(decoding: bytes, as: UTF8.self)
        let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if start.hasPrefix("<") { return try PageSourceReader.read(text, file: file) }
        return try ElementTreeReader.read(text, file: file)
    }

    /// The element map of a tree for WebDriver element origins: each identifier (and each label
    /// that is no identifier) to its frame; the first element of a name wins.
    public static func elementMap(_ root: UIElementNode) -> [String: Rect] {
        var map: [String: Rect] = [:]
        for element in root.all where element.frame.size.width > 0 && element.frame.size.height > 0 {
            if let id = element.identifier, map[id] == nil { map[id] = element.frame }
        }
        for element in root.all where element.frame.size.width > 0 && element.frame.size.height > 0 {
            if let label = element.label, !label.isEmpty, map[label] == nil { map[label] = element.frame }
        }
        return map
    }

    static func error(_ file: String, _ position: SourcePosition, _ message: String) -> TraceError {
        .invalid(Diagnostic(file: file, position: position, severity: .error, message: message))
    }
}
