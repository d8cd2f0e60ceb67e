#if !canImport(ObjectiveC)
/// A stand-in for Objective-C's `Selector` on platforms without the Objective-C runtime.
///
/// `#selector(handle(_:))` does not compile there; write `Selector("handle:")` (or use
/// ``UIGestureRecognizer/addAction(_:)``). A selector is only a name: a target receives it through
/// ``UIGestureRecognizerActionTarget`` since nothing can look a method up by name.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method's name, as `#selector` would spell it (`"handle:"`).
    public let name: String

    /// Creates a selector from a method name.
    public init(_ name: String) { self.name = name }

    /// Creates a selector from a string literal.
    public init(stringLiteral name: String) { self.name = name }

    /// The name.
    public var description: String { name }
}
#endif

/// A target that receives action messages by name, since without the Objective-C runtime a
/// selector cannot be performed: `init(target:action:)` and `addTarget(_:action:)` call
/// ``perform(_:with:)`` on targets that adopt this protocol, and record the others only.
@preconcurrency @MainActor
public protocol UIGestureRecognizerActionTarget: AnyObject {
    /// Called with the action's selector and the recognizer that sent it.
    func perform(_ action: Selector, with recognizer: UIGestureRecognizer)
}
