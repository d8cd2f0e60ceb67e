import GestureKit

/// Reads a scene (scene-format version 1) from a parsed JSON value into a ``SceneDescription``,
/// checking every key, type, range and name, and reporting the first problem with its position.
///
/// ```swift
/// let json = try parseJSON(bytes: bytes, file: "scene.json")
/// let scene = try SceneDecoder(file: "scene.json").decode(json)
/// ```
public struct SceneDecoder: Sendable {
    /// The file name used in messages.
    public var file: String
    /// The kinds and delegates a team registered, besides the built-in kinds.
    public var registry: RecognizerRegistry

    /// Creates a decoder whose messages name `file`, with the registry bound to
    /// ``RecognizerRegistry/current`` now.
    public init(file: String, registry: RecognizerRegistry = RecognizerRegistry.current) {
        self.file = file
        self.registry = registry
    }

    /// The message for a trace file read as a scene.
    static let traceGivenAsScene =
        "this looks like a trace, not a scene: give traces as TRACE operands, and scenes (\"views\", "
        + "\"recognizers\"; 'gesturectl scene --default' prints one) to --scene"

    /// Decodes and validates a whole scene.
    public func decode(_ json: Located<JSONValue>) throws(TraceError) -> SceneDescription {
        // A trace read where a scene was expected (`--scene trace.json`) is named as a trace.
        if case .array = json.value { throw error(json.position, Self.traceGivenAsScene) }
        let top = try object(json, "the scene")
        if let member = top.members.first(where: { ["gesturectl", "samples", "screen"].contains($0.key) }) {
            throw error(member.keyPosition, "\(Self.traceGivenAsScene) (it has \"\(member.key)\")")
        }
        try allowOnly(top, ["gesturectl-scene", "views", "controllers", "firstResponder", "recognizers", "velocityEstimator"], in: "the scene")
        if let version = top.member("gesturectl-scene") {
            guard case .number(let v, _) = version.value.value, v == 1 else {
                throw error(version.value.position, "\"gesturectl-scene\" must be 1")
            }
        }
        guard let viewsMember = top.member("views") else {
            throw error(json.position, "the scene has no \"views\"")
        }
        var names = NameTable()
        var views: [ViewDescription] = []
        // Each view, controller and recognizer is decoded on its own: a scene with several mistakes
        // reports each (up to `maximumReportedErrors`), at its position, in one run.
        for item in try array(viewsMember.value, "\"views\"") {
            do throws(TraceError) { views.append(try view(item, names: &names)) } catch { try names.problems.add(error) }
        }
        var controllers: [ControllerDescription] = []
        if let member = top.member("controllers") {
            for item in try array(member.value, "\"controllers\"") {
                do throws(TraceError) { controllers.append(try controller(item, names: &names)) } catch { try names.problems.add(error) }
            }
        }
        var recognizerPositions: [String: SourcePosition] = [:]
        var references: [(name: String, at: SourcePosition, what: String)] = []
        var recognizers: [RecognizerDescription] = []
        if let member = top.member("recognizers") {
            for item in try array(member.value, "\"recognizers\"") {
                do throws(TraceError) {
                    let (description, refs) = try recognizer(item, names: names)
                    if recognizerPositions[description.name] != nil {
                        throw error(item.value.member("name")?.value.position ?? item.position,
                                    "recognizer name \"\(description.name)\" is used twice")
                    }
                    recognizerPositions[description.name] = item.position
                    recognizers.append(description)
                    references += refs
                } catch {
                    try names.problems.add(error)
                }
            }
        }
        try names.problems.throwIfAny()
        for forward in names.forwards
        where names.views[forward.name] == nil && names.controllers[forward.name] == nil && forward.name != "window" {
            throw error(
                forward.position,
                "\"forwardsTo\" names \"\(forward.name)\", which is neither a view nor a controller"
                    + Suggestions.parenthesis(forward.name, among: names.responders))
        }
        var scene = SceneDescription(views: views, controllers: controllers)
        if let member = top.member("firstResponder") {
            let name = try string(member.value, "\"firstResponder\"")
            guard names.views[name] != nil || names.controllers[name] != nil else {
                throw error(
                    member.value.position,
                    "\"firstResponder\" names \"\(name)\", which is neither a view nor a controller"
                        + Suggestions.parenthesis(name, among: names.responders))
            }
            scene.firstResponder = name
        }
        if let member = top.member("velocityEstimator") {
            scene.velocityEstimator = try enumeration(member.value, "\"velocityEstimator\"", VelocityEstimatorKind.self)
        }
        scene.recognizers = recognizers
        for ref in references where recognizerPositions[ref.name] == nil && !names.scrollRecognizers.contains(ref.name) {
            throw error(
                ref.at,
                "\(ref.what) names recognizer \"\(ref.name)\", which does not exist"
                    + Suggestions.parenthesis(ref.name, among: scene.recognizers.map(\.name) + names.scrollRecognizers.sorted()))
        }
        if let cycle = scene.failureRequirementCycle() {
            let position = top.member("recognizers").flatMap { member -> SourcePosition? in
                guard case .array(let items) = member.value.value else { return nil }
                return items.first { $0.value.member("name").map { m in m.value.value == .string(cycle[0]) } ?? false }?
                    .value.member("requireToFail")?.value.position
            } ?? json.position
            throw error(position, "failure requirements form a cycle: \(cycle.joined(separator: " → "))")
        }
        return scene
    }

