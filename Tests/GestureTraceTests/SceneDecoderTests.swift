import GestureKit
import GestureTrace
import Testing

@Suite struct SceneDecoderTests {}

private func decode(_ text: String) throws(TraceError) -> SceneDescription {
    let json = try parseJSON(bytes: Array(text.utf8), file: "scene.json")
    return try SceneDecoder(file: "scene.json").decode(json)
}

private func decodeError(_ text: String) -> String? {
    do {
        _ = try decode(text)
        return nil
    } catch {
        return error.description
    }
}

extension SceneDecoderTests {
    @Test func theSpecExampleDecodes() throws {
        let scene = try decode("""
            {
              "gesturectl-scene": 1,
              "views": [
                {"name": "root", "frame": [0, 0, 390, 844], "children": [
                  {"name": "card", "frame": [20, 100, 350, 200], "multipleTouchEnabled": true},
                  {"name": "button", "frame": [20, 700, 100, 44], "exclusiveTouch": true}
                ]}
              ],
              "controllers": [{"name": "cardsController", "view": "root"}],
              "firstResponder": "card",
              "recognizers": [
                {"name": "cardPan", "kind": "pan", "view": "card", "maximumNumberOfTouches": 2,
                 "requireToFail": ["cardSwipe"], "simultaneousWith": ["cardPinch"]},
                {"name": "cardSwipe", "kind": "swipe", "view": "card", "direction": ["left", "right"]},
                {"name": "cardPinch", "kind": "pinch", "view": "card"},
                {"name": "check", "kind": "checkmark", "view": "root"}
              ]
            }
            """)
        #expect(scene.views.first?.children.map(\.name) == ["card", "button"])
        #expect(scene.views.first?.children.first?.multipleTouchEnabled == true)
        #expect(scene.controllers == [ControllerDescription(name: "cardsController", view: "root")])
        #expect(scene.firstResponder == "card")
        #expect(scene.recognizers.map(\.name) == ["cardPan", "cardSwipe", "cardPinch", "check"])
        #expect(scene.recognizers[0].kind == .pan(minimumNumberOfTouches: 1, maximumNumberOfTouches: 2))
        #expect(scene.recognizers[0].requireToFail == ["cardSwipe"])
        #expect(scene.recognizers[1].kind == .swipe(direction: [.left, .right], numberOfTouchesRequired: 1))
        _ = try Engine(scene: scene)
    }

    @Test func everySettingAndRelationshipKey() throws {
        let scene = try decode("""
            {"views": [{"name": "v", "frame": [0, 0, 100, 100], "userInteractionEnabled": false, "hidden": true,
                        "alpha": 0.5, "clipsToBounds": true, "handles": ["motion", "remoteControl"],
                        "canBecomeFirstResponder": true, "hitTest": "self", "hitInsets": [-5, -5, -5, -5],
                        "forwardsTo": "v", "x-note": {"anything": [1, 2]}}],
             "velocityEstimator": "lsq2",
             "recognizers": [
               {"name": "t", "kind": "tap", "view": "v", "numberOfTapsRequired": 2, "numberOfTouchesRequired": 3,
                "enabled": false, "cancelsTouchesInView": false, "delaysTouchesBegan": true, "delaysTouchesEnded": false,
                "shouldBegin": false, "shouldReceiveTouch": {"notInViews": ["v"]}, "canPrevent": false,
                "canBePreventedBy": ["p"], "thresholds": {"tapMovementTolerance": 10}},
               {"name": "p", "kind": "longPress", "view": "window", "minimumPressDuration": 1, "allowableMovement": 5,
                "numberOfTouchesRequired": 2, "numberOfTapsRequired": 1},
               {"name": "e", "kind": "screenEdgePan", "view": "v", "edges": ["left", "right"]},
               {"name": "s", "kind": "swipe", "view": "v", "direction": "up"},
               {"name": "m", "kind": "template", "view": "v", "minimumScore": 0.9,
                "templates": [{"name": "line", "points": [[0, 0], [10, 10]]}]}
             ]}
            """)
        let v = try #require(scene.views.first)
        #expect(!v.userInteractionEnabled && v.hidden && v.alpha == 0.5 && v.clipsToBounds && v.canBecomeFirstResponder)
        #expect(v.handles == [.motion, .remoteControl])
        #expect(v.hitTest == .self)
        #expect(v.hitInsets == EdgeInsets(top: -5, left: -5, bottom: -5, right: -5))
        #expect(scene.velocityEstimator == .lsq2)
        let t = scene.recognizers[0]
        #expect(t.kind == .tap(numberOfTapsRequired: 2, numberOfTouchesRequired: 3))
        #expect(!t.enabled && !t.cancelsTouchesInView && t.delaysTouchesBegan && !t.delaysTouchesEnded && !t.shouldBegin)
        #expect(t.shouldReceiveTouch == .notInViews(["v"]))
        #expect(t.canPrevent == .none)
        #expect(t.canBePreventedBy == .named(["p"]))
        #expect(t.thresholds == ["tapMovementTolerance": 10])
        #expect(scene.recognizers[1].kind == .longPress(minimumPressDuration: 1, allowableMovement: 5, numberOfTouchesRequired: 2, numberOfTapsRequired: 1))
        #expect(scene.recognizers[2].kind == .screenEdgePan(edges: [.left, .right]))
        #expect(scene.recognizers[3].kind == .swipe(direction: [.up], numberOfTouchesRequired: 1))
        #expect(scene.recognizers[4].kind == .template(templates: [StrokeTemplate(name: "line", points: [Point(x: 0, y: 0), Point(x: 10, y: 10)])], minimumScore: 0.9))
    }

