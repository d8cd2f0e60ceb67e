import GestureKit

/// A control view description.
func controlView(_ name: String, _ kind: ControlKind, frame: Rect, _ configure: (inout ControlDescription) -> Void = { _ in })
    -> ViewDescription
{
    var view = ViewDescription(name: name, frame: frame)
    var control = ControlDescription(kind: kind)
    configure(&control)
    view.control = control
    return view
}

/// A full-screen `root` holding `children`, with `recognizers`.
func rootScene(_ children: [ViewDescription], recognizers: [RecognizerDescription] = []) -> SceneDescription {
    let root = ViewDescription(name: "root", frame: Rect(x: 0, y: 0, width: 390, height: 844), children: children)
    return SceneDescription(views: [root], recognizers: recognizers)
}

/// A scroll view description.
func scrollView(
    _ name: String, frame: Rect, contentSize: Size, children: [ViewDescription] = [],
    _ configure: (inout ScrollViewDescription) -> Void = { _ in }
) -> ViewDescription {
    var view = ViewDescription(name: name, frame: frame, children: children)
    var settings = ScrollViewDescription()
    settings.contentSize = contentSize
    configure(&settings)
    view.scrollView = settings
    return view
}

extension Array where Element == AnalysisRecord {
    /// The control records.
    var controls: [ControlRecord] { compactMap { if case .control(let c) = $0 { return c } else { return nil } } }
    /// The scroll records.
    var scrolls: [ScrollRecord] { compactMap { if case .scroll(let s) = $0 { return s } else { return nil } } }
    /// The transitions.
    var transitionRecords: [TransitionRecord] { compactMap { if case .transition(let t) = $0 { return t } else { return nil } } }
    /// `event@t` for each control record.
    var controlSummary: [String] { controls.map { "\($0.event.rawValue)@\(rounded($0.t))" } }
    /// `event@t` for each scroll record but `didScroll`.
    var scrollSummary: [String] { scrolls.filter { $0.event != .didScroll }.map { "\($0.event.rawValue)@\(rounded($0.t))" } }
}
