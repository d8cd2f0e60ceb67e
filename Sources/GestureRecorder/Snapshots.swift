import GestureKit

/// The numbers of one touch of one event, copied from a `UITouch` on the main thread.
///
/// `identity` tells touches apart while they are down (the adapter uses the `UITouch` object's
/// address: UIKit keeps one object per finger for the touch's whole life, and may reuse it later).
public struct TouchSnapshot: Hashable, Sendable {
    /// Which touch this is while it is down.
    public var identity: UInt
    /// `UITouch.phase`.
    public var phase: TouchPhase
    /// `location(in: nil)`: window coordinates, in points.
    public var location: Point
    /// `UITouch.force`, when the device measures it.
    public var force: Double?
    /// `UITouch.majorRadius`, in points.
    public var radius: Double?

    /// Creates a snapshot.
    public init(identity: UInt, phase: TouchPhase, location: Point, force: Double? = nil, radius: Double? = nil) {
        self.identity = identity
        self.phase = phase
        self.location = location
        self.force = force
        self.radius = radius
    }
}

/// Where a recording's bytes go: a file, a callback, a test's memory. Called on the recorder's
/// writing queue, never on the main thread.
public protocol RecordingSink: AnyObject, Sendable {
    /// Appends bytes.
    func write(_ bytes: [UInt8])
    /// No more bytes will come.
    func close()
}

/// A sink that hands every chunk of bytes to a closure (on the recorder's writing queue).
public final class CallbackSink: RecordingSink {
    private let handler: @Sendable ([UInt8]) -> Void

    /// Creates a sink calling `handler` with each chunk.
    public init(_ handler: @escaping @Sendable ([UInt8]) -> Void) { self.handler = handler }

    /// Calls the handler.
    public func write(_ bytes: [UInt8]) { handler(bytes) }

    /// Nothing to close.
    public func close() {}
}
