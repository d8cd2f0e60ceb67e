import Foundation

#if !canImport(CoreGraphics)
/// A two-dimensional vector (CoreGraphics' `CGVector`, which Foundation lacks on Linux).
public struct CGVector: Hashable, Sendable {
    /// The horizontal component.
    public var dx: CGFloat
    /// The vertical component.
    public var dy: CGFloat

    /// Creates a vector.
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// Creates a vector from doubles.
    public init(dx: Double, dy: Double) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }

    /// The zero vector.
    public static let zero = CGVector(dx: CGFloat(0), dy: CGFloat(0))
}

/// An affine transform (CoreGraphics' `CGAffineTransform`, which Foundation lacks on Linux):
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
public struct CGAffineTransform: Hashable, Sendable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    /// Creates a transform from its six entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The identity.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation.
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    /// A scale.
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// A rotation by `angle` radians (clockwise on screen, where y grows downwards).
    public init(rotationAngle angle: CGFloat) {
        let (s, c) = (CGFloat(sin(Double(angle))), CGFloat(cos(Double(angle))))
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// Whether this is the identity.
    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// The transform with a translation applied first.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform { CGAffineTransform(translationX: x, y: y).concatenating(self) }
    /// The transform with a scale applied first.
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform { CGAffineTransform(scaleX: x, y: y).concatenating(self) }
    /// The transform with a rotation applied first.
    public func rotated(by angle: CGFloat) -> CGAffineTransform { CGAffineTransform(rotationAngle: angle).concatenating(self) }

    /// The inverse, or `self` when it has none (as CoreGraphics does).
    public func inverted() -> CGAffineTransform {
        let det = a * d - b * c
        guard det != 0 else { return self }
        return CGAffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
}

extension CGPoint {
    /// The point transformed by `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}
#endif

/// Insets from each edge (`UIEdgeInsets`).
public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat

    /// Creates insets.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }

    /// No insets.
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// The edges of a rectangle (`UIRectEdge`).
public struct UIRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    /// Creates an edge set.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

// MARK: Engine ↔ Foundation geometry

import GestureKit

extension CGPoint {
    /// The engine's point.
    init(_ p: Point) { self.init(x: p.x, y: p.y) }
    /// As the engine's point.
    var engine: Point { Point(x: Double(x), y: Double(y)) }
}

extension CGRect {
    /// The engine's rectangle.
    init(_ r: Rect) { self.init(x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height) }
    /// As the engine's rectangle.
    var engine: Rect { Rect(x: Double(origin.x), y: Double(origin.y), width: Double(size.width), height: Double(size.height)) }
}
