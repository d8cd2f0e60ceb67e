/// One Linux input event as a recording shows it (`struct input_event`): time, type, code, value.
///
/// Both recording formats (`getevent -lt`, `evemu-record`) are read into these; `EvdevContactTracker`
/// turns them into touches.
struct EvdevEvent: Hashable {
    /// The event time in nanoseconds, as recorded (any origin).
    var time: Int64
    /// `EV_SYN`, `EV_KEY`, `EV_ABS`, …
    var type: UInt16
    /// The code within the type: `ABS_MT_POSITION_X`, …
    var code: UInt16
    /// The value, as the kernel's signed 32-bit integer.
    var value: Int32
    /// The line of the recording it came from, for messages.
    var line: Int
}

/// The event types and codes a touch recording uses, with their kernel names
/// (linux/input-event-codes.h).
enum EvdevCode {
    static let synType: UInt16 = 0x00
    static let keyType: UInt16 = 0x01
    static let absType: UInt16 = 0x03

    static let synReport: UInt16 = 0x00
    static let synMTReport: UInt16 = 0x02
    static let synDropped: UInt16 = 0x03

    static let btnTouch: UInt16 = 0x14a

    static let absX: UInt16 = 0x00
    static let absY: UInt16 = 0x01
    static let absPressure: UInt16 = 0x18
    static let mtSlot: UInt16 = 0x2f
    static let mtTouchMajor: UInt16 = 0x30
    static let mtPositionX: UInt16 = 0x35
    static let mtPositionY: UInt16 = 0x36
    static let mtTrackingID: UInt16 = 0x39
    static let mtPressure: UInt16 = 0x3a

    /// Type names, as `getevent -l` prints them.
    static let typeNames: [String: UInt16] = [
        "EV_SYN": 0x00, "EV_KEY": 0x01, "EV_REL": 0x02, "EV_ABS": 0x03, "EV_MSC": 0x04, "EV_SW": 0x05,
        "EV_LED": 0x11, "EV_SND": 0x12, "EV_REP": 0x14, "EV_FF": 0x15, "EV_PWR": 0x16, "EV_FF_STATUS": 0x17,
    ]

    /// Code names of each type that a touch device may send.
    static let codeNames: [UInt16: [String: UInt16]] = [
        0x00: ["SYN_REPORT": 0, "SYN_CONFIG": 1, "SYN_MT_REPORT": 2, "SYN_DROPPED": 3],
        0x03: [
            "ABS_X": 0x00, "ABS_Y": 0x01, "ABS_Z": 0x02, "ABS_RX": 0x03, "ABS_RY": 0x04, "ABS_RZ": 0x05,
            "ABS_PRESSURE": 0x18, "ABS_DISTANCE": 0x19, "ABS_TILT_X": 0x1a, "ABS_TILT_Y": 0x1b,
            "ABS_TOOL_WIDTH": 0x1c, "ABS_MISC": 0x28, "ABS_MT_SLOT": 0x2f, "ABS_MT_TOUCH_MAJOR": 0x30,
            "ABS_MT_TOUCH_MINOR": 0x31, "ABS_MT_WIDTH_MAJOR": 0x32, "ABS_MT_WIDTH_MINOR": 0x33,
            "ABS_MT_ORIENTATION": 0x34, "ABS_MT_POSITION_X": 0x35, "ABS_MT_POSITION_Y": 0x36,
            "ABS_MT_TOOL_TYPE": 0x37, "ABS_MT_BLOB_ID": 0x38, "ABS_MT_TRACKING_ID": 0x39,
            "ABS_MT_PRESSURE": 0x3a, "ABS_MT_DISTANCE": 0x3b, "ABS_MT_TOOL_X": 0x3c, "ABS_MT_TOOL_Y": 0x3d,
        ],
        0x01: [
            "BTN_TOUCH": 0x14a, "BTN_TOOL_PEN": 0x140, "BTN_TOOL_RUBBER": 0x141, "BTN_TOOL_BRUSH": 0x142,
            "BTN_TOOL_PENCIL": 0x143, "BTN_TOOL_AIRBRUSH": 0x144, "BTN_TOOL_FINGER": 0x145,
            "BTN_TOOL_MOUSE": 0x146, "BTN_TOOL_LENS": 0x147, "BTN_TOOL_QUINTTAP": 0x148, "BTN_STYLUS3": 0x149,
            "BTN_STYLUS": 0x14b, "BTN_STYLUS2": 0x14c, "BTN_TOOL_DOUBLETAP": 0x14d,
            "BTN_TOOL_TRIPLETAP": 0x14e, "BTN_TOOL_QUADTAP": 0x14f, "BTN_LEFT": 0x110, "BTN_RIGHT": 0x111,
            "BTN_MIDDLE": 0x112,
        ],
        0x04: ["MSC_SERIAL": 0, "MSC_PULSELED": 1, "MSC_GESTURE": 2, "MSC_RAW": 3, "MSC_SCAN": 4, "MSC_TIMESTAMP": 5],
    ]

    /// The kernel name of an ABS or SYN code for messages (`ABS_MT_POSITION_X`), or its hex spelling.
    static func name(type: UInt16, code: UInt16) -> String {
        if let names = codeNames[type], let name = names.first(where: { $0.value == code })?.key { return name }
        return hex(type) + " " + hex(code)
    }

