import GestureKit

/// How WebDriver actions become a trace: the screen, the elements that origins name, and the rate at
/// which moves are sampled.
public struct WebDriverOptions: Hashable, Sendable {
    /// The screen (the viewport) in points, written in the trace's header.
    public var screen: Size
    /// Element rectangles in screen points, by element id (`--element ID=X,Y,W,H`).
    public var elements: [String: Rect]
    /// Samples per second of a `pointerMove` with a duration (`--rate`, default 60).
    public var rate: Double

    /// The default sample rate of moves: 60 Hz, the touch rate of most iPhones.
    public static let defaultRate = 60.0

    /// Creates options.
    public init(screen: Size = .defaultScreen, elements: [String: Rect] = [:], rate: Double = WebDriverOptions.defaultRate) {
        self.screen = screen
        self.elements = elements
        self.rate = rate
    }
}

/// Reads W3C WebDriver actions (the body of `POST /session/{id}/actions`, as Appium's XCUITest
/// driver, WebdriverIO and Selenium send them) and writes the touches they make as a trace.
///
/// ```swift
/// let body = #"{"actions":[{"type":"pointer","id":"finger1","parameters":{"pointerType":"touch"},"actions":[
///   {"type":"pointerMove","duration":0,"x":100,"y":200},{"type":"pointerDown","button":0},
///   {"type":"pause","duration":100},{"type":"pointerUp","button":0}]}]}"#
/// let conversion = try WebDriverConverter.convert(bytes: Array(body.utf8), file: "tap.json", options: WebDriverOptions())
/// conversion.samples   // began at t 0 and ended at t 0.1, at (100, 200)
/// ```
///
/// Pointer sources become fingers 1, 2, … in the order of the sources (a `pen` as a finger and a
/// `mouse` as a finger touching while a button is down, each with a warning); `key`, `none` and
/// `wheel` sources only take part in tick timing. See ``WebDriverTimeline`` for the timing.
public enum WebDriverConverter {
    /// Converts an actions body.
    ///
    /// - Throws: `TraceError.invalid`, positioned, for JSON that does not parse and for malformed
    ///   actions: a move without coordinates, an unknown action type, a pointerUp without a
    ///   pointerDown, an element origin that `options.elements` does not define, a duration that is
    ///   negative or not a number.
    public static func convert(bytes: [UInt8], file: String, options: WebDriverOptions) throws(TraceError)
        -> RecordingConversion
    {
        let document = try parseJSON(bytes: bytes, file: file)
        let decoder = WebDriverDecoder(file: file, elements: options.elements, screen: options.screen)
        let sources = try decoder.decode(document)
        var timeline = WebDriverTimeline(rate: options.rate, decoder: decoder)
        try timeline.play(sources)
        let pointers = timeline.fingerCount
        let others = sources.count - pointers
        var summary = "\(pointers) pointer source\(pointers == 1 ? "" : "s")"
        if others > 0 { summary += " and \(others) other\(others == 1 ? "" : "s")" }
        summary += ", moves sampled at \(TraceNumber.string(options.rate)) Hz"
        return RecordingConversion(
            header: TraceHeader(version: 1, screen: options.screen),
            samples: timeline.samples(),
            warnings: decoder.notes.warnings + timeline.warnings,
            protocolName: "W3C WebDriver actions",
            mappingSummary: summary)
    }

    /// Whether `bytes` look like a WebDriver actions body rather than a trace: JSON (an object, or an
    /// array of objects) with an `"actions": [` in its first 4 KiB, which no trace has, or an Appium
    /// execute body for a `mobile:` gesture (answered with what to send instead).
    public static func looksLikeActions(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        let compact = String(String.UnicodeScalarView(text.unicodeScalars.filter { !" \t\r\n\u{FEFF}".unicodeScalars.contains($0) }))
        return (compact.hasPrefix("{") || compact.hasPrefix("[{"))
            && (compact.contains("\"actions\":[") || compact.contains("\"script\":\"mobile:"))
    }
}