    /// The most problems one run reports for a scene; the rest are counted.
    public static let maximumReportedErrors = 20

    /// The problems found so far, in order.
    struct Problems {
        var found: [Diagnostic] = []
        var more = 0

        /// Notes a problem; a file that cannot be read is thrown at once.
        mutating func add(_ error: TraceError) throws(TraceError) {
            guard case .invalid(let diagnostic) = error else { throw error }
            if found.count < SceneDecoder.maximumReportedErrors { found.append(diagnostic) } else { more += 1 }
        }

        /// Throws the first problem with the others as its `further` ones.
        func throwIfAny() throws(TraceError) {
            // In the file's order: a view's own problem is found after its children's.
            let sorted = found.sorted { ($0.position.line, $0.position.column) < ($1.position.line, $1.position.column) }
            guard var first = sorted.first else { return }
            first.further = Array(sorted.dropFirst())
            if more > 0, let last = sorted.last {
                var note = last
                note.message = "\(more) more \(more == 1 ? "problem" : "problems") not shown (at most \(SceneDecoder.maximumReportedErrors) are)"
                first.further.append(note)
            }
            throw .invalid(first)
        }
    }

    // MARK: Views and controllers

    struct NameTable {
        var views: [String: SourcePosition] = [:]
        var controllers: [String: SourcePosition] = [:]
        /// `forwardsTo` names seen, checked once every responder is known.
        var forwards: [(name: String, position: SourcePosition)] = []
        /// The scroll views' own recognizers (`NAME.pan`, `NAME.pinch`), which scene recognizers may name.
        var scrollRecognizers: Set<String> = []
        /// The problems found so far (the decoder goes on after a view, controller or recognizer with one).
        var problems = Problems()

        /// The view names, sorted (suggestions must not depend on a dictionary's order).
        var viewNames: [String] { views.keys.sorted() }
        /// The view and controller names, sorted.
        var responders: [String] { (Array(views.keys) + Array(controllers.keys)).sorted() }
    }

    private static let viewKeys = [
        "name", "frame", "children", "userInteractionEnabled", "hidden", "alpha", "multipleTouchEnabled",
        "exclusiveTouch", "exclusiveTouchBlocksRecognizers", "clipsToBounds", "handles", "canBecomeFirstResponder", "hitTest",
        "hitInsets", "forwardsTo", "scrollView", "thresholds", "class", "transform",
    ] + SceneDecoder.controlKeys

