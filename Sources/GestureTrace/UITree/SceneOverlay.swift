/// A team's additions to a scene made from a UI test (`gesturectl scene --from FILE --overlay
/// OVERLAY`): its recognizers, delegates and settings, naming views by accessibility identifier.
///
/// ```json
/// {"gesturectl-overlay": 1,
///  "views": {"feed": {"scrollView": {"bounces": false}}, "card": {"multipleTouchEnabled": true}},
///  "recognizers": [{"name": "deleteSwipe", "kind": "swipe", "view": "card", "direction": ["left"]}],
///  "velocityEstimator": "uikit"}
/// ```
///
/// `views` maps a view's name to keys that are set on it (an object value such as `scrollView` is
/// merged key by key into the generated one); `recognizers` and `controllers` are appended; any
/// other scene key (`firstResponder`, `velocityEstimator`) is set. Keys starting with `x-` are
/// ignored. The result is then read as any scene file is, so every key has its usual meaning.
public enum SceneOverlay {
    /// The overlay's top-level keys.
    public static let keys = ["gesturectl-overlay", "views", "recognizers", "controllers", "firstResponder", "velocityEstimator"]

    /// `scene` with `overlay` (parsed from `file`) applied.
    ///
    /// - Throws: `TraceError` at the overlay's `FILE:LINE:COLUMN` for an unknown key, a view name
    ///   the scene does not have (with the closest one), or a value of the wrong kind.
    public static func apply(_ overlay: Located<JSONValue>, file: String, to scene: JSONValue) throws(TraceError) -> JSONValue {
        guard case .object(let overlayMembers) = overlay.value, case .object(var members) = scene else {
            throw UITreeReader.error(file, overlay.position, "an overlay is a JSON object such as {\"gesturectl-overlay\": 1, \"recognizers\": [...]}")
        }
        let names = UITreeScene.viewNames(of: scene)
        for member in overlayMembers where !member.key.hasPrefix("x-") {
            switch member.key {
            case "gesturectl-overlay":
                continue
            case "views":
                guard case .object(let patches) = member.value.value else {
                    throw UITreeReader.error(file, member.value.position, "\"views\" maps view names to the keys to set, such as {\"feed\": {\"scrollView\": {\"bounces\": false}}}")
                }
                for patch in patches {
                    guard names.contains(patch.key) else {
                        throw UITreeReader.error(
                            file, patch.keyPosition,
                            "no view named \"\(patch.key)\" in the scene made from the UI tree" + Suggestions.parenthesis(patch.key, among: names))
                    }
                    guard case .object(let settings) = patch.value.value else {
                        throw UITreeReader.error(file, patch.value.position, "the settings of view \"\(patch.key)\" are an object of scene keys")
                    }
                    members = members.map { top in
                        guard top.key == "views", case .array(let views) = top.value.value else { return top }
                        var top = top
                        top.value.value = .array(views.map { Located(patched($0.value, name: patch.key, with: settings), at: $0.position) })
                        return top
                    }
                }
            case "recognizers", "controllers":
                guard case .array(let added) = member.value.value else {
                    throw UITreeReader.error(file, member.value.position, "\"\(member.key)\" is an array, as in a scene file")
                }
                if let index = members.firstIndex(where: { $0.key == member.key }), case .array(let existing) = members[index].value.value {
                    members[index].value.value = .array(existing + added)
                } else {
                    members.append(member)
                }
            case "firstResponder", "velocityEstimator":
                members.removeAll { $0.key == member.key }
                members.append(member)
            default:
                throw UITreeReader.error(
                    file, member.keyPosition, "unknown key \"\(member.key)\" in an overlay" + Suggestions.parenthesis(member.key, among: keys))
            }
        }
        return .object(members)
    }

    /// `view` (and its subviews) with `settings` set on the one named `name`.
    private static func patched(_ view: JSONValue, name: String, with settings: [JSONMember]) -> JSONValue {
        guard case .object(var members) = view else { return view }
        if case .string(name)? = view.member("name")?.value.value {
            for setting in settings {
                if let index = members.firstIndex(where: { $0.key == setting.key }) {
                    if case .object(let old) = members[index].value.value, case .object(let new) = setting.value.value {
                        let kept = old.filter { o in !new.contains { $0.key == o.key } }
                        members[index].value.value = .object(kept + new)
                    } else {
                        members[index].value = setting.value
                    }
                } else {
                    members.append(setting)
                }
            }
            return .object(members)
        }
        return .object(
            members.map { member in
                guard member.key == "children", case .array(let children) = member.value.value else { return member }
                var member = member
                member.value.value = .array(children.map { Located(patched($0.value, name: name, with: settings), at: $0.position) })
                return member
            })
    }
}
