import Foundation
import GestureKit

/// UIKit's `UIRotationGestureRecognizer` over the engine's rotation.
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    override class func makeCore() -> GestureRecognizer { RotationGestureRecognizer(name: "") }

    private var turn: RotationGestureRecognizer? { core as? RotationGestureRecognizer }
    /// What setting `rotation` added to the engine's rotation, until the next reset.
    private var rotationOffset: CGFloat = 0

    /// Radians turned, clockwise on screen (setting it changes what it reads from now on; records
    /// keep the engine's own rotation).
    open var rotation: CGFloat {
        get { CGFloat(turn?.rotation ?? 0) + rotationOffset }
        set { rotationOffset = newValue - CGFloat(turn?.rotation ?? 0) }
    }

    /// Radians per second.
    open var velocity: CGFloat { CGFloat(turn?.velocity ?? 0) }

    override func clearFigures() { rotationOffset = 0 }
}