    private func view(_ json: Located<JSONValue>, names: inout NameTable) throws(TraceError) -> ViewDescription {
        let members = try object(json, "a view")
        try allowOnly(members, Self.viewKeys, in: "a view")
        let name = try requiredName(members, json, "a view")
        if names.views[name.value] != nil || name.value == "window" || name.value == "application" {
            throw error(name.position, name.value == "window" || name.value == "application"
                ? "view name \"\(name.value)\" is reserved" : "view name \"\(name.value)\" is used twice")
        }
        names.views[name.value] = name.position
        guard let frameMember = members.member("frame") else {
            throw error(json.position, "view \"\(name.value)\" has no \"frame\"")
        }
        let frame = try rect(frameMember.value, "\"frame\" of view \"\(name.value)\"")
        var description = ViewDescription(name: name.value, frame: frame)
        description.givenKeys = Set(members.members.map(\.key))
        if let m = members.member("class") { description.viewClass = try viewClass(m) }
        if let m = members.member("userInteractionEnabled") { description.userInteractionEnabled = try bool(m) }
        if let m = members.member("hidden") { description.hidden = try bool(m) }
        if let m = members.member("alpha") {
            let alpha = try number(m.value, "\"alpha\"")
            guard alpha >= 0, alpha <= 1 else { throw error(m.value.position, "\"alpha\" must be between 0 and 1") }
            description.alpha = alpha
        }
        try readFlags(members, [
            ("multipleTouchEnabled", \.multipleTouchEnabled), ("exclusiveTouch", \.exclusiveTouch),
            ("exclusiveTouchBlocksRecognizers", \.exclusiveTouchBlocksRecognizers), ("clipsToBounds", \.clipsToBounds),
            ("canBecomeFirstResponder", \.canBecomeFirstResponder),
        ], into: &description)
        if let m = members.member("handles") { description.handles = try handles(m) }
        if let m = members.member("hitTest") {
            description.hitTest = try enumeration(m.value, "\"hitTest\"", HitTestRule.self)
        }
        if let m = members.member("hitInsets") {
            guard case .array(let items) = m.value.value, items.count == 4 else {
                throw error(m.value.position, "\"hitInsets\" must be [top, left, bottom, right]")
            }
            var v: [Double] = []
            for item in items { v.append(try number(item, "\"hitInsets\"")) }
            description.hitInsets = EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
        }
        if let m = members.member("transform") {
            guard case .array(let items) = m.value.value, items.count == 6 else {
                throw error(m.value.position, "\"transform\" must be [a, b, c, d, tx, ty] (CGAffineTransform's entries)")
            }
            var v: [Double] = []
            for item in items { v.append(try number(item, "\"transform\"")) }
            let transform = AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
            guard transform.inverted != nil else {
                throw error(m.value.position, "\"transform\" must be invertible (a·d − b·c is 0: the view would have no area)")
            }
            description.transform = transform == .identity ? nil : transform
        }
        if let m = members.member("forwardsTo") {
            description.forwardsTo = try string(m.value, "\"forwardsTo\"")
            names.forwards.append((description.forwardsTo ?? "", m.value.position))
        }
        try controlAndScrollView(members, name: name.value, into: &description, names: &names)
        if let m = members.member("children") {
            for child in try array(m.value, "\"children\"") {
                do throws(TraceError) { description.children.append(try view(child, names: &names)) } catch { try names.problems.add(error) }
            }
        }
        return description
    }

    private func controller(_ json: Located<JSONValue>, names: inout NameTable) throws(TraceError) -> ControllerDescription {
        let members = try object(json, "a controller")
        try allowOnly(members, ["name", "view", "handles"], in: "a controller")
        let name = try requiredName(members, json, "a controller")
        if name.value == "window" || name.value == "application" {
            throw error(name.position, "controller name \"\(name.value)\" is reserved")
        }
        if names.views[name.value] != nil || names.controllers[name.value] != nil {
            throw error(name.position, "responder name \"\(name.value)\" is used twice")
        }
        guard let viewMember = members.member("view") else {
            throw error(json.position, "controller \"\(name.value)\" has no \"view\"")
        }
        let viewName = try string(viewMember.value, "\"view\"")
        guard names.views[viewName] != nil else {
            throw error(
                viewMember.value.position,
                "controller \"\(name.value)\" names view \"\(viewName)\", which does not exist"
                    + Suggestions.parenthesis(viewName, among: names.viewNames))
        }
        names.controllers[name.value] = name.position
        var description = ControllerDescription(name: name.value, view: viewName)
        if let m = members.member("handles") { description.handles = try handles(m) }
        return description
    }

