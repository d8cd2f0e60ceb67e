import Foundation
import GestureKit

/// The coordinate space of a screen or view (`UICoordinateSpace`), as far as a screen is one.
public protocol UICoordinateSpace: AnyObject {
    /// The space's bounds.
    var bounds: CGRect { get }
}

/// UIKit's `UIScreen` as a window's `screen`.
public final class UIScreen: UICoordinateSpace {
    /// The screen in points.
    public let bounds: CGRect
    /// 3: points to pixels of the iPhones whose screen the traces default to (traces carry no scale).
    public let scale: CGFloat = 3
    /// Pixels per point of the panel (the same as ``scale`` here).
    public var nativeScale: CGFloat { scale }

    init(bounds: CGRect) { self.bounds = bounds }

    /// The screen itself.
    public var coordinateSpace: UICoordinateSpace { self }
    /// The screen itself.
    public var fixedCoordinateSpace: UICoordinateSpace { self }
}
