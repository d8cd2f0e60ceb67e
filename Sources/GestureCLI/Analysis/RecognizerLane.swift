import GestureKit

/// A recognizer that gets a lane in a picture of a run (`plot`, `view`): the scene's recognizers in
/// scene order, then those only the records name, in the order they first appear (a scroll view's
/// own `NAME.pan` and `NAME.pinch`, which no scene lists, and a golden file's).
struct RecognizerLane: Hashable {
    var name: String
    /// The kind's name (`pan`, `tap`, …).
    var kind: String
    /// The view it is attached to.
    var view: String

    /// The lanes of `scene` and `transitions` (every list in `transitions` is looked at in turn).
    static func lanes(of scene: SceneDescription, transitions: [[TransitionRecord]]) -> [RecognizerLane] {
        var lanes: [RecognizerLane] = []
        var seen: Set<String> = []
        for recognizer in scene.recognizers where seen.insert(recognizer.name).inserted {
            lanes.append(RecognizerLane(name: recognizer.name, kind: recognizer.kind.name, view: recognizer.view))
        }
        for list in transitions {
            for transition in list where seen.insert(transition.recognizer).inserted {
                lanes.append(RecognizerLane(name: transition.recognizer, kind: transition.kind, view: transition.view))
            }
        }
        return lanes
    }
}