    /// `0x0035` → `"0035"`.
    static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// Parses the integers of recordings without trapping: hexadecimal (`getevent`, with `ffffffff` as
/// -1) and signed decimal (`evemu`, with leading zeros such as `-001`).
enum EvdevNumber {
    /// Up to 8 hex digits read as a 32-bit pattern (`ffffffff` → -1); nil for anything else.
    static func hex32(_ text: Substring) -> Int32? {
        guard !text.isEmpty, text.utf8.count <= 8, let bits = UInt32(text, radix: 16) else { return nil }
        return Int32(bitPattern: bits)
    }

    /// Up to 4 hex digits (a type or a code).
    static func hex16(_ text: Substring) -> UInt16? {
        guard !text.isEmpty, text.utf8.count <= 4 else { return nil }
        return UInt16(text, radix: 16)
    }

    /// A signed decimal that fits 32 bits, leading zeros allowed.
    static func decimal32(_ text: Substring) -> Int32? {
        var body = text
        var negative = false
        if let first = body.first, first == "-" || first == "+" {
            negative = first == "-"
            body = body.dropFirst()
        }
        guard !body.isEmpty, body.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let trimmed = body.drop { $0 == "0" }
        guard trimmed.count <= 10, let magnitude = Int64(trimmed.isEmpty ? "0" : trimmed) else { return nil }
        let value = negative ? -magnitude : magnitude
        return Int32(exactly: value)
    }

    /// `SECONDS.FRACTION` (fraction optional, up to 9 digits kept) as nanoseconds; nil when malformed or
    /// out of range.
    ///
    /// Read byte by byte: a digit is one byte, and any other byte (a non-ASCII one included) makes the text
    /// malformed. (Reading it as `Character`s cost about 14,000 instructions per getevent line.)
    static func timestamp(_ text: Substring) -> Int64? {
        var copy = text
        return copy.withUTF8 { bytes -> Int64? in
            var i = 0
            var seconds: Int64 = 0
            while i < bytes.count, bytes[i] != UInt8(ascii: ".") {
                let digit = bytes[i] &- 0x30
                guard digit < 10, i < 12 else { return nil }
                seconds = seconds &* 10 &+ Int64(digit)
                i &+= 1
            }
            guard i > 0 else { return nil }
            var nanoseconds: Int64 = 0
            if i < bytes.count {
                i &+= 1
                guard i < bytes.count else { return nil }
                var kept = 0
                while i < bytes.count {
                    let digit = bytes[i] &- 0x30
                    guard digit < 10 else { return nil }
                    if kept < 9 {
                        nanoseconds = nanoseconds &* 10 &+ Int64(digit)
                        kept &+= 1
                    }
                    i &+= 1
                }
                for _ in kept..<9 { nanoseconds &*= 10 }
            }
            return Self.nanoseconds(seconds: seconds, fraction: nanoseconds)
        }
    }

    /// `seconds` and `fraction` nanoseconds as nanoseconds; nil when out of range.
    private static func nanoseconds(seconds: Int64, fraction: Int64) -> Int64? {
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, overflow2) = whole.addingReportingOverflow(fraction)
        guard !overflow, !overflow2 else { return nil }
        return total
    }
}

/// Splits recordings into lines without decoding the whole text as `Character`s (fast on large logs).
enum EvdevText {
    /// Calls `body` with each line's 1-based number and text, without its `\n` or `\r\n`; invalid
    /// UTF-8 shows as U+FFFD.
    static func forEachLine(_ bytes: [UInt8], _ body: (Int, Substring) -> Void) {
        var number = 0
        var start = 0
        let count = bytes.count
        while start < count {
            var end = start
            while end < count, bytes[end] != 0x0A { end += 1 }
            number += 1
            var stop = end
            if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
            let text = String(decoding: bytes[start..<stop], as: UTF8.self)
            body(number, text[...])
            start = end + 1
        }
    }
}

extension Substring {
    /// The words between spaces and tabs, for ASCII text (every Character one byte): the same words as
    /// `split(whereSeparator:)` on them, found by bytes (getevent and evemu lines).
    func asciiWords() -> [Substring] {
        var words: [Substring] = []
        let bytes = utf8
        // Byte offsets from the contiguous bytes, then indices (a native string's UTF-8 offsets are O(1)).
        var ranges: [(Int, Int)] = []
        let scanned: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            var start = -1
            for (i, byte) in buffer.enumerated() {
                if byte == 0x20 || byte == 0x09 {
                    if start >= 0 { ranges.append((start, i)) }
                    start = -1
                } else if start < 0 {
                    start = i
                }
            }
            if start >= 0 { ranges.append((start, buffer.count)) }
        }
        guard scanned != nil else { return split(whereSeparator: { $0 == " " || $0 == "\t" }) }
        words.reserveCapacity(ranges.count)
        for (start, end) in ranges {
            words.append(self[bytes.index(bytes.startIndex, offsetBy: start)..<bytes.index(bytes.startIndex, offsetBy: end)])
        }
        return words
    }
}
