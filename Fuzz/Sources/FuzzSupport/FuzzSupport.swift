#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GestureKit
@testable import GestureTrace

// What every fuzz target shares: the libFuzzer driver, a failing check that libFuzzer records as a crash,
// and the oracles (a parsed trace writes and reads back unchanged; the engine keeps its invariants).

/// libFuzzer's entry point for programs with their own `main` (SwiftPM names an executable's entry
/// `<Module>_main` and links `main` to it, so each target defines that and calls this).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the program's arguments, calling `testOneInput` for each input.
public func runFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, testOneInput)
}

/// The bytes libFuzzer passes.
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// The oracle of the trace encodings' targets: the input read as a trace in `encoding` (in two ways
/// that must agree), then, when it is one, written in each encoding and read back.
public func fuzzTrace(_ data: UnsafePointer<UInt8>?, _ size: Int, encoding: TraceEncoding) -> CInt {
    if let trace = readTrace(fuzzBytes(data, size), encoding: encoding) { checkRoundTrips(trace) }
    return 0
}

/// The oracle of the device recordings' targets: a conversion of the input that succeeds must be a valid
/// trace that round-trips and keeps the engine invariants (``checkConversion(_:)``).
public func fuzzConversion(
    _ data: UnsafePointer<UInt8>?, _ size: Int, _ convert: ([UInt8]) throws -> RecordingConversion
) -> CInt {
    if let conversion = try? convert(fuzzBytes(data, size)) { checkConversion(conversion) }
    return 0
}

/// Stops the process (libFuzzer then saves the input as a crash) when `condition` is false.
public func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if condition { return }
    let text = "fuzz check failed: " + message() + "\n"
    var bytes = Array(text.utf8)
    _ = write(2, &bytes, bytes.count)
    abort()
}

/// A trace read completely.
public struct ParsedTrace: Equatable {
    public var header: TraceHeader
    public var samples: [Sample]
    public var warnings: [Diagnostic]
}

/// Reads `bytes` as a trace in `encoding` (sniffed when nil), header first as the CLI does; nil when it is
/// rejected. A rejection must be a positioned error, and the reader must stay failed after it. The result
/// must not depend on how the bytes arrive: it is compared with a read in small chunks from a source that
/// cannot seek (a pipe).
public func readTrace(_ bytes: [UInt8], encoding: TraceEncoding?, name: String = "fuzz") -> ParsedTrace? {
    let reference = read(bytes, encoding: encoding, name: name, chunkSize: 1 << 16, seekable: true)
    let chunkSize = 1 + bytes.count % 5
    let seekable = bytes.count % 2 == 0
    let other = read(bytes, encoding: encoding, name: name, chunkSize: chunkSize, seekable: seekable)
    check(other == reference, "chunk size \(chunkSize), seekable \(seekable) reads otherwise: \(other) instead of \(reference)")
    let general = read(bytes, encoding: encoding, name: name, chunkSize: 1 << 16, seekable: true, fastPath: false)
    check(general == reference, "the general reader reads otherwise: \(general) instead of \(reference)")
    checkOnlyChecking(bytes, encoding: encoding, name: name, against: reference)
    guard case .read(let trace) = reference else { return nil }
    return trace
}

/// Checks that `readToEnd()` (what `validate` calls: x, y, force and radius checked without being converted)
/// decides what reading every sample decided: the same count, first and last `t` and warnings, or the same error.
func checkOnlyChecking(_ bytes: [UInt8], encoding: TraceEncoding?, name: String, against reference: Outcome) {
    do {
        let reader = try TraceReader(
            source: MemorySource(bytes, seekable: true), name: name, encoding: encoding, chunkSize: 1 << 16)
        _ = try reader.header()
        let (count, first) = try reader.readToEnd()
        guard case .read(let trace) = reference else {
            check(false, "readToEnd() read \(count) samples where reading them failed: \(reference)")
            return
        }
        check(count == trace.samples.count, "readToEnd() counted \(count) samples, not \(trace.samples.count)")
        check(first == trace.samples.first?.t, "readToEnd() gave the first t \(String(describing: first))")
        check(reader.lastT == trace.samples.last?.t, "readToEnd() left the last t \(String(describing: reader.lastT))")
        check(reader.warnings == trace.warnings, "readToEnd() warned otherwise: \(reader.warnings)")
    } catch {
        check(reference == .failed(error), "readToEnd() failed otherwise: \(error) instead of \(reference)")
    }
}

/// What reading a trace gave: the trace, or the error.
enum Outcome: Equatable {
    case read(ParsedTrace)
    case failed(TraceError)
}

/// Reads `bytes` with the reader's own chunk size and seekability.
func read(
    _ bytes: [UInt8], encoding: TraceEncoding?, name: String, chunkSize: Int, seekable: Bool, fastPath: Bool = true
) -> Outcome {
    let reader: TraceReader
    do {
        reader = try TraceReader(
            source: MemorySource(bytes, seekable: seekable), name: name, encoding: encoding, chunkSize: chunkSize,
            fastPath: fastPath)
    } catch {
        checkRejection(error, name: name)
        return .failed(error)
    }
    do {
        let header = try reader.header()
        var samples: [Sample] = []
        var lastT = -Double.infinity
        while let sample = try reader.next() {
            check(sample.t.isFinite && sample.t >= lastT, "sample times go back or are not finite: \(lastT) then \(sample.t)")
            lastT = sample.t
            samples.append(sample)
        }
        check(try reader.next() == nil, "next() after the end returned a sample")
        return .read(ParsedTrace(header: header, samples: samples, warnings: reader.warnings))
    } catch {
        checkRejection(error, name: name)
        // A failed reader stays failed.
        do {
            _ = try reader.next()
            check(false, "next() after an error returned instead of throwing")
        } catch let again {
            check(again == error, "a failed reader threw another error: \(again) after \(error)")
        }
        return .failed(error)
    }
}

