import Testing
@testable import GestureKit

@Suite struct ArbitrationTests {}

private let finger = Finger(1)

extension ArbitrationTests {
    /// A pan that requires a swipe-like long press to fail waits, then begins when it fails,
    /// with its translation restarting at zero.
    @Test func waitingPanBeginsWhenTheRequirementFails() throws {
        let scene = singleViewScene([
            recognizer("pan", .pan()) { $0.requireToFail = ["press"] },
            recognizer("press", .longPress(minimumPressDuration: 0.3, allowableMovement: 30)),
        ])
        let records = try transitions([
            finger.down(0, 100, 100), finger.move(0.05, 115, 100), finger.move(0.1, 125, 100),
            finger.move(0.15, 135, 100), finger.move(0.2, 145, 100), finger.up(0.25, 145, 100),
        ], scene: scene)
        #expect(records.summary == ["press failed@0.15", "pan began@0.15", "pan changed@0.2", "pan ended@0.25"])
        #expect(records[1].translation == Point(x: 0, y: 0))
        #expect(records[2].translation == Point(x: 10, y: 0))
    }

    @Test func waitingRecognizerFailsWhenTheRequirementRecognizes() throws {
        let scene = singleViewScene([
            recognizer("pan", .pan()) { $0.requireToFail = ["press"] },
            recognizer("press", .longPress(allowableMovement: 30)),
        ])
        let records = try transitions([
            finger.down(0, 100, 100), finger.move(0.1, 115, 100), finger.move(0.6, 116, 100), finger.up(0.7, 116, 100),
        ], scene: scene)
        #expect(records.summary == ["press began@0.5", "pan failed@0.5", "press changed@0.6", "press ended@0.7"])
        #expect(records[1].reason == "press began, and pan requires it to fail")
    }

    @Test func exclusionFailsRivalsThatShareTouches() throws {
        let scene = singleViewScene([recognizer("pan", .pan()), recognizer("press", .longPress())])
        let records = try transitions(finger.drag(from: Point(x: 100, y: 100), to: Point(x: 100, y: 300), duration: 0.2), scene: scene)
        #expect(Array(records.summary.prefix(2)) == ["pan began@0.016667", "press failed@0.016667"])
        #expect(records[1].reason == "prevented by pan, which began at 0.017 s")
    }

    @Test func aRecognizerCannotBeginWhileARivalIsActive() throws {
        let scene = singleViewScene([
            recognizer("press", .longPress()),
            recognizer("pan", .pan()),
        ])
        let records = try transitions([
            finger.down(0, 100, 100), finger.move(0.7, 100, 200), finger.up(0.8, 100, 200),
        ], scene: scene)
        #expect(records.summary == ["press began@0.5", "pan failed@0.5", "press changed@0.7", "press ended@0.8"])
        #expect(records[1].reason == "prevented by press, which began at 0.5 s")
    }

    @Test(arguments: ["simultaneous", "canPrevent", "canBePreventedBy"])
    func preventionCanBeTurnedOff(rule: String) throws {
        let scene = singleViewScene([
            recognizer("press", .longPress()) { r in
                if rule == "simultaneous" { r.simultaneousWith = ["pan"] }
                if rule == "canPrevent" { r.canPrevent = .named(["other"]) }
            },
            recognizer("pan", .pan()) { r in
                if rule == "canBePreventedBy" { r.canBePreventedBy = .none }
            },
        ])
        let records = try transitions([
            finger.down(0, 100, 100), finger.move(0.7, 100, 200), finger.up(0.8, 100, 200),
        ], scene: scene)
        #expect(records.of("pan").map(\.state) == [.began, .ended])
    }

    @Test func singleTapDoesNotPreventADoubleTap() throws {
        let scene = singleViewScene([
            recognizer("tap", .tap()),
            recognizer("doubleTap", .tap(numberOfTapsRequired: 2)),
        ])
        let records = try transitions([
            finger.down(0, 100, 100), finger.up(0.05, 100, 100),
            finger.down(0.2, 100, 100), finger.up(0.25, 100, 100),
        ], scene: scene)
        #expect(records.summary == ["tap recognized@0.05", "tap recognized@0.25", "doubleTap recognized@0.25"])
    }

