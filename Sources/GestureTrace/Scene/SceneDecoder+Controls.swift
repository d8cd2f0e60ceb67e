import GestureKit

/// The view keys of controls (`"control"` and its settings) and scroll views (`"scrollView"`), and
/// a view's `"thresholds"` (scene-format.md, "Controls and scroll views").
extension SceneDecoder {
    /// The control keys of a view.
    static let controlKeys = [
        "control", "enabled", "value", "minimumValue", "maximumValue", "continuous", "stepValue", "autorepeat", "wraps", "on",
        "segments", "selectedSegmentIndex", "numberOfPages", "currentPage",
    ]

    private static let scrollViewKeys = [
        "contentSize", "contentOffset", "contentInset", "scrollEnabled", "pagingEnabled", "directionalLockEnabled", "bounces",
        "alwaysBounceVertical", "alwaysBounceHorizontal", "decelerationRate", "scrollFrameRate", "minimumZoomScale",
        "maximumZoomScale", "delaysContentTouches", "canCancelContentTouches", "touchesShouldCancelInControls",
    ]

    func controlAndScrollView(_ members: ObjectView, name: String, into view: inout ViewDescription, names: inout NameTable) throws(TraceError) {
        if let m = members.member("control") {
            view.control = try control(members, kind: try enumeration(m.value, "\"control\"", ControlKind.self))
        } else if let stray = members.members.first(where: { Self.controlKeys.contains($0.key) }) {
            throw error(stray.keyPosition, "\"\(stray.key)\" is a key of controls: view \"\(name)\" has no \"control\"")
        }
        if let m = members.member("scrollView") {
            if let control = members.member("control") {
                throw error(control.keyPosition, "view \"\(name)\" cannot be both a control and a scroll view")
            }
            let settings = try scrollView(m.value)
            view.scrollView = settings
            for recognizer in [name + ".pan"] + (settings.minimumZoomScale != settings.maximumZoomScale ? [name + ".pinch"] : []) {
                names.scrollRecognizers.insert(recognizer)
            }
        }
        if let m = members.member("thresholds") {
            view.thresholds = try thresholds(
                m, names: ViewThresholds.names, what: "view threshold", listedIn: "docs/controls-and-scrolling.md")
        }
    }

    private func control(_ m: ObjectView, kind: ControlKind) throws(TraceError) -> ControlDescription {
        var d = ControlDescription(kind: kind)
        let valued = kind == .slider || kind == .stepper
        let settings: [String]
        switch kind {
        case .slider: settings = ["value", "minimumValue", "maximumValue", "continuous"]
        case .stepper: settings = ["value", "minimumValue", "maximumValue", "continuous", "stepValue", "autorepeat", "wraps"]
        case .switch: settings = ["on"]
        case .segmentedControl: settings = ["segments", "selectedSegmentIndex"]
        case .pageControl: settings = ["numberOfPages", "currentPage"]
        case .button, .control: settings = []
        }
        for member in m.members where Self.controlKeys.contains(member.key) && member.key != "control" && member.key != "enabled" {
            guard settings.contains(member.key) else {
                throw error(member.keyPosition, "\"\(member.key)\" is not a setting of a \(kind.rawValue)")
            }
        }
        if let member = m.member("enabled") { d.enabled = try bool(member) }
        if valued {
            if let member = m.member("minimumValue") { d.minimumValue = try number(member.value, "\"minimumValue\"") }
            if let member = m.member("maximumValue") { d.maximumValue = try number(member.value, "\"maximumValue\"") }
            if d.maximumValue < d.minimumValue, let member = m.member("maximumValue") ?? m.member("minimumValue") {
                throw error(member.value.position, "\"maximumValue\" is smaller than \"minimumValue\"")
            }
            if let member = m.member("value") {
                d.value = try number(member.value, "\"value\"")
                guard d.value >= d.minimumValue, d.value <= d.maximumValue else {
                    throw error(member.value.position, "\"value\" must be between \"minimumValue\" and \"maximumValue\"")
                }
            } else {
                d.value = d.minimumValue
            }
            if let member = m.member("continuous") { d.continuous = try bool(member) }
        }
        if let member = m.member("stepValue") {
            d.stepValue = try number(member.value, "\"stepValue\"")
            guard d.stepValue > 0 else { throw error(member.value.position, "\"stepValue\" must be more than 0") }
        }
        if let member = m.member("autorepeat") { d.autorepeat = try bool(member) }
        if let member = m.member("wraps") { d.wraps = try bool(member) }
        if let member = m.member("on") { d.on = try bool(member) }
        d.segments = try integer(m, "segments", default: 2, minimum: 1)
        d.selectedSegmentIndex = try integer(m, "selectedSegmentIndex", default: -1, minimum: -1)
        if d.selectedSegmentIndex >= d.segments, let member = m.member("selectedSegmentIndex") {
            throw error(member.value.position, "\"selectedSegmentIndex\" must be less than \"segments\"")
        }
        d.numberOfPages = try integer(m, "numberOfPages", default: 0, minimum: 0)
        d.currentPage = try integer(m, "currentPage", default: 0, minimum: 0)
        if d.currentPage > max(0, d.numberOfPages - 1), let member = m.member("currentPage") {
            throw error(member.value.position, "\"currentPage\" must be less than \"numberOfPages\"")
        }
        return d
    }

