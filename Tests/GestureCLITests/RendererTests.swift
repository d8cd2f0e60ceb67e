import GestureKit
import Testing

@testable import GestureCLI

@Suite struct RendererTests {
    /// What the command writes for these traces with this renderer.
    func output(_ renderer: any AnalysisRenderer, _ traces: [AnalyzedTrace]) -> String {
        guard !traces.isEmpty else { return "" }
        return renderer.prologue + traces.map(renderer.render).joined(separator: renderer.separator) + renderer.epilogue
    }
}

extension RendererTests {
    @Test func jsonLines() {
        let text = output(JSONLinesRenderer(options: RenderOptions()), [RecordFixtures.trace()])
        #expect(
            text == """
                {"t":0.108,"recognizer":"pan","kind":"pan","view":"screen","state":"began","location":{"x":112,"y":200},"touches":1,"translation":{"x":12,"y":0},"velocity":{"x":480.5,"y":0}}
                {"t":0.3,"recognizer":"pan","kind":"pan","view":"screen","state":"ended","location":{"x":220.25,"y":197},"touches":1,"translation":{"x":120.25,"y":-3},"velocity":{"x":400,"y":0}}
                {"t":0.44,"recognizer":"doubleTap","kind":"tap","view":"screen","state":"failed","reason":"no second tap, \\"really\\""}
                {"t":1,"recognizer":"pinch","kind":"pinch","view":"card","state":"changed","location":{"x":0,"y":2.000001},"touches":2,"velocity":-0.75,"scale":1.5}
                {"t":2,"recognizer":"shape","kind":"template","view":"screen","state":"recognized","location":{"x":10,"y":20},"touches":1,"template":"check","score":0.912346}

                """)
    }

    @Test func jsonLinesWithDeliveriesAndSeveralTraces() {
        let renderer = JSONLinesRenderer(options: RenderOptions(deliveries: true, labelsTraces: true))
        var first = RecordFixtures.trace(path: "one.jsonl", deliveries: true)
        first.records.removeSubrange(2...5)
        let second = AnalyzedTrace(path: "two \"b\".csv", records: [.transition(RecordFixtures.doubleTapFailed)])
        #expect(
            output(renderer, [first, second]) == """
                {"type":"transition","t":0.108,"recognizer":"pan","kind":"pan","view":"screen","state":"began","location":{"x":112,"y":200},"touches":1,"translation":{"x":12,"y":0},"velocity":{"x":480.5,"y":0},"trace":"one.jsonl"}
                {"type":"delivery","t":0.2,"method":"touchesCancelled","responder":"card","chain":["label"],"touches":[1,"thumb"],"details":[{"id":1,"phase":"cancelled","tapCount":1,"timestamp":0.19,"location":{"x":5,"y":6},"previousLocation":{"x":4,"y":6}}],"cancelledBy":"cardPan","trace":"one.jsonl"}
                {"type":"delivery","t":3,"method":"motionBegan","subtype":"shake","responder":"vc","chain":["field","root"],"trace":"one.jsonl"}
                {"type":"delivery","t":4,"method":"touchesBegan","responder":"application","touches":[2],"dropped":true,"trace":"one.jsonl"}
                {"type":"transition","t":0.44,"recognizer":"doubleTap","kind":"tap","view":"screen","state":"failed","reason":"no second tap, \\"really\\"","trace":"two \\"b\\".csv"}

                """)
    }

    @Test func jsonDocumentGroupsGestures() {
        let renderer = JSONRenderer(options: RenderOptions())
        var trace = RecordFixtures.trace()
        trace.records.removeLast(2)
        #expect(
            output(renderer, [trace]) == """
                {"gesturectl":1,"traces":[{"trace":"a.jsonl","gestures":[\
                {"recognizer":"pan","kind":"pan","view":"screen","outcome":"ended","start":0.108,"end":0.3,"transitions":[\
                {"t":0.108,"state":"began","location":{"x":112,"y":200},"touches":1,"translation":{"x":12,"y":0},"velocity":{"x":480.5,"y":0}},\
                {"t":0.3,"state":"ended","location":{"x":220.25,"y":197},"touches":1,"translation":{"x":120.25,"y":-3},"velocity":{"x":400,"y":0}}]},\
                {"recognizer":"doubleTap","kind":"tap","view":"screen","outcome":"failed","start":0.44,"end":0.44,"transitions":[\
                {"t":0.44,"state":"failed","reason":"no second tap, \\"really\\""}]}]}]}

                """)
    }

    @Test func jsonDocumentWithDeliveriesAndTwoTraces() {
        let renderer = JSONRenderer(options: RenderOptions(deliveries: true, labelsTraces: true))
        let first = AnalyzedTrace(path: "one.json", records: [.delivery(RecordFixtures.motionBegan)])
        let second = AnalyzedTrace(path: "two.json", records: [.transition(RecordFixtures.doubleTapFailed)])
        #expect(
            output(renderer, [first, second]) == """
                {"gesturectl":1,"traces":[\
                {"trace":"one.json","gestures":[],"deliveries":[{"t":3,"method":"motionBegan","subtype":"shake","responder":"vc","chain":["field","root"]}]},\
                {"trace":"two.json","gestures":[{"recognizer":"doubleTap","kind":"tap","view":"screen","outcome":"failed","start":0.44,"end":0.44,"transitions":[\
                {"t":0.44,"state":"failed","reason":"no second tap, \\"really\\""}]}],"deliveries":[]}]}

                """)
    }

    @Test func gesturesSplitWhenARecognizerReturnsToPossible() {
        var again = RecordFixtures.panBegan
        again.t = 5
        let gestures = Gesture.group([RecordFixtures.panBegan, RecordFixtures.doubleTapFailed, RecordFixtures.panEnded, again])
        #expect(gestures.map(\.recognizer) == ["pan", "doubleTap", "pan"])
        #expect(gestures.map(\.outcome) == [.ended, .failed, .began])
        #expect(gestures.map(\.transitions.count) == [2, 1, 1])
    }

    @Test func csv() {
        let text = output(CSVRenderer(options: RenderOptions()), [RecordFixtures.trace()])
        #expect(
            text == #"""
                t,recognizer,kind,view,state,x,y,touches,translation_x,translation_y,velocity_x,velocity_y,scale,rotation,velocity,direction,taps,reason
                0.108,pan,pan,screen,began,112,200,1,12,0,480.5,0,,,,,,
                0.3,pan,pan,screen,ended,220.25,197,1,120.25,-3,400,0,,,,,,
                0.44,doubleTap,tap,screen,failed,,,,,,,,,,,,,"no second tap, ""really"""
                1,pinch,pinch,card,changed,0,2.000001,2,,,,,1.5,,-0.75,,,
                2,shape,template,screen,recognized,10,20,1,,,,,,,,,,

                """#)
    }

    @Test func csvWithSeveralTracesHasATraceColumn() {
        let renderer = CSVRenderer(options: RenderOptions(labelsTraces: true))
        let first = AnalyzedTrace(path: "a,b.csv", records: [.transition(RecordFixtures.doubleTapFailed)])
        let second = AnalyzedTrace(path: "c.csv", records: [])
        #expect(
            output(renderer, [first, second]) == #"""
                trace,t,recognizer,kind,view,state,x,y,touches,translation_x,translation_y,velocity_x,velocity_y,scale,rotation,velocity,direction,taps,reason
                "a,b.csv",0.44,doubleTap,tap,screen,failed,,,,,,,,,,,,,"no second tap, ""really"""

                """#)
    }

    @Test func text() {
        let text = output(TextRenderer(options: RenderOptions()), [RecordFixtures.trace()])
        #expect(
            text == """
                a.jsonl
                  ended       pan        pan       screen  0.108–0.3 s  at (220.25, 197), translation (120.25, -3), velocity (400, 0)
                      0.108  began  at (112, 200), touches 1, translation (12, 0), velocity (480.5, 0)
                      0.3    ended  at (220.25, 197), touches 1, translation (120.25, -3), velocity (400, 0)
                  failed      doubleTap  tap       screen  0.44 s       no second tap, "really"
                  changed     pinch      pinch     card    1 s          at (0, 2), velocity -0.75, scale 1.5
                  recognized  shape      template  screen  2 s          at (10, 20), template check, score 0.91

                """)
    }

    /// `--compact`: one line per gesture.
    @Test func compactText() {
        let text = output(TextRenderer(options: RenderOptions(compact: true)), [RecordFixtures.trace()])
        #expect(
            text == """
                a.jsonl
                  ended       pan        pan       screen  0.108–0.3 s  at (220.25, 197), translation (120.25, -3), velocity (400, 0)
                  failed      doubleTap  tap       screen  0.44 s       no second tap, "really"
                  changed     pinch      pinch     card    1 s          at (0, 2), velocity -0.75, scale 1.5
                  recognized  shape      template  screen  2 s          at (10, 20), template check, score 0.91

                """)
    }

    @Test func textWithDeliveriesAndColour() {
        let renderer = TextRenderer(options: RenderOptions(deliveries: true, color: true))
        let trace = AnalyzedTrace(
            path: "b.jsonl", records: [.transition(RecordFixtures.doubleTapFailed), .delivery(RecordFixtures.touchesCancelled)])
        let escape = "\u{1B}["
        #expect(
            output(renderer, [trace]) == """
                \(escape)1mb.jsonl\(escape)0m
                  \(escape)2m0.44\(escape)0m  \(escape)31mfailed          \(escape)0m  doubleTap  no second tap, "really"
                  \(escape)2m0.2 \(escape)0m  touchesCancelled  card       touches 1 thumb, via label, cancelled by cardPan

                """)
    }

    @Test func textOfATraceWithoutGestures() {
        let text = output(TextRenderer(options: RenderOptions()), [AnalyzedTrace(path: "-", records: [])])
        #expect(text == "-\n  no gestures\n")
    }
}