    @Test func shouldBeginNoFailsTheRecognizer() throws {
        let scene = singleViewScene([recognizer("pan", .pan()) { $0.shouldBegin = false }])
        let records = try transitions(finger.drag(from: Point(x: 100, y: 100), to: Point(x: 200, y: 100), duration: 0.1), scene: scene)
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason == "its delegate's gestureRecognizerShouldBegin answered no")
    }

    @Test func disabledRecognizerSeesNothing() throws {
        let scene = singleViewScene([recognizer("tap", .tap()) { $0.enabled = false }])
        let records = try transitions([finger.down(0, 100, 100), finger.up(0.05, 100, 100)], scene: scene)
        #expect(records.isEmpty)
    }

    @Test func failureRequirementCycleIsASceneError() {
        let scene = singleViewScene([
            recognizer("a", .tap()) { $0.requireToFail = ["b"] },
            recognizer("b", .tap()) { $0.requireToFail = ["c"] },
            recognizer("c", .tap()) { $0.requireToFail = ["a"] },
        ])
        #expect(throws: SceneError("failure requirements form a cycle: a → b → c → a")) {
            _ = try Engine(scene: scene)
        }
    }

    /// Each of a view's flags reaches the built view, every one of them flipped in turn from its
    /// default (the builder assigns them directly; `SceneBuilder.viewFlags` lists them).
    @Test func viewFlagsReachTheBuiltView() throws {
        for (key, source, target) in SceneBuilder.viewFlags {
            var view = ViewDescription(name: "card", frame: Rect(x: 0, y: 0, width: 100, height: 100))
            view[keyPath: source].toggle()
            let engine = try Engine(scene: SceneDescription(views: [view]))
            let built = try #require(engine.window.view(named: "card"))
            for (other, otherSource, otherTarget) in SceneBuilder.viewFlags {
                #expect(built[keyPath: otherTarget] == view[keyPath: otherSource], "\(other) with \(key) flipped")
            }
            #expect(built[keyPath: target] != ViewDescription(name: "x", frame: view.frame)[keyPath: source])
        }
    }

    /// The first cycle met searching from each recognizer in scene order, requirements in their
    /// order; a name used twice follows its last recognizer; names of no recognizer lead nowhere.
    @Test(arguments: [
        ([("a", ["a"])], ["a", "a"]),
        ([("a", ["b"]), ("b", [])], nil),
        ([("a", ["x", "b"]), ("b", ["c"]), ("c", ["b"])], ["b", "c", "b"]),
        ([("c", ["a"]), ("a", ["b"]), ("b", ["c"])], ["c", "a", "b", "c"]),
        ([("a", ["b"]), ("b", ["a"]), ("a", [])], nil),
        ([("a", []), ("b", ["a"]), ("a", ["b"])], ["a", "b", "a"]),
        ([("d", ["e"]), ("e", []), ("f", ["g", "d"]), ("g", ["f"])], ["f", "g", "f"]),
        ([("p", ["q.pan"]), ("q.pan", ["p"])], ["p", "q.pan", "p"]),
    ] as [([(String, [String])], [String]?)])
    func failureRequirementCycles(_ requirements: [(String, [String])], _ cycle: [String]?) {
        let scene = singleViewScene(requirements.map { name, requires in recognizer(name, .tap()) { $0.requireToFail = requires } })
        #expect(scene.failureRequirementCycle() == cycle)
    }

    @Test func longChainOfRequirementsResolvesInOrder() throws {
        var recognizers: [RecognizerDescription] = []
        for i in 0..<50 {
            recognizers.append(recognizer("tap\(i)", .tap(numberOfTapsRequired: 1)) { r in
                if i < 49 { r.requireToFail = ["tap\(i + 1)"] }
                r.simultaneousWith = ["*"]
            })
        }
        recognizers[49] = recognizer("tap49", .tap(numberOfTapsRequired: 2)) { $0.simultaneousWith = ["*"] }
        let records = try transitions([finger.down(0, 10, 10), finger.up(0.05, 10, 10)], scene: singleViewScene(recognizers))
        #expect(records.count == 50)
        // tap48 recognizes when tap49 fails; tap47 then fails because tap48 recognized; and so on.
        for (index, record) in records.enumerated() {
            #expect(record.recognizer == "tap\(49 - index)")
            #expect(record.state == (index % 2 == 0 ? .failed : .recognized))
            #expect(rounded(record.t) == "0.4")
        }
    }
}

