import GestureKit

/// The values one absolute axis of an input device reports, as its `input_absinfo` minimum and maximum.
///
/// See also: `DeviceDescription`, `ScreenMapping`.
public struct AxisRange: Hashable, Sendable, CustomStringConvertible {
    /// The smallest value.
    public var minimum: Int
    /// The largest value.
    public var maximum: Int

    /// Creates a range; a maximum below the minimum is raised to it.
    public init(minimum: Int, maximum: Int) {
        self.minimum = minimum
        self.maximum = max(minimum, maximum)
    }

    /// How many distinct values the axis has, `maximum - minimum + 1`: a 480-pixel-wide screen reports
    /// x from 0 to 479, a span of 480.
    public var span: Double { Double(maximum) - Double(minimum) + 1 }

    /// `0…1279`.
    public var description: String { "\(minimum)…\(maximum)" }
}

/// What is known about a recorded input device: its name and the ranges of its absolute axes, keyed by
/// event code (`0x35` is `ABS_MT_POSITION_X`).
///
/// Read from an evemu `.desc` file (`A: 35 0 1279 0 0 0`), from the description lines at the top of an
/// evemu recording, or from `getevent -lp` output included in a getevent log.
///
/// See also: `EvemuConverter`, `GeteventConverter`.
public struct DeviceDescription: Hashable, Sendable {
    /// The device's name (`N:` line, `name:` of getevent), if given.
    public var name: String?
    /// The ranges of the absolute axes, by code.
    public var ranges: [UInt16: AxisRange]

    /// Creates a description.
    public init(name: String? = nil, ranges: [UInt16: AxisRange] = [:]) {
        self.name = name
        self.ranges = ranges
    }

    /// The range of the first of `codes` the description has.
    func range(_ codes: [UInt16]) -> AxisRange? {
        for code in codes { if let range = ranges[code] { return range } }
        return nil
    }
}

/// Maps raw device units to screen points: both axes scaled by one factor, so that the device's
/// area fits the target screen and keeps its aspect ratio, with the device's minimum at the top-left.
///
/// The written screen is the target when the device fills it (within a point on each axis); otherwise
/// it is the device's area in points, rounded up to a hundredth, so that every touch lies inside it.
/// Coordinates are rounded to a thousandth of a point, far below any digitizer's resolution.
///
/// ```swift
/// let mapping = ScreenMapping(x: AxisRange(minimum: 0, maximum: 479), y: AxisRange(minimum: 0, maximum: 799),
///                             target: Size(width: 390, height: 844))
/// mapping.screen            // 390 × 650: a 480 × 800 phone is shorter than the target
/// mapping.point(240, 400)   // (195, 325)
/// ```
struct ScreenMapping {
    /// The x axis range.
    let x: AxisRange
    /// The y axis range.
    let y: AxisRange
    /// Points per raw unit, on both axes.
    let scale: Double
    /// The screen to write in the trace's header.
    let screen: Size

    /// The mapping of `x` × `y` onto `target`.
    init(x: AxisRange, y: AxisRange, target: Size) {
        self.x = x
        self.y = y
        scale = min(target.width / x.span, target.height / y.span)
        let width = x.span * scale
        let height = y.span * scale
        if target.width - width < 1, target.height - height < 1 {
            screen = target
        } else {
            screen = Size(width: Self.roundedUp(width), height: Self.roundedUp(height))
        }
    }

    /// The point for raw values, clamped into the ranges; `clamped` tells whether a value was outside.
    func point(_ rawX: Int32, _ rawY: Int32) -> (point: Point, clamped: Bool) {
        let cx = min(max(Int(rawX), x.minimum), x.maximum)
        let cy = min(max(Int(rawY), y.minimum), y.maximum)
        let point = Point(
            x: Self.rounded(Double(cx - x.minimum) * scale, places: 1000),
            y: Self.rounded(Double(cy - y.minimum) * scale, places: 1000))
        return (point, cx != Int(rawX) || cy != Int(rawY))
    }

    /// Half a length along the x axis, in points: the radius of a contact whose size is `raw`.
    func radius(_ raw: Int32) -> Double {
        Self.rounded(Double(max(0, raw)) * scale / 2, places: 1000)
    }

    /// `value` rounded to the nearest `1 / places`.
    static func rounded(_ value: Double, places: Double) -> Double {
        (value * places).rounded() / places
    }

    /// `value` rounded up to a hundredth (a value already on a hundredth stays), and at least a
    /// hundredth: a screen of width 0 is not a screen (a 1-unit-wide device on a tall screen).
    private static func roundedUp(_ value: Double) -> Double {
        let nearest = (value * 100).rounded() / 100
        return max(0.01, nearest >= value - 1e-9 ? nearest : ((value * 100).rounded(.up)) / 100)
    }
}