    static let errors: [(String, String)] = [
        ("[]", #"scene.json:1:1: error: this looks like a trace, not a scene: give traces as TRACE operands, and scenes ("views", "recognizers"; 'gesturectl scene --default' prints one) to --scene"#),
        (#"{"views": []}"#, "nil"),
        (#"{}"#, #"scene.json:1:1: error: the scene has no "views""#),
        (#"{"gesturectl-scene": 2, "views": []}"#, #"scene.json:1:22: error: "gesturectl-scene" must be 1"#),
        (#"{"views": [], "colour": 1}"#, #"scene.json:1:15: error: unknown key "colour" in the scene (extension keys start with "x-")"#),
        (#"{"views": [{"frame": [0,0,1,1]}]}"#, #"scene.json:1:12: error: a view has no "name""#),
        (#"{"views": [{"name": "a"}]}"#, #"scene.json:1:12: error: view "a" has no "frame""#),
        (#"{"views": [{"name": "a", "frame": [0,0,1]}]}"#, #"scene.json:1:35: error: "frame" of view "a" must be [x, y, width, height]"#),
        (#"{"views": [{"name": "a", "frame": [0,0,-1,1]}]}"#, #"scene.json:1:35: error: "frame" of view "a" has a negative width or height"#),
        (#"{"views": [{"name": "a", "frame": [0,0,1,1]}, {"name": "a", "frame": [0,0,1,1]}]}"#, #"scene.json:1:56: error: view name "a" is used twice"#),
        (#"{"views": [{"name": "window", "frame": [0,0,1,1]}]}"#, #"scene.json:1:21: error: view name "window" is reserved"#),
        (#"{"views": [{"name": "a", "frame": [0,0,1,1], "alpha": 2}]}"#, #"scene.json:1:55: error: "alpha" must be between 0 and 1"#),
        (#"{"views": [{"name": "a", "frame": [0,0,1,1], "hidden": "yes"}]}"#, #"scene.json:1:56: error: "hidden" must be true or false, not a string"#),
        (#"{"views": [{"name": "a", "frame": [0,0,1,1], "handles": ["taps"]}]}"#, #"scene.json:1:58: error: an entry of "handles" is "taps"; expected one of "touches", "motion", "remoteControl""#),
        (#"{"views": [{"name": "a", "frame": [0,0,1,1]}], "controllers": [{"name": "window", "view": "a"}]}"#, #"scene.json:1:73: error: controller name "window" is reserved"#),
        (#"{"views": [], "controllers": [{"name": "c", "view": "nope"}]}"#, #"scene.json:1:53: error: controller "c" names view "nope", which does not exist"#),
        (#"{"views": [], "firstResponder": "ghost"}"#, #"scene.json:1:33: error: "firstResponder" names "ghost", which is neither a view nor a controller"#),
        (#"{"views": [{"name": "a", "frame": [0,0,1,1], "forwardsTo": "b"}]}"#, #"scene.json:1:60: error: "forwardsTo" names "b", which is neither a view nor a controller"#),
        (#"{"views": [], "recognizers": [{"name": "r", "kind": "drag", "view": "a"}]}"#, #"scene.json:1:53: error: unknown recognizer kind "drag" (expected one of checkmark, longPress, pan, pinch, rotation, screenEdgePan, swipe, tap, template)"#),
        (#"{"views": [], "recognizers": [{"name": "r", "kind": "pan", "view": "a"}]}"#, #"scene.json:1:68: error: recognizer "r" names view "a", which does not exist"#),
        (#"{"views": [], "recognizers": [{"name": "r", "kind": "pan", "view": "window", "numberOfTapsRequired": 2}]}"#, #"scene.json:1:78: error: "numberOfTapsRequired" is not a setting of a pan recognizer (its settings: minimumNumberOfTouches, maximumNumberOfTouches)"#),
        (#"{"views": [], "recognizers": [{"name": "r", "kind": "pan", "view": "window", "speed": 2}]}"#, #"scene.json:1:78: error: unknown key "speed" in recognizer "r" (extension keys start with "x-")"#),
        (#"{"views": [], "recognizers": [{"name": "r", "kind": "tap", "view": "window", "numberOfTapsRequired": 0}]}"#, #"scene.json:1:102: error: "numberOfTapsRequired" must be a whole number from 1 to 1000000"#),
        (#"{"views": [], "recognizers": [{"name": "r", "kind": "tap", "view": "window", "requireToFail": ["q"]}]}"#, #"scene.json:1:96: error: "requireToFail" of "r" names recognizer "q", which does not exist"#),
        (#"{"views": [], "recognizers": [{"name": "r", "kind": "tap", "view": "window", "requireToFail": ["r"]}]}"#, #"scene.json:1:96: error: recognizer "r" cannot require itself to fail"#),
        (#"{"views": [], "recognizers": [{"name": "r", "kind": "tap", "view": "window"}, {"name": "r", "kind": "pan", "view": "window"}]}"#, #"scene.json:1:88: error: recognizer name "r" is used twice"#),
        (#"{"views": [], "recognizers": [{"name": "r", "kind": "tap", "view": "window", "thresholds": {"tapSlop": 3}}]}"#, #"scene.json:1:93: error: unknown threshold "tapSlop" (see docs/recognizers.md for the list)"#),
        (#"{"views": [], "recognizers": [{"name": "r", "kind": "tap", "view": "window", "thresholds": {"multiTapIntervall": 1}}]}"#, #"scene.json:1:93: error: unknown threshold "multiTapIntervall" (did you mean "multiTapInterval"? see docs/recognizers.md for the list)"#),
        (#"{"views": [], "recognizers": [{"name": "r", "kind": "screenEdgePan", "view": "window"}]}"#, #"scene.json:1:31: error: a screenEdgePan recognizer needs "edges""#),
        (#"{"views": [], "recognizers": [{"name": "r", "kind": "pan", "view": "window", "canPrevent": 1}]}"#, #"scene.json:1:92: error: "canPrevent" must be true, false or a list of recognizer names, not a number"#),
        (#"{"views": [], "recognizers": [{"name": "a", "kind": "tap", "view": "window", "requireToFail": ["b"]}, {"name": "b", "kind": "tap", "view": "window", "requireToFail": ["a"]}]}"#, #"scene.json:1:95: error: failure requirements form a cycle: a → b → a"#),
    ]

    @Test(arguments: errors)
    func positionedErrors(scene: String, expected: String) {
        #expect((decodeError(scene) ?? "nil") == expected)
    }
}
