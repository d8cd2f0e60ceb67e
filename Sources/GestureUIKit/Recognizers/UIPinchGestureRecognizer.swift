import Foundation
import GestureKit

/// UIKit's `UIPinchGestureRecognizer` over the engine's pinch.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    override class func makeCore() -> GestureRecognizer { PinchGestureRecognizer(name: "") }

    private var pinch: PinchGestureRecognizer? { core as? PinchGestureRecognizer }
    /// What setting `scale` multiplied the engine's scale by, until the next reset.
    private var scaleFactor: CGFloat = 1

    /// The finger distance over the distance when the pinch started (setting it rescales what
    /// it reads from now on; records keep the engine's own scale).
    open var scale: CGFloat {
        get { CGFloat(pinch?.scale ?? 1) * scaleFactor }
        set {
            let engine = CGFloat(pinch?.scale ?? 1)
            scaleFactor = engine == 0 ? 1 : newValue / engine
        }
    }

    /// The scale's rate of change per second.
    open var velocity: CGFloat { CGFloat(pinch?.velocity ?? 0) }

    override func clearFigures() { scaleFactor = 1 }
}
