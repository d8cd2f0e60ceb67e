import GestureKit

/// Places the text labels of a drawing so that none covers another: a label that would overlap
/// one placed before moves down a line at a time until it is clear (view names, touch ids).
///
/// Widths are estimated from the character count (the picture uses one sans-serif font, whose
/// average glyph is under 0.62 em wide), so the boxes are a little generous. Boxes are kept in a
/// grid of cells, so each placement looks at its neighbours only; a label that finds no clear
/// place within ``maximumMoves`` lines stays where it was wanted (a pile of hundreds of touches
/// at one point), so placing n labels takes time linear in n.
struct PlotLabels {
    private typealias Box = (x: Double, y: Double, width: Double, height: Double)
    private struct Cell: Hashable {
        var column: Int
        var row: Int
    }

    /// How many lines a label may move down.
    static let maximumMoves = 8
    private static let cellSize = 32.0
    private var cells: [Cell: [Box]] = [:]

    /// The baseline for a label of `text` at `fontSize`, wanted with its left edge at `x` and its
    /// baseline at `y`, moved down until clear of every label placed so far.
    mutating func place(_ text: String, x: Double, y: Double, fontSize: Double) -> Double {
        let width = Double(text.count) * fontSize * 0.62 + 2
        let height = fontSize + 1
        for move in 0...Self.maximumMoves {
            let box: Box = (x, y + Double(move) * height - fontSize, width, height)
            if !overlaps(box) {
                for cell in Self.cells(of: box) { cells[cell, default: []].append(box) }
                return box.y + fontSize
            }
        }
        return y
    }

    private func overlaps(_ box: Box) -> Bool {
        Self.cells(of: box).contains { cell in
            cells[cell]?.contains { other in
                box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height
                    && other.y < box.y + box.height
            } ?? false
        }
    }

    /// The grid cells a box touches (a box with a coordinate that is not finite touches none).
    private static func cells(of box: Box) -> [Cell] {
        let left = box.x / cellSize, right = (box.x + box.width) / cellSize
        let top = box.y / cellSize, bottom = (box.y + box.height) / cellSize
        guard [left, right, top, bottom].allSatisfy({ $0.isFinite && abs($0) < 1e6 }) else { return [] }
        var result: [Cell] = []
        for column in Int(left.rounded(.down))...Int(right.rounded(.down)) {
            for row in Int(top.rounded(.down))...Int(bottom.rounded(.down)) { result.append(Cell(column: column, row: row)) }
        }
        return result
    }
}

/// A failure or cancellation reason, numbered beside its marks in the timeline and written out
/// under it, so that the reasons stay in the picture (a PNG, a CI artifact), not only in hover text.
///
/// The transitions of one recognizer that end in the same state for the same reason share a note
/// (a long recording fails the same way many times); at most ``limit`` notes are written, and a
/// last line counts the rest.
struct PlotNote {
    /// The number shown beside the marks, from 1 in the order of the first transition of each.
    var number: Int
    /// `doubleTap failed at 0.44 s: no second tap within multiTapInterval 0.35 s`, wrapped (the
    /// number is drawn before the first line).
    var lines: [String]

    /// The most notes written under a timeline.
    static let limit = 40

    /// The notes of every failed or cancelled transition with a reason, wrapped to `columns`
    /// characters, with the note number of each transition index that has one, and how many more
    /// reasons there were than ``limit``.
    static func notes(of transitions: [TransitionRecord], columns: Int) -> (notes: [PlotNote], numbers: [Int: Int], unlisted: Int) {
        struct Key: Hashable {
            var recognizer: String
            var state: RecognizerState
            var reason: String
        }
        var order: [Key] = []
        var times: [Key: [Double]] = [:]
        var numbers: [Int: Int] = [:]
        var unlisted = 0
        for (index, record) in transitions.enumerated() {
            guard record.state == .failed || record.state == .cancelled, let reason = record.reason else { continue }
            let key = Key(recognizer: record.recognizer, state: record.state, reason: reason)
            if times[key] == nil {
                guard order.count < limit else {
                    unlisted += 1
                    continue
                }
                order.append(key)
            }
            times[key, default: []].append(record.t)
            numbers[index] = (order.firstIndex(of: key) ?? 0) + 1
        }
        let notes = order.enumerated().map { offset, key -> PlotNote in
            let at = times[key] ?? []
            var when = at.prefix(3).map { DecimalFormatting.string($0, fractionDigits: 3) + " s" }.joined(separator: ", ")
            if at.count > 3 { when += " and \(at.count - 3) more times" }
            let text = "\(key.recognizer) \(key.state.rawValue) at \(when): \(key.reason)"
            return PlotNote(number: offset + 1, lines: text.wrapped(width: columns).split(separator: "\n").map(String.init))
        }
        return (notes, numbers, unlisted)
    }
}
