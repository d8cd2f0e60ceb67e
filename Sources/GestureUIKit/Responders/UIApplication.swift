import Foundation

/// UIKit's `UIApplication` as the last responder of every chain: touches no responder keeps end
/// here, as records say (`application`).
@preconcurrency @MainActor
open class UIApplication: UIResponder {
    /// The application.
    public static let shared = UIApplication()

    private override init() { super.init() }

    override var responderName: String { "application" }

    override var keepsUnhandledTouches: Bool { true }
}
