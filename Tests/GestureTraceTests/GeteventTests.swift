import Foundation
import GestureKit
import Testing

@testable import GestureTrace

/// `GeteventConverter`: the three ways Android reports touches, axis ranges, and odd logs.
@Suite struct GeteventTests {}

/// Converts getevent text (or a fixture) and checks that the result is a valid trace.
func convertGetevent(
    _ text: String, rawSize: RawSize? = nil, screen: Size = .defaultScreen, file: String = "log.txt"
) throws -> RecordingConversion {
    let conversion = try GeteventConverter.convert(
        bytes: Array(text.utf8), file: file, options: RecordingOptions(screen: screen, rawSize: rawSize))
    try expectValidTrace(conversion)
    return conversion
}

/// Writes the conversion as JSON Lines and reads it back: no error, no warning, the same samples.
func expectValidTrace(_ conversion: RecordingConversion) throws {
    let text = try TraceWriter.write(conversion.samples, header: conversion.header, as: .jsonl)
    let back = try read(text, as: .jsonl)
    #expect(back.samples == conversion.samples)
    #expect(back.warnings.isEmpty, "\(back.warnings)")
}

/// One getevent -lt line.
func geteventLine(_ t: String, _ type: String, _ code: String, _ value: String) -> String {
    "[\(String(repeating: " ", count: max(0, 13 - t.count)))\(t)] \(type) \(code) \(value)\n"
}

