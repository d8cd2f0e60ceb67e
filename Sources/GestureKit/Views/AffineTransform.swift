#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A view's affine transform (`UIView.transform`, CoreGraphics' `CGAffineTransform`):
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`, applied about the view's centre as UIKit applies it.
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// Creates a transform from its six entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The identity.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A rotation by `angle` radians (clockwise on screen, where y grows downwards).
    public init(rotationAngle angle: Double) {
        let (s, c) = (sin(angle), cos(angle))
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// `point` transformed.
    public func apply(_ point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The inverse, or nil when the transform has none (a scale of zero).
    public var inverted: AffineTransform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det, tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
}

extension View {
    /// The view's centre, half its size: the point of its own (frame-relative) coordinates that
    /// its transform turns about.
    private var halfSize: Point { Point(x: frame.size.width / 2, y: frame.size.height / 2) }

    /// Converts a point from the superview's content coordinates (its bounds, scroll offset
    /// included) to this view's frame-relative coordinates (its bounds without its own scroll
    /// offset): through the inverse transform about the centre when the view has a transform. A
    /// transform without an inverse maps every point outside the view.
    @inline(__always)
    func frameRelative(fromSuperviewContent point: Point) -> Point {
        guard let transform else { return point - frame.origin }
        guard let inverse = transform.inverted else { return Point(x: -.infinity, y: -.infinity) }
        return inverse.apply(point - frame.origin - halfSize) + halfSize
    }

    /// Converts a point from this view's frame-relative coordinates to the superview's content
    /// coordinates.
    func superviewContent(fromFrameRelative point: Point) -> Point {
        guard let transform else { return point + frame.origin }
        return transform.apply(point - halfSize) + halfSize + frame.origin
    }

    /// ``convertFromWindow(_:)`` through every transform of the view and its ancestors.
    func convertFromWindowThroughTransforms(_ point: Point) -> Point {
        guard let superview else { return frameRelative(fromSuperviewContent: point) + boundsOrigin }
        return frameRelative(fromSuperviewContent: superview.convertFromWindowThroughTransforms(point)) + boundsOrigin
    }

    /// ``convertToWindow(_:)`` through every transform of the view and its ancestors.
    func convertToWindowThroughTransforms(_ point: Point) -> Point {
        let inSuperview = superviewContent(fromFrameRelative: point - boundsOrigin)
        guard let superview else { return inSuperview }
        return superview.convertToWindowThroughTransforms(inSuperview)
    }

    /// Whether the view or an ancestor has a transform (conversions to and from the window are
    /// then more than a translation).
    public var isTransformedInWindow: Bool {
        var current: View? = self
        while let view = current {
            if view.transform != nil { return true }
            current = view.superview
        }
        return false
    }
}
