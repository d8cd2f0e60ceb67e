import Foundation
import GestureKit
import Testing

@testable import GestureTrace

/// `EvemuConverter` and evemu device descriptions.
@Suite struct EvemuTests {}

extension EvemuTests {
    @Test func spreadWithTheDescriptionFile() throws {
        let device = try DeviceDescription(evemu: try RecordingPaths.bytes(RecordingPaths.fixture("test-touchscreen.desc")), file: "test-touchscreen.desc")
        #expect(device.name == "Test Touchscreen")
        #expect(device.ranges[0x35] == AxisRange(minimum: 0, maximum: 1079))
        #expect(device.ranges[0x36] == AxisRange(minimum: 0, maximum: 2339))
        let events = try RecordingPaths.bytes(RecordingPaths.fixture("test-touchscreen.spread.events"))
        let conversion = try EvemuConverter.convert(bytes: events, file: "spread.events", options: RecordingOptions(device: device))
        try expectValidTrace(conversion)
        #expect(conversion.warnings.isEmpty)
        #expect(conversion.header.screen == Size(width: 390, height: 844))
        #expect(conversion.mappingSummary == "x 0…1079, y 0…2339 (--device) → 390x844 pt")
        #expect(conversion.samples.count == 2 + 2 * 10 + 2)
        #expect(conversion.samples.prefix(2) == [
            .touch(0, id: .number(1), .began, x: 158.701, y: 422), .touch(0, id: .number(2), .began, x: 230.838, y: 422),
        ])
        #expect(conversion.samples.suffix(2) == [
            .touch(0.12, id: .number(1), .ended, x: 122.632, y: 422), .touch(0.12, id: .number(2), .ended, x: 266.906, y: 422),
        ])
    }

    @Test func descriptionLinesInTheRecordingItself() throws {
        let text = """
            # EVEMU 1.3
            N: Panel
            I: 0018 0000 0000 0000
            A: 35 0 99 0 0 0
            A: 36 0 199 0 0 0
            E: 1.000000 0003 0039 0012\t# EV_ABS / ABS_MT_TRACKING_ID 12
            E: 1.000000 0003 0035 0050\t# EV_ABS / ABS_MT_POSITION_X 50
            E: 1.000000 0003 0036 0100
            E: 1.000000 0001 014a 0001
            E: 1.000000 0000 0000 0000\t# ------------ SYN_REPORT (0) ----------
            E: 1.250000 0003 0039 -001\t# EV_ABS / ABS_MT_TRACKING_ID -1
            E: 1.250000 0001 014a 0000
            E: 1.250000 0000 0000 0000

            """
        let conversion = try EvemuConverter.convert(bytes: Array(text.utf8), file: "panel.events", options: RecordingOptions())
        try expectValidTrace(conversion)
        #expect(conversion.warnings.isEmpty)
        #expect(conversion.header.screen == Size(width: 390, height: 780))
        #expect(conversion.samples == [
            .touch(0, id: .number(1), .began, x: 195, y: 390), .touch(0.25, id: .number(1), .ended, x: 195, y: 390),
        ])
    }

    @Test func protocolAWithoutTrackingIDsAndOddLines() throws {
        let text = """
            E: 7.000000 0003 0035 10
            E: 7.000000 0003 0036 10
            E: 7.000000 0000 0002 0
            E: 7.000000 0000 0000 0
            E: 7.010000 0003 0035 12
            E: 7.010000 0003 0036
            E: 7.010000 0003 0036 11
            E: 7.010000 0000 0002 0
            hello
            E: 7.010000 0000 0000 0
            E: 7.020000 0001 014a 0
            E: 7.020000 0000 0000 0

            """
        let conversion = try EvemuConverter.convert(
            bytes: Array(text.utf8), file: "a.events", options: RecordingOptions(rawSize: RawSize(width: 390, height: 844)))
        try expectValidTrace(conversion)
        #expect(conversion.samples == [
            .touch(0, id: .number(1), .began, x: 10, y: 10),
            .touch(0.01, id: .number(1), .moved, x: 12, y: 11),
            .touch(0.02, id: .number(1), .ended, x: 12, y: 11),
        ])
        #expect(conversion.warnings.map(\.position.line) == [6, 9])
    }

    @Test func descriptionsWithoutRangesAreErrors() {
        #expect(throws: TraceError.self) { try DeviceDescription(evemu: Array("N: nothing here\n".utf8), file: "x.desc") }
        #expect(throws: TraceError.self) {
            try EvemuConverter.convert(bytes: Array("N: idle\nE: 1.0 0000 0000 0\n".utf8), file: "idle.events", options: RecordingOptions())
        }
    }

    @Test func geteventLpIsAcceptedAsADeviceDescription() throws {
        let text = try String(contentsOf: RecordingPaths.fixture("getevent-with-description.txt"), encoding: .utf8)
        let device = try DeviceDescription(evemu: Array(text.utf8), file: "lp.txt")
        #expect(device.name == "sec_touchscreen")
        #expect(device.ranges[0x35] == AxisRange(minimum: 0, maximum: 719))
    }

    /// The real recordings of SOURCES.md with their `.desc` files, when the shared folder is there.
    @Test(arguments: [
        ("ELAN CANDO Windows7.1-finger-drag-up-down.events", "ELAN CANDO Windows7.desc", 1, 260),
        ("EP0430M09.1-finger-drag-up-down.events", "EP0430M09.desc", 1, 183),
        ("N-Trig MultiTouch.1-finger-drag-NW-SE.events", "N-Trig MultiTouch.desc", 1, 107),
        ("N-Trig MultiTouch.2-fingers-touch-release.events", "N-Trig MultiTouch.desc", 2, 265),
        ("Wacom Intuos5 touch M Finger double-center-circle.events", "Wacom Intuos5 touch M Finger.desc", 2, 765),
    ])
    func realRecordings(_ name: String, _ descName: String, _ touches: Int, _ samples: Int) throws {
        guard let shared = RecordingPaths.shared else { return }
        let directory = shared.appendingPathComponent("evemu")
        let url = directory.appendingPathComponent(name)
        let descURL = directory.appendingPathComponent(descName)
        guard FileManager.default.fileExists(atPath: url.path), FileManager.default.fileExists(atPath: descURL.path) else { return }
        let device = try DeviceDescription(evemu: try RecordingPaths.bytes(descURL), file: descName)
        let conversion = try EvemuConverter.convert(
            bytes: try RecordingPaths.bytes(url), file: name, options: RecordingOptions(device: device))
        try expectValidTrace(conversion)
        #expect(conversion.samples.filter { if case .touch(_, .began, _, _, _) = $0.kind { true } else { false } }.count == touches)
        #expect(conversion.samples.count == samples)
        #expect(!conversion.warnings.contains { $0.message.contains("clamped") })
        #expect(conversion.mappingSummary.contains("(--device)"))
    }
}

