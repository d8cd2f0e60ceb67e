import GestureKit
@testable import GestureTrace

/// Everything a reader produced for one input.
struct ReadResult: Equatable {
    var header: TraceHeader
    var samples: [Sample]
    var warnings: [String]
    var lastSamplePosition: SourcePosition
}

/// Reads `text` completely: the header first (as the CLI does), then every sample.
func read(
    _ text: String, as encoding: TraceEncoding?, name: String = "trace", chunkSize: Int = 1 << 16,
    seekable: Bool = true, headerFirst: Bool = true
) throws(TraceError) -> ReadResult {
    try read(bytes: Array(text.utf8), as: encoding, name: name, chunkSize: chunkSize, seekable: seekable,
        headerFirst: headerFirst)
}

/// `read(_:as:...)` of raw bytes.
func read(
    bytes: [UInt8], as encoding: TraceEncoding?, name: String = "trace", chunkSize: Int = 1 << 16,
    seekable: Bool = true, headerFirst: Bool = true
) throws(TraceError) -> ReadResult {
    let reader = try TraceReader(
        source: MemorySource(bytes, seekable: seekable), name: name, encoding: encoding, chunkSize: chunkSize)
    var header = TraceHeader()
    if headerFirst { header = try reader.header() }
    let samples = try reader.readAll()
    if !headerFirst { header = try reader.header() }
    return ReadResult(
        header: header, samples: samples, warnings: reader.warnings.map(\.description),
        lastSamplePosition: reader.lastSamplePosition)
}

/// The description of the first error reading `text`, or nil when it reads without error.
func firstError(_ text: String, as encoding: TraceEncoding, name: String, chunkSize: Int = 1 << 16) -> String? {
    firstError(bytes: Array(text.utf8), as: encoding, name: name, chunkSize: chunkSize)
}

/// `firstError(_:as:name:)` of raw bytes.
func firstError(bytes: [UInt8], as encoding: TraceEncoding, name: String, chunkSize: Int = 1 << 16) -> String? {
    do {
        _ = try read(bytes: bytes, as: encoding, name: name, chunkSize: chunkSize)
        return nil
    } catch {
        return error.description
    }
}

/// A touch sample, briefly.
func touch(
    _ t: Double, _ id: Int, _ phase: TouchPhase, _ x: Double, _ y: Double, force: Double? = nil, radius: Double? = nil
) -> Sample {
    .touch(t, id: .number(id), phase, x: x, y: y, force: force, radius: radius)
}
