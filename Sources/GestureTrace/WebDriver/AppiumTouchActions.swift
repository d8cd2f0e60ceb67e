import GestureKit

/// Appium's legacy gesture bodies, read as the W3C actions they stand for.
///
/// - A **TouchAction** body, `{"actions": [{"action": "press", "options": {"x": 100, "y": 200}}, …]}`
///   (`POST /session/{id}/touch/perform`), and a **MultiAction** body, whose `actions` is an array of
///   such chains, one per finger (`/touch/multi/perform`), are converted with the timing of Appium's
///   XCUITest driver, which hands them to WebDriverAgent (`FBAppiumActionsSynthesizer.m` in
///   appium/WebDriverAgent): each item starts when the durations before it have passed; `press`
///   touches down; `longPress` touches down and lasts `duration` ms (500 by default); `tap` touches
///   down for 100 ms, `count` times, 40 ms apart; `wait` lasts `ms`; `moveTo` reaches its point at
///   its start, moving in a straight line from the previous point since the previous item; `release`
///   lifts; `cancel` drops the item before it; a chain that ends with `wait` lifts at its end.
///   Positions are screen points; with `element`, `x` and `y` are from the element's top-left corner,
///   and without them the element's centre is meant.
/// - An **execute** body for a `mobile:` gesture (`{"script": "mobile: swipe", "args": [...]}`) is
///   answered with what it is and what to record instead: XCTest performs those gestures with paths
///   and speeds that neither Apple nor Appium documents.
enum AppiumTouchActions {
    /// WebDriverAgent's `FB_TAP_DURATION_MS`: how long each touch of a `tap` lasts.
    static let tapDuration = 100.0
    /// WebDriverAgent's `FB_INTERTAP_MIN_DURATION_MS`: the pause between the touches of a `tap` with a `count`.
    static let interTapDuration = 40.0
    /// WebDriverAgent's `FB_LONG_TAP_DURATION_MS`: a `longPress` without a `duration`.
    static let longPressDuration = 500.0

    /// Whether `list` (a body's `actions`) is a TouchAction chain or a MultiAction.
    static func isLegacy(_ list: [Located<JSONValue>]) -> Bool {
        guard let first = list.first?.value else { return false }
        if case .array = first { return true }
        return first.member("action") != nil && first.member("type") == nil
    }

    /// The W3C input sources of a TouchAction chain or MultiAction, one `touch` pointer per chain.
    static func sources(_ list: [Located<JSONValue>], decoder: WebDriverDecoder) throws(TraceError) -> [Located<JSONValue>] {
        var chains: [Located<JSONValue>] = []
        if case .array = list.first?.value {
            chains = list
        } else {
            chains = [Located(.array(list), at: list.first?.position ?? SourcePosition(line: 1, column: 1))]
        }
        var sources: [Located<JSONValue>] = []
        for (index, chain) in chains.enumerated() {
            guard case .array(let items) = chain.value else {
                throw decoder.error(
                    "a MultiAction body lists one TouchAction chain (an array of {\"action\": …} items) per finger, found "
                        + chain.value.typeDescription, at: chain.position)
            }
            sources.append(try source(items, id: "finger\(index + 1)", at: chain.position, decoder: decoder))
        }
        return sources
    }

    /// An execute body's message: what the `mobile:` command is and what to do instead.
    static func executeMessage(_ script: String) -> String {
        let command = script.trimmingPrefix("mobile:")
        switch command {
        case "swipe", "scroll":
            return "this is an execute body for 'mobile: \(command)', which runs XCTest's swipe or scroll on an element: "
                + "its path, length and speed are XCTest's own and documented by neither Apple nor Appium, so it cannot be "
                + "converted faithfully. Send the gesture as W3C actions instead (POST /actions: WebdriverIO's "
                + "browser.action('pointer', {parameters: {pointerType: 'touch'}}), Selenium's ActionBuilder) and convert that body"
        case "dragFromToForDuration", "dragFromToWithVelocity":
            return "this is an execute body for 'mobile: \(command)': Appium documents how long the finger rests at fromX, fromY "
                + "but XCTest's drag that follows has a speed nobody documents, so it cannot be converted faithfully. Send the drag "
                + "as W3C actions instead (pointerMove, pointerDown, pause for the rest, pointerMove with a duration, pointerUp) "
                + "and convert that body"
        default:
            return "this is an execute body ('\(script)'), not an actions body: only W3C actions ({\"actions\": [...]}) and "
                + "Appium's TouchAction and MultiAction bodies can be converted"
        }
    }

    private struct Item {
        var action: String
        var options: [JSONMember]
        var position: SourcePosition
    }

