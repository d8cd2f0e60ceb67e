import GestureKit

/// The input sources of a W3C WebDriver actions body (`POST /session/{id}/actions`), decoded and
/// checked, each action with its place in the file.
///
/// See the WebDriver specification, "Actions": every source has a `type` (`pointer`, `key`, `none`,
/// `wheel`), an `id` and an `actions` list; a pointer source's `parameters.pointerType` is `mouse`
/// (the default), `pen` or `touch`.
struct WebDriverSource {
    /// What a pointer source is.
    enum PointerType: String {
        case mouse, pen, touch
    }

    /// The kind of source: only pointers make touches; the others take part in tick timing only.
    enum Kind: Equatable {
        case pointer(PointerType)
        case key, none, wheel
    }

    /// The source's `id`.
    var id: String
    var kind: Kind
    /// Where the pointer type is given (the source's `{` when it is not): warnings point there.
    var typePosition: SourcePosition
    var actions: [WebDriverAction]
}

/// One action of a source, at one tick.
struct WebDriverAction {
    /// What the action does.
    enum Kind {
        /// `pause`, and the key and wheel actions, which make no touch (`scroll` has a duration).
        case wait
        case down(button: Int)
        case up(button: Int)
        case cancel
        case move(MoveTarget)
    }

    var kind: Kind
    /// The action's `duration` in microseconds (0 when it has none).
    var duration: Int64 = 0
    /// `pressure`, 0…1, when given.
    var pressure: Double?
    /// Half the larger of `width` and `height`, in points, when either is given.
    var radius: Double?
    /// Where the action's object starts.
    var position: SourcePosition
}

/// Where a `pointerMove` goes: `x`, `y` from an origin.
struct MoveTarget {
    /// What `x` and `y` are relative to.
    enum Origin {
        /// The viewport's top-left corner (the screen's).
        case viewport
        /// The pointer's position when the move starts.
        case pointer
        /// An element's in-view centre point, resolved from `--element`.
        case element(Point)
    }

    var x: Double
    var y: Double
    var origin: Origin
}

/// Decodes an actions body into `WebDriverSource`s, rejecting malformed input with positioned errors.
struct WebDriverDecoder {
    /// The file name for diagnostics.
    let file: String
    /// The element rectangles of `--element`, by id.
    let elements: [String: Rect]
    /// The screen, which bounds element centres (the in-view centre point).
    let screen: Size
    /// Warnings about values that decode but are likely mistakes (a fractional or very long duration).
    let notes = DecoderNotes()

    /// A pause at least this long (ms) that is a whole number of seconds is warned about: Selenium's
    /// Python clients take seconds, so `pause(500)` sends 500,000 ms.
    static let suspiciousPause = 60_000.0

    /// The longest duration accepted, in milliseconds: an hour.
    static let maximumDuration = 3_600_000.0
    /// The largest coordinate accepted, in points, either sign.
    static let maximumCoordinate = 1_000_000.0
    /// The keys of a WebDriver element reference (the W3C one and the JSON Wire Protocol one).
    static let elementKeys = ["element-6066-11e4-a52e-4f735466cecf", "ELEMENT"]

    /// `{"actions": [source, …]}` or a bare array of sources.
    func decode(_ document: Located<JSONValue>) throws(TraceError) -> [WebDriverSource] {
        let list: Located<JSONValue>
        switch document.value {
        case .array:
            list = document
        case .object(let members):
            if case .string(let script)? = members.first(where: { $0.key == "script" })?.value.value {
                throw error(AppiumTouchActions.executeMessage(script), at: document.position)
            }
            guard let actions = members.first(where: { $0.key == "actions" }) else {
                throw error("an actions body needs an 'actions' array of input sources", at: document.position)
            }
            list = actions.value
        default:
            throw error("expected an actions body: {\"actions\": [...]} or an array of input sources, found "
                + document.value.typeDescription, at: document.position)
        }
        guard case .array(var elements) = list.value else {
            throw error("'actions' must be an array of input sources, found \(list.value.typeDescription)", at: list.position)
        }
        if AppiumTouchActions.isLegacy(elements) { elements = try AppiumTouchActions.sources(elements, decoder: self) }
        var sources: [WebDriverSource] = []
        var ids: Set<String> = []
        for element in elements {
            let source = try decodeSource(element)
            guard ids.insert(source.id).inserted else {
                throw error("a second input source with id \(Messages.quoted(source.id))", at: element.position)
            }
            sources.append(source)
        }
        return sources
    }

