/// A scene description that cannot be built: a name it mentions does not exist, a name is used
/// twice, or failure requirements form a cycle.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in one sentence.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

/// Answers the delegate questions from a scene's `simultaneousWith`, `shouldBegin` and
/// `shouldReceiveTouch` keys.
final class SceneDelegate: GestureRecognizerDelegate {
    let simultaneousWith: Set<String>
    /// `simultaneousWith: ["*"]`: yes to every other recognizer (arbitration skips asking, see
    /// `GestureEnvironment.attemptToLeavePossible`).
    let simultaneousWithAll: Bool
    let shouldBegin: Bool
    let touchFilter: TouchFilter
    unowned let window: Window

    init(_ description: RecognizerDescription, window: Window) {
        let names = description.simultaneousWith
        simultaneousWithAll = names.contains("*")
        // With `*` the names are never asked about: no set is made (making one and hashing `*` was 1,600
        // instructions for each of the default scene's recognizers, every trace of `check`).
        simultaneousWith = simultaneousWithAll || names.isEmpty ? [] : Set(names)
        shouldBegin = description.shouldBegin
        touchFilter = description.shouldReceiveTouch
        self.window = window
    }

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { shouldBegin }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        func inside(_ names: [String]) -> Bool {
            guard let hit = touch.view else { return false }
            return names.contains { name in window.view(named: name).map { hit.isDescendant(of: $0) } ?? false }
        }
        switch touchFilter {
        case .all: return true
        case .inViews(let names): return inside(names)
        case .notInViews(let names): return !inside(names)
        }
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        simultaneousWithAll || simultaneousWith.contains(other.name)
    }
}

/// Turns a ``SceneDescription`` into live views and recognizers.
enum SceneBuilder {
    struct Built {
        let window: Window
        let recognizers: [GestureRecognizer]
        /// Keeps the scene delegates alive (recognizers hold them weakly, as UIKit does).
        let delegates: [AnyObject]
    }

    static func build(_ scene: SceneDescription, screen: Size, options: EngineOptions) throws(SceneError) -> Built {
        if let registered = scene.screen {
            let built = registered.make()
            return Built(window: built.window, recognizers: built.recognizers, delegates: built.retained)
        }
        let window = Window(screen: screen)
        var viewsByName: [String: View] = [:]
        let estimator = options.velocityEstimator ?? scene.velocityEstimator
        /// The scroll views' own recognizers, considered before the scene's.
        var scrollRecognizers: [GestureRecognizer] = []
        func add(_ description: ViewDescription, to parent: View) throws(SceneError) {
            guard viewsByName[description.name] == nil, description.name != "window", description.name != "application" else {
                throw SceneError("view name \"\(description.name)\" is used twice")
            }
            let view = try makeView(description, estimator: estimator, recognizers: &scrollRecognizers)
            configure(view, from: description)
            viewsByName[description.name] = view
            parent.addSubview(view)
            for child in description.children { try add(child, to: view) }
        }
        for root in scene.views { try add(root, to: window) }
        for controller in scene.controllers {
            guard controller.name != "window", controller.name != "application" else {
                throw SceneError("controller name \"\(controller.name)\" is reserved")
            }
            guard let view = viewsByName[controller.view] else {
                throw SceneError("controller \"\(controller.name)\" names view \"\(controller.view)\", which does not exist")
            }
            window.addController(named: controller.name, for: view, handles: controller.handles)
        }
        if let first = scene.firstResponder {
            guard viewsByName[first] != nil || scene.controllers.contains(where: { $0.name == first }) else {
                throw SceneError("firstResponder \"\(first)\" is neither a view nor a controller")
            }
            window.firstResponderName = first
        }
        var recognizers: [GestureRecognizer] = scrollRecognizers
        var byName: [String: GestureRecognizer] = [:]
        // Room made once (growing it, rehashing every name, was 6% of building the default scene).
        byName.reserveCapacity(scrollRecognizers.count + scene.recognizers.count)
        for recognizer in scrollRecognizers { byName[recognizer.name] = recognizer }
        var delegates: [AnyObject] = []
        var configuredScrollRecognizers: Set<String> = []
        /// The recognizer of each of the scene's entries, in their order, for `linkRequirements`.
        var described: [GestureRecognizer] = []
        described.reserveCapacity(scene.recognizers.count)
        for description in scene.recognizers {
            let named = byName[description.name]
            if let own = named, scrollRecognizers.contains(where: { $0 === own }),
                configuredScrollRecognizers.insert(description.name).inserted
            {
                delegates.append(try configureScrollRecognizer(own, from: description, window: window))
                described.append(own)
                continue
            }
            guard named == nil else {
                throw SceneError("recognizer name \"\(description.name)\" is used twice")
            }
            guard let view = description.view == "window" ? window : viewsByName[description.view] else {
                throw SceneError("recognizer \"\(description.name)\" names view \"\(description.view)\", which does not exist")
            }
            for name in Set(description.thresholds.keys) where Thresholds()[name] == nil {
                throw SceneError("recognizer \"\(description.name)\" has unknown threshold \"\(name)\"")
            }
            let recognizer: GestureRecognizer
            do throws(SettingError) {
                recognizer = try makeRecognizer(description, estimator: estimator)
            } catch {
                throw SceneError("recognizer \"\(description.name)\": \(error.message)")
            }
            configure(recognizer, from: description)
            if !keepsOwnDelegate(recognizer, description) {
                let delegate: any GestureRecognizerDelegate = description.delegate?.make() ?? SceneDelegate(description, window: window)
                recognizer.delegate = delegate
                delegates.append(delegate)
            }
            view.addGestureRecognizer(recognizer)
            recognizers.append(recognizer)
            byName[description.name] = recognizer
            described.append(recognizer)
        }
        try linkRequirements(scene.recognizers, described, byName)
        if let cycle = scene.failureRequirementCycle() {
            throw SceneError("failure requirements form a cycle: \(cycle.joined(separator: " → "))")
        }
        return Built(window: window, recognizers: recognizers, delegates: delegates)
    }