/// A recording: the x axis (`xAxis`) and y axis ranges, a first frame (at 1.0 s) that puts touch 1
/// down, then the frames `then`.
private func touchDownRecording(xAxis: String = "A: 35 0 99 0 0 0", then: String = "") -> String {
    xAxis + "\nA: 36 0 199 0 0 0\nE: 1.0 0003 0039 5\nE: 1.0 0003 0035 10\nE: 1.0 0003 0036 10\nE: 1.0 0000 0000 0000\n"
        + then
}

/// A touch that only begins in the last frame, recordings with no usable touch, inverted axis ranges.
extension EvemuTests {
    @Test func aTouchBeginningInTheLastFrameIsKeptAndCancelled1MicrosecondLater() throws {
        let conversion = try EvemuConverter.convert(
            bytes: Array(touchDownRecording().utf8), file: "one.events", options: RecordingOptions())
        try expectValidTrace(conversion)
        #expect(conversion.samples.count == 2)
        #expect(conversion.samples.map(\.t) == [0, 0.000001])
        if case .touch(_, let first, _, _, _) = conversion.samples.first?.kind { #expect(first == .began) }
        if case .touch(_, let last, _, _, _) = conversion.samples.last?.kind { #expect(last == .cancelled) }
        #expect(conversion.warnings.map(\.message) == [
            "touch 1 went down in the last frame and is still down at the end of the recording; it is written as cancelled 1 µs after it"
        ])
    }

    @Test func aTouchMovingInTheLastFrameIsCancelledThere() throws {
        let text = touchDownRecording(then: "E: 1.1 0003 0035 20\nE: 1.1 0000 0000 0000\n")
        let conversion = try EvemuConverter.convert(bytes: Array(text.utf8), file: "two.events", options: RecordingOptions())
        try expectValidTrace(conversion)
        #expect(conversion.samples.count == 2)
        if case .touch(_, let last, _, _, _) = conversion.samples.last?.kind { #expect(last == .cancelled) }
        #expect(conversion.warnings.map(\.message) == [
            "touch 1 is still down at the end of the recording; it is written as cancelled at the last frame"
        ])
    }

    @Test func aRecordingWithNoUsableTouchIsInvalid() throws {
        // Positions without a contact: touch events, but no touch.
        let text = "A: 35 0 99 0 0 0\nA: 36 0 199 0 0 0\nE: 1.0 0003 0035 10\nE: 1.0 0003 0036 10\nE: 1.0 0000 0000 0000\n"
        #expect {
            _ = try EvemuConverter.convert(bytes: Array(text.utf8), file: "none.events", options: RecordingOptions())
        } throws: { error in
            guard case .invalid(let diagnostic) = error as? TraceError else { return false }
            return diagnostic.message.hasPrefix("no usable touches: ")
        }
    }

    @Test func anAxisWhoseMaximumIsBelowItsMinimum() throws {
        let text = touchDownRecording(xAxis: "A: 35 1279 0 0 0 0", then: "E: 1.1 0003 0039 -1\nE: 1.1 0000 0000 0000\n")
        let conversion = try EvemuConverter.convert(bytes: Array(text.utf8), file: "inverted.events", options: RecordingOptions())
        #expect(conversion.warnings.first?.message
            == "axis 35 has its maximum 0 below its minimum 1279 (expected A: CODE MIN MAX ...); ignored")
        #expect(conversion.warnings.first?.position.line == 1)
        #expect {
            _ = try DeviceDescription(evemu: Array("A: 35 1279 0 0 0 0\nA: 36 0 199 0 0 0\n".utf8), file: "bad.desc")
        } throws: { error in
            guard case .invalid(let diagnostic) = error as? TraceError else { return false }
            return diagnostic.message.contains("maximum 0 below its minimum 1279")
        }
    }
}