    private func handles(_ member: JSONMember) throws(TraceError) -> Set<HandledEvents> {
        var result: Set<HandledEvents> = []
        for item in try array(member.value, "\"handles\"") {
            result.insert(try enumeration(item, "an entry of \"handles\"", HandledEvents.self))
        }
        return result
    }

    // MARK: Recognizers

    private static let commonKeys = [
        "name", "kind", "view", "enabled", "cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded",
        "requireToFail", "simultaneousWith", "shouldBegin", "shouldReceiveTouch", "canPrevent", "canBePreventedBy",
        "thresholds", "delegate",
    ]

    private static let kindKeys: [String: [String]] = [
        "tap": ["numberOfTapsRequired", "numberOfTouchesRequired"],
        "longPress": ["minimumPressDuration", "allowableMovement", "numberOfTouchesRequired", "numberOfTapsRequired"],
        "pan": ["minimumNumberOfTouches", "maximumNumberOfTouches"],
        "screenEdgePan": ["edges"],
        "swipe": ["direction", "numberOfTouchesRequired"],
        "pinch": [],
        "rotation": [],
        "checkmark": [],
        "template": ["templates", "minimumScore"],
    ]

    private func recognizer(_ json: Located<JSONValue>, names: NameTable) throws(TraceError)
        -> (RecognizerDescription, [(name: String, at: SourcePosition, what: String)])
    {
        let members = try object(json, "a recognizer")
        let name = try requiredName(members, json, "a recognizer")
        // An entry named after a scroll view's own recognizer configures it: its kind and view are implied.
        let scrollOwn = names.scrollRecognizers.contains(name.value) ? scrollRecognizerParts(name.value) : nil
        let kindName: String
        let kindPosition: SourcePosition
        if let kindMember = members.member("kind") {
            kindName = try string(kindMember.value, "\"kind\"")
            kindPosition = kindMember.value.position
            if let scrollOwn, kindName != scrollOwn.kind {
                throw error(kindPosition, "recognizer \"\(name.value)\" is \(scrollOwn.view)'s own \(scrollOwn.kind): its \"kind\" is \"\(scrollOwn.kind)\" (or leave it out)")
            }
        } else if let scrollOwn {
            kindName = scrollOwn.kind
            kindPosition = json.position
        } else {
            throw error(json.position, "recognizer \"\(name.value)\" has no \"kind\"")
        }
        let registered = registry.kinds[kindName]
        guard let settings = registered?.settingKeys ?? Self.kindKeys[kindName] else {
            let known = Set(Self.kindKeys.keys).union(registry.kinds.keys).sorted()
            throw error(
                kindPosition,
                "unknown recognizer kind \"\(kindName)\""
                    + Suggestions.parenthesis(kindName, among: known, note: "expected one of \(known.joined(separator: ", "))"))
        }
        for member in members.members where !member.key.hasPrefix("x-") {
            if Self.commonKeys.contains(member.key) || settings.contains(member.key) { continue }
            if registered == nil, Self.kindKeys.values.contains(where: { $0.contains(member.key) }) {
                let own = settings.isEmpty ? "it has no settings of its own" : "its settings: " + settings.joined(separator: ", ")
                throw error(member.keyPosition, "\"\(member.key)\" is not a setting of a \(kindName) recognizer (\(own))")
            }
            throw error(
                member.keyPosition,
                "unknown key \"\(member.key)\" in recognizer \"\(name.value)\""
                    + Suggestions.parenthesis(member.key, among: settings + Self.commonKeys, note: "extension keys start with \"x-\""))
        }
        let viewName: String
        if let viewMember = members.member("view") {
            viewName = try string(viewMember.value, "\"view\"")
            if let scrollOwn, viewName != scrollOwn.view {
                throw error(viewMember.value.position, "recognizer \"\(name.value)\" is \(scrollOwn.view)'s own: its \"view\" is \"\(scrollOwn.view)\" (or leave it out)")
            }
            guard names.views[viewName] != nil || viewName == "window" else {
                throw error(
                    viewMember.value.position,
                    "recognizer \"\(name.value)\" names view \"\(viewName)\", which does not exist"
                        + Suggestions.parenthesis(viewName, among: names.viewNames + ["window"]))
            }
        } else if let scrollOwn {
            viewName = scrollOwn.view
        } else {
            throw error(json.position, "recognizer \"\(name.value)\" has no \"view\"")
        }
        let kind = registered == nil
            ? try recognizerKind(kindName, members)
            : try customKind(kindName, settings, members, recognizer: name.value, at: kindPosition)
        var d = RecognizerDescription(name: name.value, kind: kind, view: viewName)
        d.givenKeys = Set(members.members.map(\.key))
        var refs: [(name: String, at: SourcePosition, what: String)] = []
        try readFlags(members, [
            ("enabled", \.enabled), ("cancelsTouchesInView", \.cancelsTouchesInView), ("delaysTouchesBegan", \.delaysTouchesBegan),
            ("delaysTouchesEnded", \.delaysTouchesEnded), ("shouldBegin", \.shouldBegin),
        ], into: &d)
        if let m = members.member("requireToFail") {
            for item in try array(m.value, "\"requireToFail\"") {
                let other = try string(item, "an entry of \"requireToFail\"")
                if other == name.value { throw error(item.position, "recognizer \"\(other)\" cannot require itself to fail") }
                d.requireToFail.append(other)
                refs.append((other, item.position, "\"requireToFail\" of \"\(name.value)\""))
            }
        }
        if let m = members.member("simultaneousWith") {
            for item in try array(m.value, "\"simultaneousWith\"") {
                let other = try string(item, "an entry of \"simultaneousWith\"")
                d.simultaneousWith.append(other)
                if other != "*" { refs.append((other, item.position, "\"simultaneousWith\" of \"\(name.value)\"")) }
            }
        }
        for key in ["canPrevent", "canBePreventedBy"] {
            guard let m = members.member(key) else { continue }
            let selection: RecognizerSelection
            switch m.value.value {
            case .bool(let yes): selection = yes ? .all : .none
            case .array(let items):
                var set: Set<String> = []
                for item in items {
                    let other = try string(item, "an entry of \"\(key)\"")
                    set.insert(other)
                    refs.append((other, item.position, "\"\(key)\" of \"\(name.value)\""))
                }
                selection = .named(set)
            default:
                throw error(m.value.position, "\"\(key)\" must be true, false or a list of recognizer names, not \(m.value.value.typeDescription)")
            }
            if key == "canPrevent" { d.canPrevent = selection } else { d.canBePreventedBy = selection }
        }
        if let m = members.member("shouldReceiveTouch") {
            let rule = try object(m.value, "\"shouldReceiveTouch\"")
            try allowOnly(rule, ["inViews", "notInViews"], in: "\"shouldReceiveTouch\"")
            let entries = rule.members.filter { !$0.key.hasPrefix("x-") }
            guard entries.count == 1, let entry = entries.first else {
                throw error(m.value.position, "\"shouldReceiveTouch\" must have exactly one of \"inViews\" or \"notInViews\"")
            }
            var list: [String] = []
            for item in try array(entry.value, "\"\(entry.key)\"") {
                let viewName = try string(item, "an entry of \"\(entry.key)\"")
                guard names.views[viewName] != nil else {
                    throw error(
                        item.position,
                        "\"\(entry.key)\" names view \"\(viewName)\", which does not exist"
                            + Suggestions.parenthesis(viewName, among: names.viewNames))
                }
                list.append(viewName)
            }
            d.shouldReceiveTouch = entry.key == "inViews" ? .inViews(list) : .notInViews(list)
        }
        if let m = members.member("delegate") {
            d.delegate = try registeredDelegate(m, members)
        }
        if let m = members.member("thresholds") {
            d.thresholds = try thresholds(m, names: Thresholds.names, what: "threshold", listedIn: "docs/recognizers.md")
        }
        return (d, refs)
    }