    /// A view's flags: the scene key, the description's property and the view's.
    ///
    /// Made once: made for every view built, the key paths were most of building the default scene's
    /// view (24,000 instructions, 1% of `check`). Unsafe only in name: key paths are immutable, and
    /// the standard library does not mark them `Sendable`.
    nonisolated(unsafe) static let viewFlags: [(String, WritableKeyPath<ViewDescription, Bool>, ReferenceWritableKeyPath<View, Bool>)] =
        [
            ("userInteractionEnabled", \.userInteractionEnabled, \.isUserInteractionEnabled), ("hidden", \.hidden, \.isHidden),
            ("multipleTouchEnabled", \.multipleTouchEnabled, \.isMultipleTouchEnabled), ("exclusiveTouch", \.exclusiveTouch, \.isExclusiveTouch),
            ("exclusiveTouchBlocksRecognizers", \.exclusiveTouchBlocksRecognizers, \.exclusiveTouchBlocksRecognizers),
            ("clipsToBounds", \.clipsToBounds, \.clipsToBounds), ("canBecomeFirstResponder", \.canBecomeFirstResponder, \.canBecomeFirstResponder),
        ]

    /// Copies the description's flags to the view: all of them, or for a view of a registered class
    /// only those the scene names (the rest keep what the class's `init` set).
    private static func configure(_ view: View, from description: ViewDescription) {
        let given = description.viewClass == nil ? nil : description.givenKeys
        func applies(_ key: String) -> Bool { given?.contains(key) ?? true }
        if given == nil {
            // The flags of `viewFlags`, every one, assigned directly: through the key paths it cost
            // 22,000 instructions for each view built (1% of `check`, which builds a scene per trace).
            view.isUserInteractionEnabled = description.userInteractionEnabled
            view.isHidden = description.hidden
            view.isMultipleTouchEnabled = description.multipleTouchEnabled
            view.isExclusiveTouch = description.exclusiveTouch
            view.exclusiveTouchBlocksRecognizers = description.exclusiveTouchBlocksRecognizers
            view.clipsToBounds = description.clipsToBounds
            view.canBecomeFirstResponder = description.canBecomeFirstResponder
        } else {
            for (key, source, target) in viewFlags where applies(key) { view[keyPath: target] = description[keyPath: source] }
        }
        if applies("alpha") { view.alpha = description.alpha }
        if applies("handles") { view.handles = description.handles }
        if applies("hitTest") { view.hitTestRule = description.hitTest }
        if applies("hitInsets") { view.hitInsets = description.hitInsets }
        if applies("forwardsTo") { view.forwardsTo = description.forwardsTo }
        if applies("transform") { view.transform = description.transform }
    }

    /// Copies the description's flags, thresholds and prevention answers to the recognizer; for a
    /// registered kind, only the flags the scene names (the rest keep what its `init` set). The
    /// thresholds are the defaults with the description's overrides, or, with `over`, those given
    /// with the overrides applied.
    private static func configure(_ recognizer: GestureRecognizer, from description: RecognizerDescription, over base: Thresholds = Thresholds()) {
        var given: Set<String>?
        if case .custom = description.kind { given = description.givenKeys }
        func applies(_ key: String) -> Bool { given?.contains(key) ?? true }
        if applies("enabled") { recognizer.isEnabled = description.enabled }
        if applies("cancelsTouchesInView") { recognizer.cancelsTouchesInView = description.cancelsTouchesInView }
        if applies("delaysTouchesBegan") { recognizer.delaysTouchesBegan = description.delaysTouchesBegan }
        if applies("delaysTouchesEnded") { recognizer.delaysTouchesEnded = description.delaysTouchesEnded }
        var thresholds = base
        for (name, value) in description.thresholds { thresholds.set(name, to: value) }
        recognizer.thresholds = thresholds
        recognizer.preventSelection = description.canPrevent
        recognizer.preventedBySelection = description.canBePreventedBy
    }