    private func scrollView(_ json: Located<JSONValue>) throws(TraceError) -> ScrollViewDescription {
        let m = try object(json, "\"scrollView\"")
        try allowOnly(m, Self.scrollViewKeys, in: "\"scrollView\"")
        var d = ScrollViewDescription()
        d.givenKeys = Set(m.members.map(\.key))
        if let member = m.member("contentSize") {
            let pair = try numbers(member, count: 2, "[width, height]")
            guard pair[0] >= 0, pair[1] >= 0 else { throw error(member.value.position, "\"contentSize\" must not be negative") }
            d.contentSize = Size(width: pair[0], height: pair[1])
        }
        if let member = m.member("contentOffset") {
            let pair = try numbers(member, count: 2, "[x, y]")
            d.contentOffset = Point(x: pair[0], y: pair[1])
        }
        if let member = m.member("contentInset") {
            let v = try numbers(member, count: 4, "[top, left, bottom, right]")
            d.contentInset = EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
        }
        let flags: [(String, WritableKeyPath<ScrollViewDescription, Bool>)] = [
            ("scrollEnabled", \.scrollEnabled), ("pagingEnabled", \.pagingEnabled), ("directionalLockEnabled", \.directionalLockEnabled),
            ("bounces", \.bounces), ("alwaysBounceVertical", \.alwaysBounceVertical), ("alwaysBounceHorizontal", \.alwaysBounceHorizontal),
            ("delaysContentTouches", \.delaysContentTouches), ("canCancelContentTouches", \.canCancelContentTouches),
            ("touchesShouldCancelInControls", \.touchesShouldCancelInControls),
        ]
        for (key, path) in flags {
            if let member = m.member(key) { d[keyPath: path] = try bool(member) }
        }
        if let member = m.member("decelerationRate") {
            switch member.value.value {
            case .string("normal"): d.decelerationRate = ScrollViewDescription.normalDecelerationRate
            case .string("fast"): d.decelerationRate = ScrollViewDescription.fastDecelerationRate
            case .number(let rate, _) where rate > 0 && rate < 1: d.decelerationRate = rate
            default:
                throw error(member.value.position, "\"decelerationRate\" must be \"normal\", \"fast\" or a number between 0 and 1 (the fraction of the velocity kept per millisecond)")
            }
        }
        if let member = m.member("scrollFrameRate") {
            d.scrollFrameRate = try number(member.value, "\"scrollFrameRate\"")
            guard d.scrollFrameRate >= 1, d.scrollFrameRate <= 1000 else {
                throw error(member.value.position, "\"scrollFrameRate\" must be between 1 and 1000 frames per second")
            }
        }
        for key in ["minimumZoomScale", "maximumZoomScale"] {
            guard let member = m.member(key) else { continue }
            let scale = try number(member.value, "\"\(key)\"")
            guard scale > 0 else { throw error(member.value.position, "\"\(key)\" must be more than 0") }
            if key == "minimumZoomScale" { d.minimumZoomScale = scale } else { d.maximumZoomScale = scale }
        }
        if d.maximumZoomScale < d.minimumZoomScale, let member = m.member("maximumZoomScale") ?? m.member("minimumZoomScale") {
            throw error(member.value.position, "\"maximumZoomScale\" is smaller than \"minimumZoomScale\"")
        }
        return d
    }

    private func numbers(_ member: JSONMember, count: Int, _ shape: String) throws(TraceError) -> [Double] {
        guard case .array(let items) = member.value.value, items.count == count else {
            throw error(member.value.position, "\"\(member.key)\" must be \(shape)")
        }
        var values: [Double] = []
        for item in items { values.append(try number(item, "\"\(member.key)\"")) }
        return values
    }
}