    /// The scroll view and kind (`pan` or `pinch`) of a scroll view's own recognizer's name.
    private func scrollRecognizerParts(_ name: String) -> (view: String, kind: String)? {
        for kind in ["pan", "pinch"] where name.hasSuffix("." + kind) {
            return (String(name.dropLast(kind.count + 1)), kind)
        }
        return nil
    }

    /// A `"thresholds"` table: each name one of `names`, each value a number not below zero.
    func thresholds(_ m: JSONMember, names: [String], what: String, listedIn docs: String) throws(TraceError) -> [String: Double] {
        let table = try object(m.value, "\"thresholds\"")
        var result: [String: Double] = [:]
        for entry in table.members where !entry.key.hasPrefix("x-") {
            guard names.contains(entry.key) else {
                let hint = Suggestions.closest(to: entry.key, among: names).map { "did you mean \"\($0)\"? " } ?? ""
                throw error(entry.keyPosition, "unknown \(what) \"\(entry.key)\" (\(hint)see \(docs) for the list)")
            }
            let value = try number(entry.value, "threshold \"\(entry.key)\"")
            guard value >= 0 else { throw error(entry.value.position, "threshold \"\(entry.key)\" must not be negative") }
            result[entry.key] = value
        }
        return result
    }

    private func recognizerKind(_ kind: String, _ m: ObjectView) throws(TraceError) -> RecognizerKind {
        switch kind {
        case "tap":
            return .tap(
                numberOfTapsRequired: try integer(m, "numberOfTapsRequired", default: 1, minimum: 1),
                numberOfTouchesRequired: try integer(m, "numberOfTouchesRequired", default: 1, minimum: 1))
        case "longPress":
            return .longPress(
                minimumPressDuration: try nonNegative(m, "minimumPressDuration", default: 0.5),
                allowableMovement: try nonNegative(m, "allowableMovement", default: 10),
                numberOfTouchesRequired: try integer(m, "numberOfTouchesRequired", default: 1, minimum: 1),
                numberOfTapsRequired: try integer(m, "numberOfTapsRequired", default: 0, minimum: 0))
        case "pan":
            let minimum = try integer(m, "minimumNumberOfTouches", default: 1, minimum: 1)
            let maximum = try integer(m, "maximumNumberOfTouches", default: Int.max, minimum: 1)
            if maximum < minimum, let member = m.member("maximumNumberOfTouches") {
                throw error(member.value.position, "\"maximumNumberOfTouches\" is smaller than \"minimumNumberOfTouches\"")
            }
            return .pan(minimumNumberOfTouches: minimum, maximumNumberOfTouches: maximum)
        case "screenEdgePan":
            guard let member = m.member("edges") else {
                throw error(m.position, "a screenEdgePan recognizer needs \"edges\"")
            }
            return .screenEdgePan(edges: try enumerationSet(member, ScreenEdge.self))
        case "swipe":
            var directions: Set<SwipeDirection> = [.right]
            if let member = m.member("direction") {
                if case .string = member.value.value {
                    directions = [try enumeration(member.value, "\"direction\"", SwipeDirection.self)]
                } else {
                    directions = try enumerationSet(member, SwipeDirection.self)
                }
            }
            return .swipe(direction: directions, numberOfTouchesRequired: try integer(m, "numberOfTouchesRequired", default: 1, minimum: 1))
        case "pinch": return .pinch
        case "rotation": return .rotation
        case "checkmark": return .checkmark
        default:
            var templates: [StrokeTemplate] = []
            if let member = m.member("templates") {
                for item in try array(member.value, "\"templates\"") {
                    templates.append(try template(item))
                }
            }
            guard !templates.isEmpty else {
                throw error(m.member("templates")?.value.position ?? m.position, "a template recognizer needs at least one entry in \"templates\"")
            }
            var minimumScore = 0.8
            if let member = m.member("minimumScore") {
                minimumScore = try number(member.value, "\"minimumScore\"")
                guard minimumScore >= 0, minimumScore <= 1 else {
                    throw error(member.value.position, "\"minimumScore\" must be between 0 and 1")
                }
            }
            return .template(templates: templates, minimumScore: minimumScore)
        }
    }