    /// Whether a recognizer of a registered kind keeps the delegate its `init` set: it has one, and
    /// the scene file names neither a delegate nor a delegate answer.
    private static func keepsOwnDelegate(_ recognizer: GestureRecognizer, _ description: RecognizerDescription) -> Bool {
        guard case .custom = description.kind, recognizer.delegate != nil, let given = description.givenKeys else { return false }
        return given.isDisjoint(with: ["delegate", "simultaneousWith", "shouldBegin", "shouldReceiveTouch"])
    }

    /// Configures a scroll view's own recognizer (`NAME.pan`, `NAME.pinch`) from the scene's entry
    /// of that name: flags, thresholds over the scroll view's own, prevention answers, a pan's
    /// numbers of touches and the delegate (returned, for the engine to keep).
    private static func configureScrollRecognizer(
        _ recognizer: GestureRecognizer, from description: RecognizerDescription, window: Window
    ) throws(SceneError) -> AnyObject {
        let kind = recognizer is PinchGestureRecognizer ? "pinch" : "pan"
        guard let scrollView = recognizer.view as? ScrollView, description.view == scrollView.name, description.kind.name == kind else {
            throw SceneError("recognizer \"\(description.name)\" is a scroll view's own \(kind): its kind is \"\(kind)\" and its view the scroll view")
        }
        for name in Set(description.thresholds.keys) where Thresholds()[name] == nil {
            throw SceneError("recognizer \"\(description.name)\" has unknown threshold \"\(name)\"")
        }
        configure(recognizer, from: description, over: recognizer.thresholds)
        recognizer.isEnabled = description.enabled && scrollView.settings.scrollEnabled
        if case let .pan(minimum, maximum) = description.kind, let pan = recognizer as? PanGestureRecognizer {
            pan.minimumNumberOfTouches = minimum
            pan.maximumNumberOfTouches = maximum
        }
        let delegate: any GestureRecognizerDelegate = description.delegate?.make() ?? SceneDelegate(description, window: window)
        recognizer.delegate = delegate
        return delegate
    }

    /// Sets up each recognizer's `requireToFail` and checks the names of its `simultaneousWith`, in
    /// scene order; `described` holds the recognizer of each description.
    ///
    /// The descriptions' fields are read in place (a copy of each description and a lookup of its
    /// name were 7% of building the default scene).
    private static func linkRequirements(
        _ descriptions: [RecognizerDescription], _ described: [GestureRecognizer], _ byName: [String: GestureRecognizer]
    ) throws(SceneError) {
        for index in descriptions.indices {
            let recognizer = described[index]
            for name in descriptions[index].requireToFail {
                guard let other = byName[name] else {
                    throw SceneError(
                        "recognizer \"\(descriptions[index].name)\" requires \"\(name)\" to fail, but there is no recognizer \"\(name)\"")
                }
                recognizer.require(toFail: other)
            }
            for name in descriptions[index].simultaneousWith where name != "*" && byName[name] == nil {
                throw SceneError(
                    "recognizer \"\(descriptions[index].name)\" is simultaneous with \"\(name)\", but there is no recognizer \"\(name)\"")
            }
        }
    }

    /// A plain view, a control or a scroll view (whose recognizers are added to `recognizers`).
    private static func makeView(
        _ description: ViewDescription, estimator: VelocityEstimatorKind, recognizers: inout [GestureRecognizer]
    ) throws(SceneError) -> View {
        for name in description.thresholds.keys.sorted() where ViewThresholds()[name] == nil {
            throw SceneError("view \"\(description.name)\" has unknown threshold \"\(name)\"")
        }
        let thresholds = ViewThresholds(overrides: description.thresholds)
        if let viewClass = description.viewClass {
            let view = viewClass.make(named: description.name, frame: description.frame)
            try applySettings(of: description, to: view)
            if let scrollView = view as? ScrollView {
                // Named by the scene after its class made it: `NAME.pan` follows the name.
                scrollView.nameOwnRecognizers()
                recognizers.append(scrollView.panGestureRecognizer)
                if let pinch = scrollView.pinchGestureRecognizer { recognizers.append(pinch) }
            }
            return view
        }
        switch (description.control, description.scrollView) {
        case (let control?, nil):
            return Control(name: description.name, frame: description.frame, description: control, thresholds: thresholds)
        case (nil, let settings?):
            let scrollView = ScrollView(
                name: description.name, frame: description.frame, settings: settings, thresholds: thresholds, estimator: estimator)
            recognizers.append(scrollView.panGestureRecognizer)
            if let pinch = scrollView.pinchGestureRecognizer { recognizers.append(pinch) }
            return scrollView
        case (nil, nil):
            return View(name: description.name, frame: description.frame)
        case (.some, .some):
            throw SceneError("view \"\(description.name)\" cannot be both a control and a scroll view")
        }
    }