    private func decodeSource(_ value: Located<JSONValue>) throws(TraceError) -> WebDriverSource {
        let members = try object(value, "an input source")
        let type = try requiredString(members, "type", in: value, what: "an input source")
        let id = try requiredString(members, "id", in: value, what: "an input source")
        var typePosition = value.position
        let kind: WebDriverSource.Kind
        switch type.value {
        case "pointer":
            var pointerType = WebDriverSource.PointerType.mouse
            if let parameters = members.first(where: { $0.key == "parameters" }) {
                let inner = try object(parameters.value, "'parameters'")
                if let member = inner.first(where: { $0.key == "pointerType" }) {
                    guard case .string(let name) = member.value.value, let parsed = WebDriverSource.PointerType(rawValue: name)
                    else {
                        throw error("'pointerType' must be \(Messages.choices(["mouse", "pen", "touch"])), found "
                            + describe(member.value.value), at: member.value.position)
                    }
                    pointerType = parsed
                    typePosition = member.value.position
                }
            }
            kind = .pointer(pointerType)
        case "key": kind = .key
        case "none": kind = .none
        case "wheel": kind = .wheel
        default:
            throw error("unknown input source type \(Messages.quoted(type.value)): expected "
                + Messages.choices(["pointer", "key", "none", "wheel"]), at: type.position)
        }
        guard let list = members.first(where: { $0.key == "actions" }) else {
            throw error("input source \(Messages.quoted(id.value)) has no 'actions' array", at: value.position)
        }
        guard case .array(let items) = list.value.value else {
            throw error("'actions' of input source \(Messages.quoted(id.value)) must be an array, found "
                + list.value.value.typeDescription, at: list.value.position)
        }
        var actions: [WebDriverAction] = []
        actions.reserveCapacity(items.count)
        for item in items { actions.append(try decodeAction(item, kind: kind)) }
        return WebDriverSource(id: id.value, kind: kind, typePosition: typePosition, actions: actions)
    }

    private func decodeAction(_ value: Located<JSONValue>, kind: WebDriverSource.Kind) throws(TraceError) -> WebDriverAction {
        let members = try object(value, "an action")
        let type = try requiredString(members, "type", in: value, what: "an action")
        let allowed: [String]
        switch kind {
        case .pointer: allowed = ["pause", "pointerDown", "pointerUp", "pointerMove", "pointerCancel"]
        case .key: allowed = ["pause", "keyDown", "keyUp"]
        case .none: allowed = ["pause"]
        case .wheel: allowed = ["pause", "scroll"]
        }
        guard allowed.contains(type.value) else {
            throw error("unknown action type \(Messages.quoted(type.value)) for a \(Self.name(of: kind)) source: expected "
                + Messages.choices(allowed), at: type.position)
        }
        var action = WebDriverAction(kind: .wait, position: value.position)
        switch type.value {
        case "pause", "scroll":
            action.duration = try duration(members)
            if type.value == "pause", let member = members.first(where: { $0.key == "duration" }),
                case .number(let ms, _) = member.value.value, ms >= Self.suspiciousPause, ms.truncatingRemainder(dividingBy: 1000) == 0
            {
                let seconds = TraceNumber.string(ms / 1000)
                notes.warn(
                    "a pause of \(Self.literal(member.value.value)) ms (\(seconds) s): Selenium's Python ActionChains.pause() and "
                        + "ActionBuilder pause take seconds, so pause(\(seconds)) asks for \(seconds) s; if \(seconds) ms was meant, "
                        + "write pause(\(TraceNumber.string(ms / 1_000_000)))", file: file, at: member.value.position)
            }
            return action
        case "keyDown", "keyUp":
            return action
        case "pointerCancel":
            action.kind = .cancel
            return action
        case "pointerDown", "pointerUp":
            let button = try button(members)
            action.kind = type.value == "pointerDown" ? .down(button: button) : .up(button: button)
        default:
            action.duration = try duration(members)
            action.kind = .move(try moveTarget(members, at: value.position))
        }
        action.pressure = try number(members, "pressure", range: 0...1, expected: "a number from 0 to 1")
        let width = try number(members, "width", range: 0...Self.maximumCoordinate, expected: "a number of points ≥ 0")
        let height = try number(members, "height", range: 0...Self.maximumCoordinate, expected: "a number of points ≥ 0")
        if width != nil || height != nil { action.radius = max(width ?? 0, height ?? 0) / 2 }
        return action
    }