/// Checks that a rejection is a positioned error in the file read.
func checkRejection(_ error: TraceError, name: String) {
    switch error {
    case .invalid(let diagnostic):
        check(diagnostic.file == name, "a diagnostic for another file: \(diagnostic)")
        check(diagnostic.position.line >= 1 && diagnostic.position.column >= 1, "a diagnostic without a position: \(diagnostic)")
        check(diagnostic.severity == .error, "a rejection that is not an error: \(diagnostic)")
        check(!diagnostic.message.isEmpty, "an error without a message")
    case .cannotOpen:
        check(false, "reading memory failed to open: \(error)")
    }
}

/// Checks that writing `trace` in each encoding and reading it back gives the same samples, and that
/// writing what was read gives the same bytes (convert round trips are lossless).
public func checkRoundTrips(_ trace: ParsedTrace) {
    for encoding in TraceEncoding.allCases {
        let text: String
        do {
            text = try TraceWriter.write(trace.samples, header: trace.header, as: encoding)
        } catch {
            // Only CSV refuses, and only string ids it cannot hold.
            check(encoding == .csv, "writing \(encoding) failed: \(error)")
            continue
        }
        guard let back = readTrace(Array(text.utf8), encoding: encoding, name: "written") else {
            check(false, "the \(encoding) that TraceWriter wrote does not read back:\n\(text)")
            return
        }
        check(back.samples == trace.samples, "the \(encoding) round trip changed the samples:\n\(text)")
        check(back.header.screenOrDefault == trace.header.screenOrDefault, "the \(encoding) round trip changed the screen")
        check(back.warnings.count == trace.warnings.count, "the \(encoding) round trip changed the warnings")
        let again = try? TraceWriter.write(back.samples, header: back.header, as: encoding)
        check(again == text, "writing the \(encoding) read back gives other bytes:\n\(text)\n---\n\(again ?? "nil")")
    }
}

/// Runs `samples` through `scene` and checks the engine's invariants: records in time order, every
/// recognizer's transitions a legal path that ends back in `possible` (a final state), each touch that began
/// at a responder ended or cancelled exactly once, and a second run gives the same records.
public func checkEngine(_ samples: [Sample], scene: SceneDescription, screen: Size) {
    guard let first = analyze(samples, scene: scene, screen: screen) else { return }
    let violations = RecordInvariants.violations(in: first)
    check(violations.isEmpty, violations.joined(separator: "\n"))
    check(analyze(samples, scene: scene, screen: screen) == first, "a second run gives other records")
}

/// The records of one run with deliveries, or nil when the scene cannot be built.
public func analyze(_ samples: [Sample], scene: SceneDescription, screen: Size) -> [AnalysisRecord]? {
    guard let engine = try? Engine(scene: scene, screen: screen, options: EngineOptions(deliveries: true)) else {
        return nil
    }
    final class Collector { var records: [AnalysisRecord] = [] }
    let collector = Collector()
    engine.onRecord = { collector.records.append($0) }
    for sample in samples { engine.process(sample) }
    engine.finish()
    return collector.records
}

/// A trace that every scene fuzz input is run with: a tap, a double tap, a two-finger pinch and a long drag.
public let sceneProbeTrace: [Sample] = {
    var samples: [Sample] = [
        .touch(0, id: .number(1), .began, x: 100, y: 300),
        .touch(0.08, id: .number(1), .ended, x: 100, y: 300),
        .touch(0.2, id: .number(1), .began, x: 102, y: 301),
        .touch(0.28, id: .number(1), .ended, x: 102, y: 301),
        .touch(1, id: .number(1), .began, x: 150, y: 400),
        .touch(1, id: .number(2), .began, x: 250, y: 400),
    ]
    for step in 1...20 {
        let t = 1 + Double(step) / 60
        let d = Double(step) * 4
        samples.append(.touch(t, id: .number(1), .moved, x: 150 - d, y: 400 - d / 2))
        samples.append(.touch(t, id: .number(2), .moved, x: 250 + d, y: 400 + d / 2))
    }
    samples.append(.touch(1.5, id: .number(1), .ended, x: 70, y: 360))
    samples.append(.touch(1.5, id: .number(2), .cancelled, x: 330, y: 440))
    samples.append(.touch(2, id: .number(3), .began, x: 5, y: 500))
    for step in 1...30 {
        samples.append(.touch(2 + Double(step) / 60, id: .number(3), .moved, x: 5 + Double(step) * 10, y: 500))
    }
    samples.append(.touch(3, id: .number(3), .ended, x: 305, y: 500))
    return samples
}()

/// Checks a recording's conversion: its samples are a valid trace with every touch ended (the converter
/// cancels the contacts still down), it round-trips through every encoding, and the engine keeps its
/// invariants on it.
public func checkConversion(_ conversion: RecordingConversion) {
    let text: String
    do {
        text = try TraceWriter.write(conversion.samples, header: conversion.header, as: .jsonl)
    } catch {
        check(false, "a conversion that JSON Lines cannot hold: \(error)")
        return
    }
    guard let trace = readTrace(Array(text.utf8), encoding: .jsonl, name: "converted") else {
        check(false, "a conversion that is not a valid trace:\n\(text)")
        return
    }
    check(trace.samples == conversion.samples, "a conversion that does not read back as written:\n\(text)")
    check(trace.warnings.isEmpty, "a conversion that leaves touches down: \(trace.warnings)")
    checkRoundTrips(trace)
    checkEngine(trace.samples, scene: .defaultScene(screen: trace.header.screenOrDefault), screen: trace.header.screenOrDefault)
}