    static func makeRecognizer(_ d: RecognizerDescription, estimator: VelocityEstimatorKind) throws(SettingError) -> GestureRecognizer {
        switch d.kind {
        case .custom(let kind):
            let recognizer = try kind.make(named: d.name, velocityEstimator: estimator)
            recognizer.name = d.name
            return recognizer
        case let .tap(taps, touches):
            return TapGestureRecognizer(name: d.name, numberOfTapsRequired: taps, numberOfTouchesRequired: touches)
        case let .longPress(duration, movement, touches, taps):
            return LongPressGestureRecognizer(
                name: d.name, minimumPressDuration: duration, allowableMovement: movement,
                numberOfTouchesRequired: touches, numberOfTapsRequired: taps)
        case let .pan(minimum, maximum):
            return PanGestureRecognizer(name: d.name, minimumNumberOfTouches: minimum, maximumNumberOfTouches: maximum, estimator: estimator)
        case .screenEdgePan(let edges):
            return ScreenEdgePanGestureRecognizer(name: d.name, edges: edges, estimator: estimator)
        case let .swipe(direction, touches):
            return SwipeGestureRecognizer(name: d.name, direction: direction, numberOfTouchesRequired: touches)
        case .pinch:
            return PinchGestureRecognizer(name: d.name, estimator: estimator)
        case .rotation:
            return RotationGestureRecognizer(name: d.name, estimator: estimator)
        case .checkmark:
            return CheckmarkGestureRecognizer(name: d.name)
        case let .template(templates, minimumScore):
            return TemplateGestureRecognizer(name: d.name, templates: templates, minimumScore: minimumScore)
        }
    }
}

extension SceneDescription {
    /// A cycle of failure requirements (`requireToFail`) as recognizer names with the first name
    /// repeated at the end (`["a", "b", "a"]`), or nil when there is none.
    ///
    /// A depth-first search from each recognizer in scene order, following `requireToFail` in its
    /// order (a name used twice follows its last recognizer's list); the first cycle met is returned.
    /// Names are numbered once, so that the search runs on arrays: every engine built checks its
    /// scene, once per trace in `check` (a set and a dictionary of names made it 44,000 instructions
    /// for the default scene's seven recognizers, 1.5% of `check`; about 6,000 now).
    public func failureRequirementCycle() -> [String]? {
        if !mayHaveFailureRequirementCycle() { return nil }
        var numbers: [String: Int] = [:]
        numbers.reserveCapacity(recognizers.count)
        var names: [String] = []
        func number(_ name: String) -> Int {
            if let known = numbers[name] { return known }
            numbers[name] = names.count
            names.append(name)
            return names.count - 1
        }
        var edges: [[Int]] = []
        var starts: [Int] = []
        starts.reserveCapacity(recognizers.count)
        for r in recognizers {
            let from = number(r.name)
            while edges.count < names.count { edges.append([]) }
            edges[from] = r.requireToFail.map(number)
            starts.append(from)
        }
        while edges.count < names.count { edges.append([]) }
        enum Mark { case unseen, visiting, done }
        var marks = [Mark](repeating: .unseen, count: names.count)
        var path: [Int] = []
        func visit(_ node: Int) -> [String]? {
            switch marks[node] {
            case .done: return nil
            case .visiting:
                guard let start = path.firstIndex(of: node) else { return nil }
                return path[start...].map { names[$0] } + [names[node]]
            case .unseen: break
            }
            marks[node] = .visiting
            path.append(node)
            for next in edges[node] {
                if let cycle = visit(next) { return cycle }
            }
            path.removeLast()
            marks[node] = .done
            return nil
        }
        for start in starts {
            if let cycle = visit(start) { return cycle }
        }
        return nil
    }

    /// False when no cycle can exist, found without the search in the usual scenes: each recognizer
    /// in a cycle has requirements, and one of them is another such recognizer; in a scene with a few
    /// recognizers that have requirements, none of which names one of them, there is none. (The
    /// default scene: only `tap` has one, `doubleTap`.)
    private func mayHaveFailureRequirementCycle() -> Bool {
        var requiring: [Int] = []
        for index in recognizers.indices where !recognizers[index].requireToFail.isEmpty {
            requiring.append(index)
            if requiring.count > 8 { return true }
        }
        return requiring.contains { index in
            recognizers[index].requireToFail.contains { name in requiring.contains { recognizers[$0].name == name } }
        }
    }
}