extension GeteventTests {
    @Test func protocolBSlots() throws {
        let text = try String(contentsOf: RecordingPaths.fixture("getevent-protocol-b.txt"), encoding: .utf8)
        let conversion = try convertGetevent(text, rawSize: RawSize(width: 1080, height: 2340))
        #expect(conversion.header.screen == Size(width: 390, height: 844))
        #expect(conversion.protocolName == "multitouch protocol B (slots)")
        #expect(conversion.warnings.isEmpty)
        #expect(conversion.samples == [
            .touch(0, id: .number(1), .began, x: 144.274, y: 288.547),
            .touch(0.016, id: .number(2), .began, x: 216.41, y: 288.547),
            .touch(0.032, id: .number(1), .moved, x: 138.503, y: 288.547),
            .touch(0.032, id: .number(2), .moved, x: 222.181, y: 288.547),
            .touch(0.048, id: .number(1), .ended, x: 138.503, y: 288.547),
            .touch(0.064, id: .number(2), .ended, x: 222.181, y: 288.547),
        ])
    }

    @Test func protocolAMatchesContactsByPositionAndEndsThemWithAnEmptyFrame() throws {
        let text = try String(contentsOf: RecordingPaths.fixture("getevent-protocol-a.txt"), encoding: .utf8)
        #expect(text.contains("\r\n"))
        let conversion = try convertGetevent(text, rawSize: RawSize(width: 390, height: 844))
        #expect(conversion.protocolName == "multitouch protocol A")
        #expect(conversion.warnings.isEmpty)
        #expect(conversion.samples == [
            .touch(0, id: .number(1), .began, x: 100, y: 200),
            .touch(0, id: .number(2), .began, x: 300, y: 200),
            .touch(0.02, id: .number(2), .moved, x: 310, y: 200),
            .touch(0.02, id: .number(1), .moved, x: 90, y: 200),
            .touch(0.04, id: .number(2), .ended, x: 310, y: 200),
            .touch(0.04, id: .number(1), .moved, x: 80, y: 200),
            .touch(0.06, id: .number(1), .ended, x: 80, y: 200),
        ])
    }

    @Test func singleTouch() throws {
        let text = try String(contentsOf: RecordingPaths.fixture("getevent-single-touch.txt"), encoding: .utf8)
        let conversion = try convertGetevent(text, rawSize: RawSize(width: 390, height: 844))
        #expect(conversion.protocolName.hasPrefix("single-touch"))
        #expect(conversion.samples == [
            .touch(0, id: .number(1), .began, x: 200, y: 400),
            .touch(0.02, id: .number(1), .moved, x: 230, y: 400),
            .touch(0.04, id: .number(1), .moved, x: 260, y: 410),
            .touch(0.06, id: .number(1), .ended, x: 260, y: 410),
            .touch(1, id: .number(2), .began, x: 100, y: 100),
            .touch(1.08, id: .number(2), .ended, x: 100, y: 100),
        ])
    }

    @Test func rangesFromGeteventLpAndTheTouchDeviceOnly() throws {
        let text = try String(contentsOf: RecordingPaths.fixture("getevent-with-description.txt"), encoding: .utf8)
        let conversion = try convertGetevent(text)
        #expect(conversion.header.screen == Size(width: 390, height: 693.34))
        #expect(conversion.mappingSummary == "x 0…719, y 0…1279 (the recording's device description) → 390x693.34 pt")
        #expect(conversion.samples == [
            .touch(0, id: .number(1), .began, x: 195, y: 346.667, force: 0.502),
            .touch(0.09, id: .number(1), .ended, x: 195, y: 346.667, force: 0.502),
        ])
        let messages = conversion.warnings.map(\.description)
        #expect(messages.contains { $0.contains("neither an event nor a device description") })
        #expect(messages.contains { $0.contains("events of /dev/input/event0 are ignored") })
    }

    @Test func largestValuesSeenWithAWarning() throws {
        let text = try String(contentsOf: RecordingPaths.fixture("getevent-protocol-b.txt"), encoding: .utf8)
        let conversion = try convertGetevent(text)
        #expect(conversion.mappingSummary.hasPrefix("x 0…616, y 0…800 (largest values seen)"))
        #expect(conversion.warnings.count == 1)
        #expect(conversion.warnings.first?.description.hasPrefix("log.txt:1:1: warning: the recording does not give its axis ranges") == true)
    }

    @Test func numericGeteventWithoutLabels() throws {
        let text = """
            [  5.000000] /dev/input/event2: 0003 0039 00000007
            [  5.000000] /dev/input/event2: 0003 0035 00000064
            [  5.000000] /dev/input/event2: 0003 0036 00000064
            [  5.000000] /dev/input/event2: 0000 0000 00000000
            [  5.100000] /dev/input/event2: 0003 0039 ffffffff
            [  5.100000] /dev/input/event2: 0000 0000 00000000

            """
        let conversion = try convertGetevent(text, rawSize: RawSize(width: 390, height: 844))
        #expect(conversion.samples == [
            .touch(0, id: .number(1), .began, x: 100, y: 100), .touch(0.1, id: .number(1), .ended, x: 100, y: 100),
        ])
    }

    @Test func oddLinesAreWarningsNotFailures() throws {
        var text = ""
        text += geteventLine("1.000000", "EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff")  // lift without touch
        text += geteventLine("1.000000", "EV_SYN", "SYN_REPORT", "00000000")
        text += geteventLine("1.010000", "EV_ABS", "ABS_MT_FANCY_AXIS", "00000001")  // unknown code
        text += geteventLine("1.010000", "EV_ABS", "ABS_MT_TRACKING_ID", "00000001")
        text += geteventLine("1.010000", "EV_ABS", "ABS_MT_POSITION_X", "fffffffffff")  // too long
        text += geteventLine("1.010000", "EV_ABS", "ABS_MT_POSITION_X", "00000010")
        text += geteventLine("1.010000", "EV_ABS", "ABS_MT_POSITION_Y", "00000010")
        text += "[    1.0100\n"  // truncated
        text += geteventLine("1.010000", "EV_SYN", "SYN_REPORT", "00000000")
        text += geteventLine("1.020000", "EV_SYN", "SYN_DROPPED", "00000000")
        text += geteventLine("1.020000", "EV_ABS", "ABS_MT_POSITION_X", "00000020")
        text += geteventLine("1.020000", "EV_SYN", "SYN_REPORT", "00000000")
        text += geteventLine("1.030000", "EV_ABS", "ABS_MT_POSITION_X", "00000030")
        text += geteventLine("1.030000", "EV_SYN", "SYN_REPORT", "00000000")
        text += geteventLine("1.040000", "EV_ABS", "ABS_MT_POSITION_X", "00000040")  // no SYN_REPORT after it
        let conversion = try convertGetevent(text, rawSize: RawSize(width: 390, height: 844))
        // The position in the frame after SYN_DROPPED is lost; the touch still down at the end is
        // cancelled in the last frame, where it moved.
        #expect(conversion.samples == [
            .touch(0.01, id: .number(1), .began, x: 16, y: 16),
            .touch(0.03, id: .number(1), .cancelled, x: 48, y: 16),
        ])
        let messages = conversion.warnings.map(\.message).joined(separator: "\n")
        for expected in [
            "ABS_MT_TRACKING_ID -1 for slot 0, which has no touch down", "unknown event code \"ABS_MT_FANCY_AXIS\"",
            "an unreadable value \"fffffffffff\"", "a truncated or unreadable line", "SYN_DROPPED",
            "the recording ends without a SYN_REPORT", "touch 1 is still down at the end of the recording",
        ] {
            #expect(messages.contains(expected), "missing: \(expected)\n\(messages)")
        }
    }

    @Test func touchDownAndUpInOneFrameAndRepeatedTimestamps() throws {
        var text = ""
        text += geteventLine("2.000000", "EV_ABS", "ABS_X", "00000010")
        text += geteventLine("2.000000", "EV_ABS", "ABS_Y", "00000010")
        text += geteventLine("2.000000", "EV_KEY", "BTN_TOUCH", "DOWN")
        text += geteventLine("2.000000", "EV_KEY", "BTN_TOUCH", "UP")
        text += geteventLine("2.000000", "EV_SYN", "SYN_REPORT", "00000000")
        text += geteventLine("2.000000", "EV_KEY", "BTN_TOUCH", "DOWN")
        text += geteventLine("2.000000", "EV_SYN", "SYN_REPORT", "00000000")
        text += geteventLine("1.500000", "EV_ABS", "ABS_X", "00000011")
        text += geteventLine("1.500000", "EV_SYN", "SYN_REPORT", "00000000")
        text += geteventLine("2.100000", "EV_KEY", "BTN_TOUCH", "UP")
        text += geteventLine("2.100000", "EV_KEY", "BTN_TOUCH", "UP")
        text += geteventLine("2.100000", "EV_SYN", "SYN_REPORT", "00000000")
        let conversion = try convertGetevent(text, rawSize: RawSize(width: 390, height: 844))
        #expect(conversion.samples == [
            .touch(0, id: .number(1), .began, x: 16, y: 16),
            .touch(0.000001, id: .number(1), .ended, x: 16, y: 16),
            .touch(0.000002, id: .number(2), .began, x: 16, y: 16),
            .touch(0.000003, id: .number(2), .moved, x: 17, y: 16),
            .touch(0.1, id: .number(2), .ended, x: 17, y: 16),
        ])
        let messages = conversion.warnings.map(\.message).joined(separator: "\n")
        #expect(messages.contains("went down and up in the same frame"))
        #expect(messages.contains("not after the previous frame's"))
        #expect(messages.contains("BTN_TOUCH went up while no touch was down"))
    }

    @Test func logsWithoutTimestampsOrTouchesAreErrors() {
        #expect(throws: TraceError.self) { try convertGetevent("/dev/input/event2: EV_ABS ABS_MT_POSITION_X 00000010\n") }
        #expect(throws: TraceError.self) { try convertGetevent(geteventLine("1.0", "EV_KEY", "KEY_POWER", "DOWN")) }
        #expect(throws: TraceError.self) { try convertGetevent("") }
        let garbage = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        #expect(throws: TraceError.self) {
            try GeteventConverter.convert(bytes: garbage, file: "noise", options: RecordingOptions())
        }
    }

    @Test func hugeAndNegativeValuesDoNotTrap() throws {
        var text = ""
        text += geteventLine("9000000000.5", "EV_ABS", "ABS_MT_TRACKING_ID", "7fffffff")
        text += geteventLine("9000000000.5", "EV_ABS", "ABS_MT_POSITION_X", "80000000")
        text += geteventLine("9000000000.5", "EV_ABS", "ABS_MT_POSITION_Y", "7fffffff")
        text += geteventLine("9000000000.5", "EV_SYN", "SYN_REPORT", "00000000")
        text += geteventLine("999999999999999999.0", "EV_SYN", "SYN_REPORT", "00000000")
        text += geteventLine("9000000000.6", "EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff")
        text += geteventLine("9000000000.6", "EV_SYN", "SYN_REPORT", "00000000")
        for rawSize in [RawSize(width: 390, height: 844), nil] {
            let conversion = try convertGetevent(text, rawSize: rawSize)
            #expect(conversion.samples.count == 2)
            #expect(conversion.samples.last?.t == 0.1)
        }
        let conversion = try convertGetevent(text, rawSize: RawSize(width: 390, height: 844))
        #expect(conversion.samples == [
            .touch(0, id: .number(1), .began, x: 0, y: 843), .touch(0.1, id: .number(1), .ended, x: 0, y: 843),
        ])
        let messages = conversion.warnings.map(\.message)
        #expect(messages.contains("2 positions outside the axis ranges (x 0…389, y 0…843) were clamped to them"))
        #expect(messages.contains("an unreadable timestamp; the line is ignored"))
    }
}

