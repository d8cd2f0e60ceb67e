import Foundation

/// The closure of a `UIAction`.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// UIKit's `UIAction` as controls use it (`addAction(_:for:)`, `UIButton(primaryAction:)`): a
/// closure with a title and an identifier.
@preconcurrency @MainActor
open class UIAction {
    /// An action's identifier (`UIAction.Identifier`).
    public struct Identifier: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The title.
    open var title: String
    /// The identifier (a unique one unless given).
    public let identifier: Identifier
    /// The title for accessibility and discoverability.
    open var discoverabilityTitle: String?
    /// The control sending the action while its handler runs, nil otherwise.
    open internal(set) var sender: Any?
    let handler: UIActionHandler

    /// Creates an action.
    public init(title: String = "", identifier: Identifier? = nil, discoverabilityTitle: String? = nil, handler: @escaping UIActionHandler) {
        self.title = title
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.discoverabilityTitle = discoverabilityTitle
        self.handler = handler
    }

    /// Runs the handler with `sender` set.
    func perform(from sender: Any?) {
        self.sender = sender
        defer { self.sender = nil }
        handler(self)
    }
}
