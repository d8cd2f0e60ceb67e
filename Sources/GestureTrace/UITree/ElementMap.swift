import GestureKit

/// The frames of a screen's elements by id, for WebDriver element origins (`convert --elements FILE`,
/// the `elements` of a corpus's `gesturectl-check.json`).
///
/// The file is an Appium XCUITest page source, an XCUITest element tree (ids: accessibility
/// identifiers, then labels), or a JSON object of ids and `[x, y, width, height]` frames in points
/// (for the opaque element ids a WebDriver session hands out):
///
/// ```json
/// {"login": [20, 300, 350, 44], "9F2B1C55-0000-0000-0000-000000000001": [0, 91, 390, 44]}
/// ```
public enum ElementMap {
    /// The frames by id in `bytes`.
    ///
    /// - Throws: `TraceError` at `FILE:LINE:COLUMN` for a file that is none of the three, or a
    ///   frame that is not four numbers with a size of at least 0.
    public static func load(_ bytes: [UInt8], file: String) throws(TraceError) -> [String: Rect] {
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self).drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        guard text.hasPrefix("{") else { return UITreeReader.elementMap(try UITreeReader.read(bytes, file: file)) }
        let document = try parseJSON(bytes: bytes, file: file)
        if case .string? = document.value.member("value")?.value.value {
            return UITreeReader.elementMap(try UITreeReader.read(bytes, file: file))
        }
        guard case .object(let members) = document.value else {
            throw UITreeReader.error(file, document.position, "an elements file is a JSON object of ids and [x, y, width, height] frames")
        }
        var map: [String: Rect] = [:]
        for member in members {
            guard case .array(let items) = member.value.value, items.count == 4 else {
                throw UITreeReader.error(
                    file, member.value.position, "the frame of element \"\(member.key)\" is [x, y, width, height] in points, such as [20, 300, 350, 44]")
            }
            var numbers: [Double] = []
            for item in items {
                guard case .number(let value, _) = item.value, abs(value) <= 1e6 else {
                    throw UITreeReader.error(file, item.position, "a frame holds numbers (points), found \(item.value.typeDescription)")
                }
                numbers.append(value)
            }
            guard numbers[2] >= 0, numbers[3] >= 0 else {
                throw UITreeReader.error(file, member.value.position, "the width and height of element \"\(member.key)\" must be at least 0")
            }
            map[member.key] = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
        return map
    }
}
