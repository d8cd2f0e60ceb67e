import Foundation
import GestureKit

/// UIKit's `UIScreen` as a window's `screen`: a coordinate space whose coordinates are the window's.
@preconcurrency @MainActor
public final class UIScreen: NSObject, UICoordinateSpace {
    /// The screen in points.
    public let bounds: CGRect
    /// 3: points to pixels of the iPhones whose screen the traces default to (traces carry no scale).
    public let scale: CGFloat = 3
    /// Pixels per point of the panel (the same as ``scale`` here).
    public var nativeScale: CGFloat { scale }

    /// The main screen: 390×844 points, the screen traces default to (a window built in code may be
    /// any size; its `screen` is its own).
    public static let main = UIScreen(bounds: CGRect(x: 0, y: 0, width: Size.defaultScreen.width, height: Size.defaultScreen.height))

    init(bounds: CGRect) {
        self.bounds = bounds
        super.init()
    }

    /// Converts `point` from screen (window) coordinates to `coordinateSpace`.
    public func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
        (coordinateSpace as? UIView)?.convert(point, from: nil) ?? point
    }

    /// Converts `point` from `coordinateSpace` to screen (window) coordinates.
    public func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
        (coordinateSpace as? UIView)?.convert(point, to: nil) ?? point
    }

    /// Converts `rect` from screen (window) coordinates to `coordinateSpace`.
    public func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        rect.mapCorners { convert($0, to: coordinateSpace) }
    }

    /// Converts `rect` from `coordinateSpace` to screen (window) coordinates.
    public func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        rect.mapCorners { convert($0, from: coordinateSpace) }
    }

    /// The screen itself.
    public var coordinateSpace: UICoordinateSpace { self }
    /// The screen itself.
    public var fixedCoordinateSpace: UICoordinateSpace { self }
}
