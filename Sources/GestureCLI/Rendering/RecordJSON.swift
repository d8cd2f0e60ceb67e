import GestureKit

extension DeliveryMethod {
    /// Whether this is one of the four touch methods.
    var isTouchMethod: Bool {
        switch self {
        case .touchesBegan, .touchesMoved, .touchesEnded, .touchesCancelled: return true
        case .motionBegan, .motionEnded, .motionCancelled, .remoteControlReceived: return false
        }
    }
}