    /// A registered kind with the entry's own settings, checked by making the recognizer once.
    private func customKind(
        _ kindName: String, _ keys: [String], _ m: ObjectView, recognizer: String, at position: SourcePosition
    ) throws(TraceError) -> RecognizerKind {
        var values: [String: SettingValue] = [:]
        for member in m.members where keys.contains(member.key) { values[member.key] = Self.setting(member.value) }
        guard let kind = registry.kind(kindName, settings: values) else {
            throw error(position, "unknown recognizer kind \"\(kindName)\"")
        }
        do throws(SettingError) {
            _ = try kind.make(named: recognizer)
        } catch let problem {
            let at = problem.key.flatMap { key in m.member(key)?.value.position } ?? position
            throw error(at, problem.message)
        }
        return .custom(kind)
    }

    /// A JSON value as a registered kind receives it.
    private static func setting(_ json: Located<JSONValue>) -> SettingValue {
        switch json.value {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n, _): return .number(n)
        case .string(let s): return .string(s)
        case .array(let items): return .array(items.map(setting))
        case .object(let members):
            var object: [String: SettingValue] = [:]
            for member in members { object[member.key] = setting(member.value) }
            return .object(object)
        }
    }

    /// The registered view class a view's `"class"` key names.
    private func viewClass(_ member: JSONMember) throws(TraceError) -> RegisteredViewClass {
        let className = try string(member.value, "\"class\"")
        guard let viewClass = registry.viewClass(className) else {
            let known = registry.viewClasses.keys.sorted()
            throw error(
                member.value.position,
                "unknown view class \"\(className)\""
                    + (known.isEmpty
                        ? " (no view classes are registered)"
                        : Suggestions.parenthesis(className, among: known, note: "expected one of \(known.joined(separator: ", "))")))
        }
        return viewClass
    }

    /// The registered delegate a `"delegate"` key names; it cannot be combined with the keys it replaces.
    private func registeredDelegate(_ member: JSONMember, _ m: ObjectView) throws(TraceError) -> RegisteredDelegate {
        let delegateName = try string(member.value, "\"delegate\"")
        guard let delegate = registry.delegate(delegateName) else {
            let known = registry.delegates.keys.sorted().joined(separator: ", ")
            throw error(member.value.position, "unknown delegate \"\(delegateName)\" (" + (known.isEmpty ? "no delegates are registered" : "expected one of \(known)") + ")")
        }
        for key in ["simultaneousWith", "shouldBegin", "shouldReceiveTouch"] {
            if let other = m.member(key) {
                throw error(other.keyPosition, "\"\(key)\" cannot be combined with \"delegate\": the delegate \"\(delegateName)\" answers instead")
            }
        }
        return delegate
    }

    private func template(_ json: Located<JSONValue>) throws(TraceError) -> StrokeTemplate {
        let members = try object(json, "a template")
        try allowOnly(members, ["name", "points"], in: "a template")
        let name = try requiredName(members, json, "a template")
        guard let pointsMember = members.member("points") else {
            throw error(json.position, "template \"\(name.value)\" has no \"points\"")
        }
        var points: [Point] = []
        for item in try array(pointsMember.value, "\"points\"") {
            guard case .array(let pair) = item.value, pair.count == 2 else {
                throw error(item.position, "a template point must be an array [x, y]")
            }
            points.append(Point(x: try number(pair[0], "x"), y: try number(pair[1], "y")))
        }
        guard points.count >= 2 else {
            throw error(pointsMember.value.position, "template \"\(name.value)\" needs at least 2 points")
        }
        return StrokeTemplate(name: name.value, points: points)
    }
}
