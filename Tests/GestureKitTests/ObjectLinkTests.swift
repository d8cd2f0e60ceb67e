import GestureKit
import Testing

/// The links that point back up the object tree (a view's superview, a recognizer's view and its
/// engine) keep nothing alive and read nil once what they point to is gone, as weak references would.
@Suite struct ObjectLinkTests {
    @Test func aSubviewAndARecognizerOutliveTheirView() {
        let child = View(name: "child", frame: Rect(x: 10, y: 10, width: 50, height: 50))
        let pan = PanGestureRecognizer(name: "pan")
        do {
            let parent = View(name: "parent", frame: Rect(x: 0, y: 0, width: 200, height: 200))
            parent.addSubview(child)
            parent.addGestureRecognizer(pan)
            #expect(child.superview === parent)
            #expect(pan.view === parent)
        }
        #expect(child.superview == nil)
        #expect(pan.view == nil)
        #expect(child.windowOrigin == Point(x: 10, y: 10))
    }

    @Test func aRecognizerOutlivesItsEngine() {
        let tap = TapGestureRecognizer(name: "tap")
        do {
            let window = Window(screen: Size(width: 390, height: 844))
            window.addGestureRecognizer(tap)
            let engine = Engine(window: window, recognizers: [tap])
            engine.process(.touch(1.5, id: .number(1), .began, x: 100, y: 100))
            engine.process(.touch(1.6, id: .number(1), .ended, x: 101, y: 100))
            engine.finish()
            #expect(tap.now == 1.6)
        }
        // No engine any more: no trace time, and a timer cannot be scheduled.
        #expect(tap.now == 0)
        #expect(tap.view == nil)
        tap.invalidate(tap.schedule(after: 1) {})
    }
}