extension ArbitrationTests {
    private static func tapWithDoubleTap() -> SceneDescription {
        singleViewScene([
            recognizer("tap", .tap()) { $0.requireToFail = ["doubleTap"]; $0.shouldBegin = false },
            recognizer("doubleTap", .tap(numberOfTapsRequired: 2)),
        ])
    }

    /// The delegate is asked when the transition would really happen: after the wait.
    @Test func shouldBeginIsAskedOnceTheRequirementHasFailed() throws {
        let records = try transitions([finger.down(0, 100, 100), finger.up(0.05, 100, 100)], scene: Self.tapWithDoubleTap())
        #expect(records.summary == ["doubleTap failed@0.4", "tap failed@0.4"])
        #expect(records.of("tap").first?.reason == "its delegate's gestureRecognizerShouldBegin answered no")
    }

    @Test func shouldBeginIsNotAskedWhenTheRequirementRecognizes() throws {
        let second = Finger(2)
        let records = try transitions([
            finger.down(0, 100, 100), finger.up(0.05, 100, 100), second.down(0.2, 102, 100), second.up(0.25, 102, 100),
        ], scene: Self.tapWithDoubleTap())
        #expect(records.summary == ["doubleTap recognized@0.25", "tap failed@0.25"])
        #expect(records.of("tap").first?.reason == "doubleTap recognized, and tap requires it to fail")
    }
}

extension ArbitrationTests {
    /// A recognizer on another view that requires the winner to fail but has no touches is not part
    /// of the sequence: it reports nothing.
    @Test func aDependentWithoutTouchesIsNotFailedByTheRecognition() throws {
        var root = ViewDescription(name: "root", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        root.children = [
            ViewDescription(name: "a", frame: Rect(x: 0, y: 0, width: 200, height: 400)),
            ViewDescription(name: "b", frame: Rect(x: 200, y: 0, width: 190, height: 400)),
        ]
        var tapA = RecognizerDescription(name: "tapA", kind: .tap(), view: "a")
        tapA.requireToFail = ["doubleTapB"]
        let scene = SceneDescription(views: [root], recognizers: [
            tapA, RecognizerDescription(name: "doubleTapB", kind: .tap(numberOfTapsRequired: 2), view: "b"),
        ])
        let records = try transitions([
            finger.down(0, 250, 50), finger.up(0.05, 250, 50), finger.down(0.1, 250, 50), finger.up(0.15, 250, 50),
        ], scene: scene)
        #expect(records.summary == ["doubleTapB recognized@0.15"])
    }
}

extension ArbitrationTests {
    /// single requires double to fail, double requires triple to fail: each number of taps fires
    /// exactly one of them.
    @Test(arguments: [(1, ["double failed@0.4", "single recognized@0.4", "triple failed@0.4"]),
                      (2, ["triple failed@0.6", "double recognized@0.6", "single failed@0.6"]),
                      (3, ["triple recognized@0.45", "single failed@0.45", "double failed@0.45"])])
    func aChainOfTapsFiresOnlyTheOneThatWasTapped(taps: Int, expected: [String]) throws {
        let scene = singleViewScene([
            recognizer("single", .tap()) { $0.requireToFail = ["double"] },
            recognizer("double", .tap(numberOfTapsRequired: 2)) { $0.requireToFail = ["triple"] },
            recognizer("triple", .tap(numberOfTapsRequired: 3)),
        ])
        let samples = (0..<taps).flatMap { i in [finger.down(Double(i) * 0.2, 100, 100), finger.up(Double(i) * 0.2 + 0.05, 100, 100)] }
        let records = try transitions(samples, scene: scene)
        #expect(records.summary == expected)
        if taps == 3 { #expect(records.of("single").first?.reason == "prevented by triple, which recognized at 0.45 s") }
    }
}
