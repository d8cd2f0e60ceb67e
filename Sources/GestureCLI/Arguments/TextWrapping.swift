extension String {
    /// The text broken into lines of at most `width` characters at spaces, every line after the
    /// first starting with `indent` spaces; a word longer than a line stays whole. Existing line
    /// breaks are kept.
    func wrapped(width: Int = 80, indent: Int = 0) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
            Self.wrapping(paragraph.split(separator: " ").map(String.init), width: width, indent: indent)
        }.joined(separator: "\n")
    }

    /// `tokens` joined by spaces into lines of at most `width` characters, never breaking inside a
    /// token; lines after the first start with `indent` spaces.
    static func wrapping(_ tokens: [String], width: Int = 80, indent: Int = 0) -> String {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for token in tokens {
            if line.isEmpty {
                line = (lines.isEmpty ? "" : margin) + token
            } else if line.count + 1 + token.count <= width {
                line += " " + token
            } else {
                lines.append(line)
                line = margin + token
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
