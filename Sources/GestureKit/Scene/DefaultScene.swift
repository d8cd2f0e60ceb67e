extension SceneDescription {
    /// The scene used when a trace names none: one root view `screen` covering the screen, with
    /// every standard recognizer and every recognizer simultaneous with every other, so that the
    /// analysis reports every gesture the trace contains.
    ///
    /// `tap` (one tap) requires `doubleTap` (two taps) to fail; `longPress`, `pan`, `swipe` (all
    /// four directions), `pinch` and `rotation` have UIKit's defaults.
    public static func defaultScene(screen: Size = .defaultScreen) -> SceneDescription {
        var root = ViewDescription(name: "screen", frame: Rect(x: 0, y: 0, width: screen.width, height: screen.height))
        root.multipleTouchEnabled = true
        func recognizer(_ name: String, _ kind: RecognizerKind) -> RecognizerDescription {
            var r = RecognizerDescription(name: name, kind: kind, view: "screen")
            r.simultaneousWith = ["*"]
            return r
        }
        var tap = recognizer("tap", .tap())
        tap.requireToFail = ["doubleTap"]
        return SceneDescription(
            views: [root],
            recognizers: [
                tap,
                recognizer("doubleTap", .tap(numberOfTapsRequired: 2)),
                recognizer("longPress", .longPress()),
                recognizer("pan", .pan()),
                recognizer("swipe", .swipe(direction: Set(SwipeDirection.allCases))),
                recognizer("pinch", .pinch),
                recognizer("rotation", .rotation),
            ])
    }
}