    /// One chain as a W3C pointer source.
    private static func source(
        _ values: [Located<JSONValue>], id: String, at position: SourcePosition, decoder: WebDriverDecoder
    ) throws(TraceError) -> Located<JSONValue> {
        var items: [Item] = []
        for value in values {
            guard case .object(let members) = value.value else {
                throw decoder.error("a TouchAction item is an object such as {\"action\": \"press\", \"options\": {\"x\": 100, \"y\": 200}}", at: value.position)
            }
            guard case .string(let action)? = members.first(where: { $0.key == "action" })?.value.value else {
                throw decoder.error("a TouchAction item needs an 'action' (press, longPress, tap, moveTo, wait, release, cancel)", at: value.position)
            }
            // Clients that spell the options on the item itself ({"action": "press", "x": 1, "y": 2}) are read too.
            var options = members.filter { $0.key != "action" }
            if let member = members.first(where: { $0.key == "options" }) {
                guard case .object(let inner) = member.value.value else {
                    throw decoder.error("'options' of a TouchAction item must be an object", at: member.value.position)
                }
                options = inner
            }
            if action == "cancel" {
                if !items.isEmpty { items.removeLast() }  // WebDriverAgent drops the item before a cancel
                continue
            }
            items.append(Item(action: action, options: options, position: value.position))
        }
        var actions: [JSONValue] = []
        var now = 0.0  // ms: where the W3C actions have got to
        var offset = 0.0  // ms: where the next item starts
        var down = false
        var point: Point?
        func pause(until time: Double) {
            if time > now { actions.append(action("pause", ["duration": .number(time - now)])) }
            now = max(now, time)
        }
        func move(to target: Point, over duration: Double) {
            actions.append(action("pointerMove", ["duration": .number(max(0, duration)), "x": .number(target.x), "y": .number(target.y)]))
            point = target
        }
        for (index, item) in items.enumerated() {
            switch item.action {
            case "press", "longPress":
                let target = try self.point(item, decoder: decoder)
                pause(until: offset)
                move(to: target, over: 0)
                actions.append(action("pointerDown", [:]))
                down = true
                if item.action == "longPress" { offset += try milliseconds(item, key: "duration", default: longPressDuration, decoder: decoder) }
            case "tap":
                let target = try self.point(item, decoder: decoder)
                let count = max(1, Int(try milliseconds(item, key: "count", default: 1, decoder: decoder)))
                pause(until: offset)
                move(to: target, over: 0)
                for tap in 0..<count {
                    if tap > 0 {
                        pause(until: now + interTapDuration)
                    }
                    actions.append(action("pointerDown", [:]))
                    pause(until: now + tapDuration)
                    actions.append(action("pointerUp", [:]))
                }
                down = false
                offset = now
            case "moveTo":
                let target = try self.point(item, decoder: decoder)
                move(to: target, over: offset - now)
                now = max(now, offset)
            case "wait":
                offset += try milliseconds(item, key: "ms", default: 0, decoder: decoder)
                if index == items.count - 1, down {
                    pause(until: offset)
                    actions.append(action("pointerUp", [:]))
                    down = false
                }
            case "release":
                pause(until: offset)
                actions.append(action("pointerUp", [:]))
                down = false
            default:
                throw decoder.error(
                    "unknown TouchAction \(Messages.quoted(item.action)): expected "
                        + Messages.choices(["press", "longPress", "tap", "moveTo", "wait", "release", "cancel"]),
                    at: item.position)
            }
            if point == nil, item.action == "wait" || item.action == "release" {
                throw decoder.error("'\(item.action)' must follow an item with a position (press, longPress, tap or moveTo)", at: item.position)
            }
        }
        let parameters = UITreeScene.object([("pointerType", .string("touch"))])
        return Located(
            UITreeScene.object([
                ("type", .string("pointer")), ("id", .string(id)), ("parameters", parameters),
                ("actions", .array(actions.map { Located($0, at: position) })),
            ]), at: position)
    }

    private static func action(_ type: String, _ members: KeyValuePairs<String, Number>) -> JSONValue {
        UITreeScene.object([("type", .string(type))] + members.map { ($0.key, UITreeScene.number($0.value.value)) })
    }

    private struct Number {
        var value: Double
        static func number(_ value: Double) -> Number { Number(value: value) }
    }

    /// An item's point: `x`, `y` on the screen, or from an element's top-left corner, or the element's centre.
    private static func point(_ item: Item, decoder: WebDriverDecoder) throws(TraceError) -> Point {
        func number(_ key: String) throws(TraceError) -> Double? {
            guard let member = item.options.first(where: { $0.key == key }) else { return nil }
            guard case .number(let value, _) = member.value.value, value.isFinite, abs(value) <= WebDriverDecoder.maximumCoordinate else {
                throw decoder.error("'\(key)' of a TouchAction \(item.action) must be a number of points", at: member.value.position)
            }
            return value
        }
        let x = try number("x"), y = try number("y")
        if let member = item.options.first(where: { $0.key == "element" || $0.key == "elementId" }) {
            guard case .string(let id) = member.value.value else {
                throw decoder.error("'\(member.key)' must be an element id (a string)", at: member.value.position)
            }
            guard let rect = decoder.elements[id] else {
                throw decoder.error(
                    "the \(item.action) is on element \(Messages.quoted(id)), which no --element defines: give --element \(id)=X,Y,WIDTH,HEIGHT "
                        + "or --elements with a page source", at: member.value.position)
            }
            if let x, let y { return Point(x: rect.origin.x + x, y: rect.origin.y + y) }
            return decoder.centre(of: rect)
        }
        guard let x, let y else {
            throw decoder.error("a TouchAction \(item.action) needs 'x' and 'y' or an 'element' in its options", at: item.position)
        }
        return Point(x: x, y: y)
    }

    private static func milliseconds(_ item: Item, key: String, default value: Double, decoder: WebDriverDecoder) throws(TraceError) -> Double {
        guard let member = item.options.first(where: { $0.key == key }) else { return value }
        guard case .number(let number, _) = member.value.value, number >= 0, number <= WebDriverDecoder.maximumDuration else {
            throw decoder.error("'\(key)' of a TouchAction \(item.action) must be a number from 0 to 3600000", at: member.value.position)
        }
        return number
    }
}

extension String {
    /// The string after `prefix` and any spaces, or the string itself.
    fileprivate func trimmingPrefix(_ prefix: String) -> String {
        guard hasPrefix(prefix) else { return self }
        return String(dropFirst(prefix.count).drop { $0 == " " })
    }
}
