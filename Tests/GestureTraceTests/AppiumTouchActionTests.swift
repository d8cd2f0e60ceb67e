import GestureKit
import Testing

@testable import GestureTrace

/// Appium's legacy TouchAction and MultiAction bodies, `mobile:` execute bodies, and the WebDriver
/// values that decode but are likely mistakes.
@Suite struct AppiumTouchActionTests {
    private func failure(_ text: String, elements: [String: Rect] = [:]) -> String? {
        do {
            _ = try WebDriverConverter.convert(bytes: Array(text.utf8), file: "a.json", options: WebDriverOptions(elements: elements))
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aTouchActionSwipeMovesOverTheWaitBeforeItsMoveTo() throws {
        // press, wait 200 ms, moveTo, release: WebDriverAgent reaches the moveTo point 200 ms after the press.
        let body = #"""
            {"actions": [{"action": "press", "options": {"x": 300, "y": 400}}, {"action": "wait", "options": {"ms": 200}},
                         {"action": "moveTo", "options": {"x": 60, "y": 400}}, {"action": "release", "options": {}}]}
            """#
        let conversion = try convertActions(body, rate: 10)
        #expect(conversion.samples.first == .touch(0, id: .number(1), .began, x: 300, y: 400))
        #expect(conversion.samples.dropFirst().first == .touch(0.1, id: .number(1), .moved, x: 180, y: 400))
        #expect(conversion.samples.last == .touch(0.2, id: .number(1), .ended, x: 60, y: 400))
    }

    @Test func aTapWithACountTouchesForWebDriverAgentsDurations() throws {
        let body = #"{"actions": [{"action": "tap", "options": {"element": "buy", "count": 2}}]}"#
        let conversion = try convertActions(body, elements: ["buy": Rect(x: 20, y: 100, width: 100, height: 40)])
        #expect(conversion.samples == [
            .touch(0, id: .number(1), .began, x: 70, y: 120), .touch(0.1, id: .number(1), .ended, x: 70, y: 120),
            .touch(0.14, id: .number(1), .began, x: 70, y: 120), .touch(0.24, id: .number(1), .ended, x: 70, y: 120),
        ])
    }

    @Test func aLongPressHoldsFiveHundredMillisecondsByDefaultAndElementOffsetsAreFromTheTopLeft() throws {
        let body = #"""
            {"actions": [{"action": "longPress", "options": {"element": "card", "x": 10, "y": 5}}, {"action": "release"}]}
            """#
        let conversion = try convertActions(body, elements: ["card": Rect(x: 20, y: 100, width: 300, height: 200)])
        #expect(conversion.samples == [.touch(0, id: .number(1), .began, x: 30, y: 105), .touch(0.5, id: .number(1), .ended, x: 30, y: 105)])
    }

    @Test func optionsMayStandOnTheItemItself() throws {
        let body = #"{"actions": [{"action": "press", "x": 40, "y": 50}, {"action": "release"}]}"#
        #expect(try convertActions(body).samples == [.touch(0, id: .number(1), .began, x: 40, y: 50), .touch(0.000001, id: .number(1), .ended, x: 40, y: 50)])
    }

    @Test func aMultiActionIsOneFingerPerChain() throws {
        let body = #"""
            {"actions": [
              [{"action": "press", "options": {"x": 180, "y": 400}}, {"action": "wait", "options": {"ms": 400}},
               {"action": "moveTo", "options": {"x": 100, "y": 400}}, {"action": "release"}],
              [{"action": "press", "options": {"x": 210, "y": 400}}, {"action": "wait", "options": {"ms": 400}},
               {"action": "moveTo", "options": {"x": 290, "y": 400}}, {"action": "release"}]]}
            """#
        let conversion = try convertActions(body, rate: 5)
        #expect(conversion.samples.prefix(2) == [.touch(0, id: .number(1), .began, x: 180, y: 400), .touch(0, id: .number(2), .began, x: 210, y: 400)])
        #expect(conversion.samples.suffix(2) == [.touch(0.4, id: .number(1), .ended, x: 100, y: 400), .touch(0.4, id: .number(2), .ended, x: 290, y: 400)])
    }

    @Test func mistakesInALegacyBodySayWhatToDo() {
        #expect(failure(#"{"actions": [{"action": "swipe", "options": {"x": 1, "y": 2}}]}"#)
            == #"a.json:1:14: error: unknown TouchAction "swipe": expected "press", "longPress", "tap", "moveTo", "wait", "release" or "cancel""#)
        #expect(failure(#"{"actions": [{"action": "press", "options": {"element": "nope"}}]}"#)?.contains(
            #"the press is on element "nope", which no --element defines"#) == true)
        #expect(failure(#"{"actions": [{"action": "wait", "options": {"ms": 10}}, {"action": "release"}]}"#)
            == "a.json:1:14: error: 'wait' must follow an item with a position (press, longPress, tap or moveTo)")
    }

    @Test func mobileGesturesAreAnsweredWithWhatToSendInstead() throws {
        let swipe = try #require(failure(#"{"script": "mobile: swipe", "args": [{"direction": "up"}]}"#))
        #expect(swipe.hasPrefix("a.json:1:1: error: this is an execute body for 'mobile: swipe'"))
        #expect(swipe.contains("Send the gesture as W3C actions instead"))
        let drag = try #require(failure(#"{"script": "mobile: dragFromToForDuration", "args": [{"duration": 1, "fromX": 1}]}"#))
        #expect(drag.contains("'mobile: dragFromToForDuration': Appium documents how long the finger rests at fromX, fromY"))
        #expect(WebDriverConverter.looksLikeActions(Array(#"{"script": "mobile: swipe", "args": []}"#.utf8)))
    }

    @Test func aMoveOffTheScreenIsOutOfBoundsAsWebDriverAnswers() {
        let body = actionsBody(touchSource("f", [
            #"{"type":"pointerMove","x":50,"y":60}"#, #"{"type":"pointerDown","button":0}"#,
            #"{"type":"pointerMove","x":400,"y":60}"#, #"{"type":"pointerUp","button":0}"#,
        ]))
        #expect(failure(body)?.hasPrefix(
            "a.json:1:159: error: move target out of bounds: (400, 60) is outside the 390x844 pt viewport, and WebDriver answers such a pointerMove with the error 'move target out of bounds'") == true)
        // On the edge is inside (0 ≤ x ≤ width).
        let edge = actionsBody(touchSource("f", [#"{"type":"pointerMove","x":390,"y":844}"#, #"{"type":"pointerDown","button":0}"#, #"{"type":"pointerUp","button":0}"#]))
        #expect(failure(edge) == nil)
    }

    @Test func aMoveFromThePointerOffTheScreenIsOutOfBoundsToo() {
        // From (50, 60) by (-60, 0): x = -10, outside; by (-50, 784) it ends on the corner, inside.
        let body = actionsBody(touchSource("f", [
            #"{"type":"pointerMove","x":50,"y":60}"#, #"{"type":"pointerDown","button":0}"#,
            #"{"type":"pointerMove","origin":"pointer","duration":100,"x":-60,"y":0}"#, #"{"type":"pointerUp","button":0}"#,
        ]))
        #expect(failure(body)?.hasPrefix(
            "a.json:1:159: error: move target out of bounds: (-10, 60) is outside the 390x844 pt viewport, and WebDriver answers such a pointerMove with the error 'move target out of bounds'") == true)
        let corner = actionsBody(touchSource("f", [
            #"{"type":"pointerMove","x":50,"y":60}"#, #"{"type":"pointerDown","button":0}"#,
            #"{"type":"pointerMove","origin":"pointer","x":-50,"y":784}"#, #"{"type":"pointerUp","button":0}"#,
        ]))
        #expect(failure(corner) == nil)
    }

    @Test func aFractionalDurationAndAPauseInSecondsAreWarnedAbout() throws {
        let body = actionsBody(touchSource("f", [
            #"{"type":"pointerMove","x":50,"y":60}"#, #"{"type":"pointerDown","button":0}"#,
            #"{"type":"pause","duration":500000}"#, #"{"type":"pointerMove","duration":0.5,"x":60,"y":60}"#, #"{"type":"pointerUp","button":0}"#,
        ]))
        let conversion = try convertActions(body)
        let messages = conversion.warnings.map(\.message)
        #expect(messages.count == 2)
        #expect(messages.first?.hasPrefix("a pause of 500000 ms (500 s): Selenium's Python ActionChains.pause() and ActionBuilder pause take seconds") == true)
        #expect(messages.last?.hasPrefix("'duration' 0.5 is not a whole number of milliseconds, as the WebDriver specification requires") == true)
    }
}
