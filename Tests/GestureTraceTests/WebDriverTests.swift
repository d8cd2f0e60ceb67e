import GestureKit
import Testing

@testable import GestureTrace

/// `WebDriverConverter`: W3C WebDriver actions played tick by tick into a trace.
@Suite struct WebDriverTests {}

/// Converts an actions body and checks that the result is a valid trace.
func convertActions(
    _ text: String, elements: [String: Rect] = [:], rate: Double = 60, screen: Size = .defaultScreen
) throws -> RecordingConversion {
    let conversion = try WebDriverConverter.convert(
        bytes: Array(text.utf8), file: "a.json", options: WebDriverOptions(screen: screen, elements: elements, rate: rate))
    try expectValidTrace(conversion)
    return conversion
}

/// One touch source's JSON with the given action objects.
func touchSource(_ id: String, _ actions: [String], type: String = "touch") -> String {
    #"{"type":"pointer","id":"\#(id)","parameters":{"pointerType":"\#(type)"},"actions":[\#(actions.joined(separator: ","))]}"#
}

/// `{"actions":[…]}` of the sources.
func actionsBody(_ sources: String...) -> String { #"{"actions":["# + sources.joined(separator: ",") + "]}" }

extension WebDriverTests {
    @Test func aTapWithAPause() throws {
        let body = actionsBody(touchSource("f", [
            #"{"type":"pointerMove","duration":0,"x":100,"y":200}"#, #"{"type":"pointerDown","button":0}"#,
            #"{"type":"pause","duration":100}"#, #"{"type":"pointerUp","button":0}"#,
        ]))
        let conversion = try convertActions(body)
        #expect(conversion.header == TraceHeader(version: 1, screen: .defaultScreen))
        #expect(conversion.warnings.isEmpty)
        #expect(conversion.samples == [
            .touch(0, id: .number(1), .began, x: 100, y: 200),
            .touch(0.1, id: .number(1), .ended, x: 100, y: 200),
        ])
    }

    @Test func aMoveIsSampledAtTheRateAndEndsExactlyAtItsTargetAndDuration() throws {
        let body = actionsBody(touchSource("f", [
            #"{"type":"pointerMove","x":0,"y":0}"#, #"{"type":"pointerDown","button":0}"#,
            #"{"type":"pointerMove","duration":250,"x":100,"y":50}"#, #"{"type":"pointerUp","button":0}"#,
        ]))
        let conversion = try convertActions(body, rate: 10)
        #expect(conversion.samples == [
            .touch(0, id: .number(1), .began, x: 0, y: 0),
            .touch(0.1, id: .number(1), .moved, x: 40, y: 20),
            .touch(0.2, id: .number(1), .moved, x: 80, y: 40),
            .touch(0.25, id: .number(1), .ended, x: 100, y: 50),
        ])
    }

    @Test func aTickLastsAsLongAsItsLongestActionAcrossSources() throws {
        // Tick 3: finger 1 moves for 100 ms, a key source pauses 300 ms: finger 1's lift in tick 4 is at 0.3 s.
        let key = #"{"type":"key","id":"k","actions":[{"type":"pause"},{"type":"keyDown","value":"a"},{"type":"pause","duration":300},{"type":"keyUp","value":"a"}]}"#
        let body = actionsBody(touchSource("f", [
            #"{"type":"pointerMove","x":10,"y":10}"#, #"{"type":"pointerDown","button":0}"#,
            #"{"type":"pointerMove","duration":100,"x":10,"y":70}"#, #"{"type":"pointerUp","button":0}"#,
        ]), key)
        let conversion = try convertActions(body, rate: 20)
        #expect(conversion.samples == [
            .touch(0, id: .number(1), .began, x: 10, y: 10),
            .touch(0.05, id: .number(1), .moved, x: 10, y: 40),
            .touch(0.1, id: .number(1), .moved, x: 10, y: 70),
            .touch(0.3, id: .number(1), .ended, x: 10, y: 70),
        ])
    }

    @Test func twoTouchSourcesAreSimultaneousFingersInOneEventPerInstant() throws {
        let body = actionsBody(
            touchSource("a", [#"{"type":"pointerMove","x":100,"y":100}"#, #"{"type":"pointerDown","button":0}"#,
                              #"{"type":"pointerMove","duration":100,"origin":"pointer","x":-20,"y":0}"#, #"{"type":"pointerUp","button":0}"#]),
            touchSource("b", [#"{"type":"pointerMove","x":200,"y":100}"#, #"{"type":"pointerDown","button":0}"#,
                              #"{"type":"pointerMove","duration":100,"origin":"pointer","x":20,"y":0}"#, #"{"type":"pointerUp","button":0}"#]))
        let conversion = try convertActions(body, rate: 20)
        #expect(conversion.samples == [
            .touch(0, id: .number(1), .began, x: 100, y: 100),
            .touch(0, id: .number(2), .began, x: 200, y: 100),
            .touch(0.05, id: .number(1), .moved, x: 90, y: 100),
            .touch(0.05, id: .number(2), .moved, x: 210, y: 100),
            .touch(0.1, id: .number(1), .ended, x: 80, y: 100),
            .touch(0.1, id: .number(2), .ended, x: 220, y: 100),
        ])
    }

    @Test(arguments: [
        // origin, expected target of a move by (5, -5) (from the viewport's corner it would be off
        // the screen: AppiumTouchActionTests checks that error)
        (#""pointer""#, Point(x: 55, y: 55)),
        (#"{"element-6066-11e4-a52e-4f735466cecf":"btn"}"#, Point(x: 125, y: 215)),
        (#"{"ELEMENT":"btn"}"#, Point(x: 125, y: 215)),
        // Partly off screen: the centre of the part inside the 390 × 844 screen, (365, 822).
        (#"{"element-6066-11e4-a52e-4f735466cecf":"offscreen"}"#, Point(x: 370, y: 817)),
    ])
    func origins(origin: String, target: Point) throws {
        let body = actionsBody(touchSource("f", [
            #"{"type":"pointerMove","x":50,"y":60}"#, #"{"type":"pointerDown","button":0}"#,
            #"{"type":"pointerMove","origin":\#(origin),"x":5,"y":-5}"#, #"{"type":"pointerUp","button":0}"#,
        ]))
        let elements = ["btn": Rect(x: 20, y: 200, width: 200, height: 40), "offscreen": Rect(x: 340, y: 800, width: 100, height: 100)]
        let conversion = try convertActions(body, elements: elements)
        // A zero-length move and the lift in the next zero-length tick: the lift is 1 µs later.
        #expect(conversion.samples == [
            .touch(0, id: .number(1), .began, x: 50, y: 60),
            .touch(0.000001, id: .number(1), .moved, x: target.x, y: target.y),
            .touch(0.000002, id: .number(1), .ended, x: target.x, y: target.y),
        ])
    }

    @Test func pressureIsForceAndWidthAndHeightMakeTheRadius() throws {
        let body = actionsBody(touchSource("f", [
            #"{"type":"pointerMove","x":10,"y":10}"#, #"{"type":"pointerDown","button":0,"pressure":0.25,"width":8,"height":12}"#,
            #"{"type":"pointerMove","duration":50,"x":10,"y":20,"pressure":0.75}"#, #"{"type":"pointerUp","button":0}"#,
        ]))
        let conversion = try convertActions(body, rate: 10)
        #expect(conversion.samples == [
            .touch(0, id: .number(1), .began, x: 10, y: 10, force: 0.25, radius: 6),
            .touch(0.05, id: .number(1), .ended, x: 10, y: 20, force: 0.75, radius: 6),
        ])
    }

    @Test func aMouseTouchesWhileAButtonIsDownAndAPenIsAFingerEachWithAWarning() throws {
        let mouse = #"{"type":"pointer","id":"m","actions":[{"type":"pointerMove","x":1,"y":2},{"type":"pointerDown","button":0},{"type":"pointerDown","button":2},{"type":"pause","duration":10},{"type":"pointerUp","button":0},{"type":"pause","duration":10},{"type":"pointerUp","button":2}]}"#
        let pen = touchSource("p", [#"{"type":"pointerMove","x":3,"y":4}"#, #"{"type":"pointerDown","button":0}"#, #"{"type":"pointerUp","button":0}"#], type: "pen")
        let conversion = try convertActions(actionsBody(mouse, pen))
        #expect(conversion.warnings.map(\.description) == [
            #"a.json:1:13: warning: source "m" is a mouse (the WebDriver default when 'parameters.pointerType' is not "touch"): read as one finger that touches while a button is down"#,
            #"a.json:1:337: warning: source "p" is a pen: read as a finger (UIKit would deliver a pencil touch, with its own force and no radius)"#,
        ])
        #expect(conversion.samples == [
            .touch(0, id: .number(1), .began, x: 1, y: 2),
            .touch(0, id: .number(2), .began, x: 3, y: 4),
            .touch(0.000001, id: .number(2), .ended, x: 3, y: 4),
            .touch(0.02, id: .number(1), .ended, x: 1, y: 2),
        ])
    }

    @Test func aTouchStillDownAtTheEndIsCancelledWithAWarning() throws {
        let body = actionsBody(touchSource("f", [#"{"type":"pointerMove","x":1,"y":1}"#, #"{"type":"pointerDown","button":0}"#, #"{"type":"pause","duration":40}"#]))
        let conversion = try convertActions(body)
        #expect(conversion.samples == [.touch(0, id: .number(1), .began, x: 1, y: 1), .touch(0.04, id: .number(1), .cancelled, x: 1, y: 1)])
        #expect(conversion.warnings.map(\.message) == [
            #"the touch of source "f" is still down after the last action: written as cancelled at the end (WebDriver keeps it down until 'release actions')"#,
        ])
    }

    @Test func aBareArrayOfSourcesAndPointerCancel() throws {
        let body = "[" + touchSource("f", [#"{"type":"pointerMove","x":1,"y":1}"#, #"{"type":"pointerDown","button":0}"#,
                                           #"{"type":"pause","duration":20}"#, #"{"type":"pointerCancel"}"#]) + "]"
        #expect(WebDriverConverter.looksLikeActions(Array(body.utf8)))
        #expect(!WebDriverConverter.looksLikeActions(Array(#"[{"t":0,"id":1,"phase":"began","x":1,"y":1}]"#.utf8)))
        let conversion = try convertActions(body)
        #expect(conversion.samples == [.touch(0, id: .number(1), .began, x: 1, y: 1), .touch(0.02, id: .number(1), .cancelled, x: 1, y: 1)])
    }

    /// Every malformed input the converter rejects, with its exact message and position.
    @Test(arguments: [
        (#"{"actions":[{"type":"pointer","id":"f","parameters":{"pointerType":"touch"},"actions":[{"type":"pointerMove","duration":0,"y":5}]}]}"#,
         "a.json:1:88: error: a pointerMove needs 'x' and 'y': this one has no 'x'"),
        (#"{"actions":[{"type":"pointer","id":"f","parameters":{"pointerType":"touch"},"actions":[{"type":"pointerMove","x":5}]}]}"#,
         "a.json:1:88: error: a pointerMove needs 'x' and 'y': this one has no 'y'"),
        (#"{"actions":[{"type":"pointer","id":"f","parameters":{"pointerType":"touch"},"actions":[{"type":"tap","x":5}]}]}"#,
         #"a.json:1:96: error: unknown action type "tap" for a pointer source: expected "pause", "pointerDown", "pointerUp", "pointerMove" or "pointerCancel""#),
        (#"{"actions":[{"type":"key","id":"k","actions":[{"type":"pointerDown"}]}]}"#,
         #"a.json:1:55: error: unknown action type "pointerDown" for a key source: expected "pause", "keyDown" or "keyUp""#),
        (#"{"actions":[{"type":"pointer","id":"f","parameters":{"pointerType":"touch"},"actions":[{"type":"pointerUp","button":0}]}]}"#,
         #"a.json:1:88: error: pointerUp of source "f" without a pointerDown: the pointer is not down"#),
        (#"{"actions":[{"type":"pointer","id":"f","parameters":{"pointerType":"touch"},"actions":[{"type":"pointerMove","origin":{"element-6066-11e4-a52e-4f735466cecf":"nope"},"x":0,"y":0}]}]}"#,
         #"a.json:1:158: error: the origin is element "nope", which no --element defines (defined: "btn")"#),
        (#"{"actions":[{"type":"pointer","id":"f","parameters":{"pointerType":"touch"},"actions":[{"type":"pause","duration":-5}]}]}"#,
         "a.json:1:115: error: 'duration' must not be negative, found -5"),
        (#"{"actions":[{"type":"none","id":"n","actions":[{"type":"pause","duration":"100"}]}]}"#,
         #"a.json:1:75: error: 'duration' must be a number of milliseconds, found the string "100""#),
        (#"{"actions":[{"type":"pointer","id":"f","parameters":{"pointerType":"touch"},"actions":[{"type":"pointerMove","duration":null,"x":1,"y":1}]}]}"#,
         "a.json:1:121: error: 'duration' must be a number of milliseconds, found null"),
        (#"{"actions":[{"type":"pointer","id":"f","parameters":{"pointerType":"finger"},"actions":[]}]}"#,
         #"a.json:1:68: error: 'pointerType' must be "mouse", "pen" or "touch", found the string "finger""#),
        (#"{"actions":[{"type":"gamepad","id":"g","actions":[]}]}"#,
         #"a.json:1:21: error: unknown input source type "gamepad": expected "pointer", "key", "none" or "wheel""#),
        (#"{"sources":[]}"#, "a.json:1:1: error: an actions body needs an 'actions' array of input sources"),
        ("{\n  \"actions\": [\n    {\"type\": \"pointer\", \"id\": \"f\", \"actions\": [{\"type\": \"pointerMove\", \"x\": \"ten\", \"y\": 1}]}\n  ]\n}",
         #"a.json:3:77: error: 'x' must be a number of points, found the string "ten""#),
        (#"[{"type":"pointer","id":"f","actions":[]},{"type":"pointer","id":"f","actions":[]}]"#,
         #"a.json:1:43: error: a second input source with id "f""#),
        (#"{"actions":[{"type":"pointer","id":"f","parameters":{"pointerType":"touch"},"actions":[{"type":"pointerDown","button":0,"pressure":1.5}]}]}"#,
         "a.json:1:132: error: 'pressure' must be a number from 0 to 1, found 1.5"),
        (#"{"actions":[{"type":"pointer","id":"f","parameters":{"pointerType":"touch"},"actions":[{"type":"pointerCancel"}]}]}"#,
         #"a.json:1:88: error: pointerCancel of source "f" without a pointerDown: the pointer is not down"#),
    ])
    func malformedActions(body: String, message: String) {
        do {
            _ = try WebDriverConverter.convert(bytes: Array(body.utf8), file: "a.json",
                                               options: WebDriverOptions(elements: ["btn": Rect(x: 0, y: 0, width: 10, height: 10)]))
            Issue.record("no error for \(body)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func anElementThatNothingDefinesSaysHowToDefineIt() {
        let body = actionsBody(touchSource("f", [#"{"type":"pointerMove","origin":{"ELEMENT":"login"},"x":0,"y":0}"#]))
        do {
            _ = try WebDriverConverter.convert(bytes: Array(body.utf8), file: "a.json", options: WebDriverOptions())
            Issue.record("no error")
        } catch {
            #expect(error.diagnostic?.message == #"the origin is element "login", which no --element defines: give --element login=X,Y,WIDTH,HEIGHT"#)
        }
    }
}
