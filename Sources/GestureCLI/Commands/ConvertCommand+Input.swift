import Foundation
import GestureKit
import GestureTrace

/// What `convert` reads: a trace in one of the three encodings or a device recording.
enum ConvertInput {
    /// The `--from` values.
    enum Kind: String, CaseIterable {
        case json, jsonl, csv, getevent, evemu, webdriver

        /// The trace encoding, nil for recordings.
        var traceEncoding: TraceEncoding? { TraceEncoding(rawValue: rawValue) }
    }

    /// The samples to write, with what to tell people.
    struct Result {
        var header: TraceHeader
        var samples: [Sample]
        var warnings: [Diagnostic]
        /// A summary of a recording's conversion, for standard error.
        var note: String?
    }

    /// The kind of the input at `path` holding `bytes`: by extension, else by its first lines; a trace
    /// whose encoding is left to the reader's sniffing shows as `.json` when it starts with `{` or `[`
    /// and `.csv` otherwise.
    static func kind(path: String, bytes: [UInt8]) -> Kind {
        let encoding = path == "-" ? nil : TraceEncoding(pathExtensionOf: path)
        if encoding == nil || encoding == .json, WebDriverConverter.looksLikeActions(bytes) { return .webdriver }
        if path != "-", let encoding = TraceEncoding(pathExtensionOf: path) { return Kind(rawValue: encoding.rawValue) ?? .csv }
        let lower = path.lowercased()
        if lower.hasSuffix(".actions") { return .webdriver }
        if lower.hasSuffix(".events") || lower.hasSuffix(".evemu") { return .evemu }
        let text = String(decoding: bytes.prefix(1 << 16), as: UTF8.self)
        var examined = 0
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
            if line.isEmpty { continue }
            examined += 1
            if examined > 200 { break }
            if ["E: ", "A: ", "N: ", "I: ", "# EVEMU"].contains(where: { line.hasPrefix($0) }) { return .evemu }
            if line.hasPrefix("add device") || line.hasPrefix("/dev/input/") { return .getevent }
            if line.hasPrefix("[") {
                let inside = line.dropFirst().drop { $0 == " " }
                if let first = inside.first, first.isASCII, first.isNumber, line.contains("]") { return .getevent }
                return .json
            }
            if line.hasPrefix("{") { return .json }
            if line.hasPrefix("#") { continue }
            return .csv
        }
        return .csv
    }

    /// Reads the input as `kind`.
    ///
    /// - Throws: `TraceError` for an input (or `--device` file) that cannot be read or is invalid.
    static func read(_ bytes: [UInt8], kind: Kind, settings: ConvertSettings) throws(TraceError) -> Result {
        let name = TraceInputs.displayName(settings.input)
        switch kind {
        case .json, .jsonl, .csv:
            let reader =
                settings.from == nil && (settings.input == "-" || TraceEncoding(pathExtensionOf: settings.input) == nil)
                ? TraceReader(bytes: bytes, name: name)
                : TraceReader(bytes: bytes, name: name, encoding: kind.traceEncoding ?? .csv)
            let header = try reader.header()
            let samples = try reader.readAll()
            return Result(header: header, samples: samples, warnings: reader.warnings, note: nil)
        case .webdriver:
            var elements: [String: Rect] = [:]
            if let file = settings.elementsFile {
                elements = try ElementMap.load(try InputFile.read(path: file), file: TraceInputs.displayName(file))
            }
            elements.merge(settings.elements) { _, given in given }
            var options = WebDriverOptions(screen: settings.screen ?? .defaultScreen, elements: elements)
            if let rate = settings.rate { options.rate = rate }
            let conversion = try WebDriverConverter.convert(bytes: bytes, file: name, options: options)
            return Result(
                header: conversion.header, samples: conversion.samples, warnings: conversion.warnings,
                note: summary(of: conversion, name: name))
        case .getevent, .evemu:
            var options = settings.recordingOptions
            if let device = settings.device {
                options.device = try DeviceDescription(evemu: try InputFile.read(path: device), file: device)
            } else if kind == .evemu, settings.rawSize == nil, (try? DeviceDescription(evemu: bytes, file: name)) == nil,
                let beside = DescriptionFinder.descriptionBeside(settings.input),
                let bytes = try? InputFile.read(path: beside),
                let description = try? DeviceDescription(evemu: bytes, file: beside)
            {
                options.device = description
                options.deviceLabel = beside + ", found beside the recording"
                            }
            let conversion =
                kind == .getevent
                ? try GeteventConverter.convert(bytes: bytes, file: name, options: options)
                : try EvemuConverter.convert(bytes: bytes, file: name, options: options)
            let note = summary(of: conversion, name: name)
            return Result(
                header: conversion.header, samples: conversion.samples, warnings: conversion.warnings, note: note)
        }
    }

    /// `tap.txt: multitouch protocol A, 2 touches, 14 samples over 0.412 s; x 0…479, y 0…799 (...) → 390x650 pt`.
    private static func summary(of conversion: RecordingConversion, name: String) -> String {
        var touches = 0
        for sample in conversion.samples {
            if case .touch(_, .began, _, _, _) = sample.kind { touches += 1 }
        }
        let duration = (conversion.samples.last?.t ?? 0) - (conversion.samples.first?.t ?? 0)
        let samples = conversion.samples.count
        return "\(name): \(conversion.protocolName), \(touches) touch\(touches == 1 ? "" : "es"), "
            + "\(samples) sample\(samples == 1 ? "" : "s") over \(DecimalFormatting.string(duration, fractionDigits: 3)) s; "
            + conversion.mappingSummary
    }
}

/// Finds the evemu `.desc` file that describes a recording, as the evemu-devices collection lays them
/// out: `DEVICE.desc` beside `DEVICE.1-finger-drag.events`.
enum DescriptionFinder {
    /// The path of the longest-named `.desc` file in the recording's directory whose name, without
    /// `.desc`, starts the recording's name and is followed there by `.`, a space, `-` or `_`; nil
    /// when there is none.
    static func descriptionBeside(_ recording: String) -> String? {
        guard recording != "-" else { return nil }
        let url = URL(fileURLWithPath: recording)
        let directory = url.deletingLastPathComponent()
        let name = url.lastPathComponent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return nil }
        let candidates = entries.filter { entry in
            guard entry.hasSuffix(".desc") else { return false }
            let stem = String(entry.dropLast(5))
            guard !stem.isEmpty, name.hasPrefix(stem), let next = name.dropFirst(stem.count).first else { return false }
            return next == "." || next == " " || next == "-" || next == "_"
        }
        guard let best = candidates.max(by: { $0.count < $1.count }) else { return nil }
        let prefix = (recording as NSString).deletingLastPathComponent
        return prefix.isEmpty ? best : prefix + "/" + best
    }
}