    private func moveTarget(_ members: [JSONMember], at position: SourcePosition) throws(TraceError) -> MoveTarget {
        let coordinate = "a number of points"
        let range = -Self.maximumCoordinate...Self.maximumCoordinate
        guard let x = try number(members, "x", range: range, expected: coordinate) else {
            throw error("a pointerMove needs 'x' and 'y': this one has no 'x'", at: position)
        }
        guard let y = try number(members, "y", range: range, expected: coordinate) else {
            throw error("a pointerMove needs 'x' and 'y': this one has no 'y'", at: position)
        }
        guard let member = members.first(where: { $0.key == "origin" }) else {
            try inBounds(Point(x: x, y: y), at: position)
            return MoveTarget(x: x, y: y, origin: .viewport)
        }
        let origin = member.value
        switch origin.value {
        case .string("viewport"):
            try inBounds(Point(x: x, y: y), at: position)
            return MoveTarget(x: x, y: y, origin: .viewport)
        case .string("pointer"): return MoveTarget(x: x, y: y, origin: .pointer)
        case .object(let reference):
            guard let key = reference.first(where: { Self.elementKeys.contains($0.key) }) else {
                throw error("an element origin needs the key \(Messages.quoted(Self.elementKeys[0]))", at: origin.position)
            }
            guard case .string(let id) = key.value.value else {
                throw error("an element id must be a string, found \(key.value.value.typeDescription)", at: key.value.position)
            }
            guard let rect = elements[id] else {
                let known = elements.keys.sorted()
                throw error("the origin is element \(Messages.quoted(id)), which no --element defines"
                    + (known.isEmpty ? ": give --element \(id)=X,Y,WIDTH,HEIGHT" : " (defined: \(known.map(Messages.quoted).joined(separator: ", ")))"),
                    at: key.value.position)
            }
            let centre = centre(of: rect)
            try inBounds(Point(x: centre.x + x, y: centre.y + y), at: position)
            return MoveTarget(x: x, y: y, origin: .element(centre))
        default:
            throw error("'origin' must be \"viewport\", \"pointer\" or an element reference, found "
                + describe(origin.value), at: origin.position)
        }
    }

    /// Throws WebDriver's "move target out of bounds" for a point outside the viewport (the screen),
    /// as the specification's pointerMove does (0 ≤ x ≤ width, 0 ≤ y ≤ height).
    func inBounds(_ point: Point, at position: SourcePosition) throws(TraceError) {
        guard point.x < 0 || point.x > screen.width || point.y < 0 || point.y > screen.height else { return }
        throw error(
            "move target out of bounds: (\(TraceNumber.string(point.x)), \(TraceNumber.string(point.y))) is outside the "
                + "\(TraceNumber.string(screen.width))x\(TraceNumber.string(screen.height)) pt viewport, and WebDriver answers such a "
                + "pointerMove with the error 'move target out of bounds'; give the device's screen with --screen WxH, or move inside it",
            at: position)
    }