extension GeteventTests {
    /// The real logs of SOURCES.md, when the shared folder is there: each converts to a valid trace
    /// with the touches the log holds.
    @Test(arguments: [
        ("emulator-openPeople.txt", 3, 23, "single-touch"),
        ("galaxy-paint-new.txt", 14, 845, "multitouch protocol B"),
        ("phone-openCalender.txt", 3, 31, "multitouch protocol A"),
        ("tablet-openCalender-drag-tap-tap.txt", 3, 29, "multitouch protocol A"),
    ])
    func realRecordings(_ name: String, _ touches: Int, _ samples: Int, _ protocolName: String) throws {
        guard let shared = RecordingPaths.shared else { return }
        let url = shared.appendingPathComponent("getevent").appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        let conversion = try GeteventConverter.convert(bytes: try RecordingPaths.bytes(url), file: name, options: RecordingOptions())
        try expectValidTrace(conversion)
        #expect(conversion.protocolName.hasPrefix(protocolName))
        #expect(conversion.samples.filter { if case .touch(_, .began, _, _, _) = $0.kind { true } else { false } }.count == touches)
        #expect(conversion.samples.count == samples)
        #expect((conversion.samples.first?.t ?? -1) >= 0)
        #expect(conversion.header.screen?.width == 390)
    }
}
