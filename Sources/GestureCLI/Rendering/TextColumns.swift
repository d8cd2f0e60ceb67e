import GestureKit

/// The widths of the `text` format's columns over one trace, widened line by line, and the lines
/// rendered with them.
///
/// Widths count characters (`String.count`), as the padding does. The time column is shared by
/// transitions and deliveries, and counts every record's time, shown or not.
struct TextColumns {
    var outcome = 0
    var recognizer = 0
    var kind = 0
    var view = 0
    var span = 0
    var time = 0
    var state = 0
    var method = 0
    var responder = 0
    var subject = 0
    var event = 0

    /// Widens the columns to hold `line`.
    mutating func widen(for line: TextLine) {
        switch line {
        case .gesture(let outcome, let recognizer, let kind, let view, let span, _):
            self.outcome = max(self.outcome, outcome.rawValue.count)
            self.recognizer = max(self.recognizer, recognizer.count)
            self.kind = max(self.kind, kind.count)
            self.view = max(self.view, view.count)
            self.span = max(self.span, span.count)
        case .transition(let time, let state, _):
            self.time = max(self.time, time.count)
            self.state = max(self.state, state.rawValue.count)
        case .delivery(let time, let method, let responder, _):
            self.time = max(self.time, time.count)
            self.method = max(self.method, method.rawValue.count)
            self.responder = max(self.responder, responder.count)
        case .viewEvent(let time, let subject, let event, _):
            self.time = max(self.time, time.count)
            self.subject = max(self.subject, subject.count)
            self.event = max(self.event, event.count)
        case .logTransition(let time, let state, let recognizer, _):
            self.time = max(self.time, time.count)
            self.method = max(self.method, state.rawValue.count)
            self.responder = max(self.responder, recognizer.count)
        }
    }

    /// Widens the columns to hold whatever `other` holds.
    mutating func widen(toHold other: TextColumns) {
        outcome = max(outcome, other.outcome)
        recognizer = max(recognizer, other.recognizer)
        kind = max(kind, other.kind)
        view = max(view, other.view)
        span = max(span, other.span)
        time = max(time, other.time)
        state = max(state, other.state)
        method = max(method, other.method)
        responder = max(responder, other.responder)
        subject = max(subject, other.subject)
        event = max(event, other.event)
    }

    /// The line as shown, without its line break: indented, cells padded to the columns' widths and
    /// separated by two spaces, styled when `color` allows, trailing spaces removed.
    func render(_ line: TextLine, color: Bool) -> String {
        func style(_ style: TerminalStyle?, _ text: String) -> String {
            guard color, let style else { return text }
            return style.apply(text)
        }
        let indent: String
        let cells: [String]
        switch line {
        case .gesture(let outcome, let recognizer, let kind, let view, let span, let summary):
            indent = "  "
            cells = [
                style(TextRenderer.color(of: outcome), outcome.rawValue.padding(to: self.outcome)),
                recognizer.padding(to: self.recognizer),
                kind.padding(to: self.kind),
                view.padding(to: self.view),
                span.padding(to: self.span),
                summary,
            ]
        case .transition(let time, let state, let figures):
            indent = "      "
            cells = [style(.dim, time.padding(to: self.time)), state.rawValue.padding(to: self.state), figures]
        case .delivery(let time, let method, let responder, let figures):
            indent = "  "
            cells = [
                style(.dim, time.padding(to: self.time)), method.rawValue.padding(to: self.method), responder.padding(to: self.responder),
                figures,
            ]
        case .viewEvent(let time, let subject, let event, let figures):
            indent = "      "
            cells = [style(.dim, time.padding(to: self.time)), subject.padding(to: self.subject), event.padding(to: self.event), figures]
        case .logTransition(let time, let state, let recognizer, let figures):
            indent = "  "
            cells = [
                style(.dim, time.padding(to: self.time)), style(TextRenderer.color(of: state), state.rawValue.padding(to: self.method)),
                recognizer.padding(to: self.responder), figures,
            ]
        }
        return Self.trimmed(indent + cells.joined(separator: "  "))
    }

    /// The line without trailing spaces (padding of an empty last column).
    static func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