    /// The in-view centre point of `rect`: the centre of its part inside the screen (its own centre
    /// when none of it is inside).
    func centre(of rect: Rect) -> Point {
        let left = max(0, rect.origin.x)
        let right = min(screen.width, rect.origin.x + rect.size.width)
        let top = max(0, rect.origin.y)
        let bottom = min(screen.height, rect.origin.y + rect.size.height)
        guard left <= right, top <= bottom else {
            return Point(x: rect.origin.x + rect.size.width / 2, y: rect.origin.y + rect.size.height / 2)
        }
        return Point(x: (left + right) / 2, y: (top + bottom) / 2)
    }

    // MARK: Values

    private func duration(_ members: [JSONMember]) throws(TraceError) -> Int64 {
        guard let member = members.first(where: { $0.key == "duration" }) else { return 0 }
        guard case .number(let ms, _) = member.value.value else {
            throw error("'duration' must be a number of milliseconds, found \(describe(member.value.value))",
                at: member.value.position)
        }
        guard ms >= 0 else {
            throw error("'duration' must not be negative, found \(Self.literal(member.value.value))", at: member.value.position)
        }
        guard ms <= Self.maximumDuration else {
            throw error("'duration' \(Self.literal(member.value.value)) is longer than an hour (3600000 ms)", at: member.value.position)
        }
        if ms.rounded(.towardZero) != ms {
            notes.warn(
                "'duration' \(Self.literal(member.value.value)) is not a whole number of milliseconds, as the WebDriver specification "
                    + "requires (drivers reject or truncate it); read as \(Self.literal(member.value.value)) ms: if seconds were meant, "
                    + "that is \(TraceNumber.string(ms * 1000)) ms", file: file, at: member.value.position)
        }
        return Int64((ms * 1000).rounded())
    }

    private func button(_ members: [JSONMember]) throws(TraceError) -> Int {
        guard let member = members.first(where: { $0.key == "button" }) else { return 0 }
        guard case .number(let value, _) = member.value.value, value >= 0, value <= 64, value == value.rounded() else {
            throw error("'button' must be a whole number from 0 to 64, found \(describe(member.value.value))", at: member.value.position)
        }
        return Int(value)
    }

    private func number(_ members: [JSONMember], _ key: String, range: ClosedRange<Double>, expected: String)
        throws(TraceError) -> Double?
    {
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        guard case .number(let value, _) = member.value.value, range.contains(value) else {
            throw error("'\(key)' must be \(expected), found \(describe(member.value.value))", at: member.value.position)
        }
        return value
    }

    private func object(_ value: Located<JSONValue>, _ what: String) throws(TraceError) -> [JSONMember] {
        guard case .object(let members) = value.value else {
            throw error("\(what) must be an object, found \(value.value.typeDescription)", at: value.position)
        }
        return members
    }

    private func requiredString(_ members: [JSONMember], _ key: String, in value: Located<JSONValue>, what: String)
        throws(TraceError) -> Located<String>
    {
        guard let member = members.first(where: { $0.key == key }) else {
            throw error("\(what) needs a '\(key)'", at: value.position)
        }
        guard case .string(let text) = member.value.value else {
            throw error("'\(key)' must be a string, found \(member.value.value.typeDescription)", at: member.value.position)
        }
        return Located(text, at: member.value.position)
    }

    private func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return "the string \(Messages.quoted(text))"
        case .number: return Self.literal(value)
        default: return value.typeDescription
        }
    }

    private static func literal(_ value: JSONValue) -> String {
        if case .number(_, let literal) = value { return Messages.literal(Array(literal.utf8)) }
        return value.typeDescription
    }

    private static func name(of kind: WebDriverSource.Kind) -> String {
        switch kind {
        case .pointer: return "pointer"
        case .key: return "key"
        case .none: return "none"
        case .wheel: return "wheel"
        }
    }

    func error(_ message: String, at position: SourcePosition) -> TraceError {
        .invalid(Diagnostic(file: file, position: position, severity: .error, message: message))
    }
}

/// The warnings a ``WebDriverDecoder`` collects while decoding (a reference, so that the decoder
/// stays a value passed around).
final class DecoderNotes {
    private(set) var warnings: [Diagnostic] = []

    func warn(_ message: String, file: String, at position: SourcePosition) {
        warnings.append(Diagnostic(file: file, position: position, severity: .warning, message: message))
    }
}
