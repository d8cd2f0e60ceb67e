/// A point in a two-dimensional coordinate space, in points (UIKit's unit).
///
/// The origin is the top-left corner and `y` grows downwards, as in UIKit.
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate, growing downwards.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, `(0, 0)`.
    public static let zero = Point(x: 0, y: 0)

    /// The distance from the origin.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// Component-wise sum.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// Component-wise difference.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// Scales both components.
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    /// Divides both components.
    public static func / (a: Point, k: Double) -> Point { Point(x: a.x / k, y: a.y / k) }

    /// The distance between two points.
    public func distance(to other: Point) -> Double { (other - self).length }
}

/// A width and a height, in points.
public struct Size: Hashable, Sendable {
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The screen of the traces that do not say otherwise: 390 × 844 points (iPhone 12 to 16).
    public static let defaultScreen = Size(width: 390, height: 844)
}

/// An axis-aligned rectangle: an origin and a size, in points.
public struct Rect: Hashable, Sendable {
    /// The top-left corner.
    public var origin: Point
    /// The extent.
    public var size: Size

    /// Creates a rectangle from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }

    /// Whether `point` lies inside, counting the top and left edges in and the bottom and right edges out
    /// (`CGRectContainsPoint`).
    public func contains(_ point: Point) -> Bool {
        point.x >= origin.x && point.y >= origin.y
            && point.x < origin.x + size.width && point.y < origin.y + size.height
    }
}
