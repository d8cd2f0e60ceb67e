import Testing
@testable import GestureKit

@Suite struct DeliveryTests {}

private let finger = Finger(1)

/// `method responder [touches] (delayedBy|cancelledBy)@t` strings.
private func summary(_ records: [DeliveryRecord]) -> [String] {
    records.map { d in
        var s = "\(d.method.rawValue) \(d.responder)"
        if !d.touches.isEmpty { s += " " + d.touches.map(\.description).joined(separator: ",") }
        if let by = d.delayedBy { s += " delayedBy:\(by)" }
        if let by = d.cancelledBy { s += " cancelledBy:\(by)" }
        if !d.chain.isEmpty { s += " via:" + d.chain.joined(separator: ">") }
        return s + "@" + rounded(d.t)
    }
}

/// A root view with a card inside it.
private func cardScene(_ recognizers: [RecognizerDescription], configure: (inout ViewDescription, inout ViewDescription) -> Void = { _, _ in })
    -> SceneDescription
{
    var card = ViewDescription(name: "card", frame: Rect(x: 20, y: 100, width: 350, height: 200))
    var root = ViewDescription(name: "root", frame: Rect(x: 0, y: 0, width: 390, height: 844))
    configure(&root, &card)
    root.children = [card]
    return SceneDescription(views: [root], recognizers: recognizers)
}

private func on(_ view: String, _ name: String, _ kind: RecognizerKind, _ configure: (inout RecognizerDescription) -> Void = { _ in })
    -> RecognizerDescription
{
    var r = RecognizerDescription(name: name, kind: kind, view: view)
    configure(&r)
    return r
}

extension DeliveryTests {
    @Test func plainViewGetsEveryPhase() throws {
        let records = try deliveries(finger.drag(from: Point(x: 100, y: 150), to: Point(x: 110, y: 150), duration: 0.02, step: 0.01), scene: cardScene([]))
        #expect(summary(records) == ["touchesBegan card 1@0", "touchesMoved card 1@0.01", "touchesEnded card 1@0.02"])
        #expect(records[1].details.first?.location == Point(x: 85, y: 50))
        #expect(records[1].details.first?.previousLocation == Point(x: 80, y: 50))
    }

    @Test func recognizedTapCancelsTheHeldEnd() throws {
        let records = try deliveries([finger.down(0, 100, 150), finger.up(0.05, 100, 150)], scene: cardScene([on("card", "tap", .tap())]))
        #expect(summary(records) == ["touchesBegan card 1@0", "touchesCancelled card 1 cancelledBy:tap@0.05"])
    }

    @Test func withoutCancellingTheViewGetsItsEnd() throws {
        let scene = cardScene([on("card", "tap", .tap()) { $0.cancelsTouchesInView = false }])
        let records = try deliveries([finger.down(0, 100, 150), finger.up(0.05, 100, 150)], scene: scene)
        #expect(summary(records) == ["touchesBegan card 1@0", "touchesEnded card 1@0.05"])
    }

    @Test func delaysTouchesEndedHoldsTheEndUntilTheDoubleTapFails() throws {
        let scene = cardScene([on("card", "doubleTap", .tap(numberOfTapsRequired: 2))])
        let records = try deliveries([finger.down(0, 100, 150), finger.up(0.05, 100, 150)], scene: scene)
        #expect(summary(records) == ["touchesBegan card 1@0", "touchesEnded card 1 delayedBy:doubleTap@0.4"])
    }

    @Test func delaysTouchesBeganHidesARecognizedGesture() throws {
        let scene = cardScene([on("card", "pan", .pan()) { $0.delaysTouchesBegan = true }])
        let records = try deliveries(finger.drag(from: Point(x: 100, y: 150), to: Point(x: 160, y: 150), duration: 0.1), scene: scene)
        #expect(records.isEmpty)
    }

    @Test func delaysTouchesBeganDeliversLateWhenTheRecognizerFails() throws {
        let scene = cardScene([on("card", "pan", .pan()) { $0.delaysTouchesBegan = true }])
        let records = try deliveries([finger.down(0, 100, 150), finger.move(0.05, 102, 150), finger.up(0.1, 102, 150)], scene: scene)
        #expect(summary(records) == [
            "touchesBegan card 1 delayedBy:pan@0.1", "touchesMoved card 1 delayedBy:pan@0.1", "touchesEnded card 1@0.1",
        ])
    }

    @Test func panCancelsTheViewsTouchesRightBeforeItsAction() throws {
        let scene = cardScene([on("card", "cardPan", .pan())])
        let records = try analyze(finger.drag(from: Point(x: 100, y: 150), to: Point(x: 130, y: 150), duration: 0.05, step: 0.01), scene: scene, deliveries: true)
        let lines: [String] = records.map {
            switch $0 {
            case .delivery(let d): return "delivery " + summary([d])[0]
            case .transition(let t): return "transition \(t.recognizer) \(t.state.rawValue)@\(rounded(t.t))"
            case .control, .scroll: return "other"
            }
        }
        #expect(Array(lines.prefix(4)) == [
            "delivery touchesBegan card 1@0", "delivery touchesMoved card 1@0.01",
            "delivery touchesCancelled card 1 cancelledBy:cardPan@0.02", "transition cardPan began@0.02",
        ])
        #expect(!lines.dropFirst(4).contains { $0.hasPrefix("delivery") })
    }

    @Test func unhandledTouchesGoUpTheResponderChain() throws {
        var scene = cardScene([]) { root, card in
            card.handles = []
            root.handles = []
        }
        scene.controllers = [ControllerDescription(name: "rootController", view: "root", handles: [.touches])]
        let records = try deliveries([finger.down(0, 100, 150), finger.up(0.05, 100, 150)], scene: scene)
        #expect(summary(records) == ["touchesBegan rootController 1 via:card>root@0", "touchesEnded rootController 1 via:card>root@0.05"])
    }

    @Test func nobodyHandlingMeansTheApplicationDiscardsIt() throws {
        let scene = cardScene([]) { root, card in
            card.handles = []
            root.handles = []
        }
        let records = try deliveries([finger.down(0, 100, 150), finger.up(0.05, 100, 150)], scene: scene)
        #expect(summary(records).first == "touchesBegan application 1 via:card>root>window@0")
    }

    @Test func motionStartsAtTheFirstResponder() throws {
        var scene = cardScene([]) { root, card in
            card.canBecomeFirstResponder = true
            root.handles = [.motion]
        }
        scene.firstResponder = "card"
        let records = try deliveries([
            Sample(t: 1, kind: .motion(phase: .began, subtype: .shake)),
            Sample(t: 1.5, kind: .motion(phase: .ended, subtype: .shake)),
            Sample(t: 2, kind: .remoteControl(subtype: .play)),
        ], scene: scene)
        #expect(summary(records) == ["motionBegan root via:card@1", "motionEnded root via:card@1.5", "remoteControlReceived application via:card>root>window@2"])
        #expect(records[0].subtype == "shake")
    }

    @Test func singleTouchViewOnlyGetsTheFirstTouch() throws {
        let second = Finger(2)
        let records = try deliveries([
            finger.down(0, 100, 150), second.down(0.01, 200, 150), finger.up(0.05, 100, 150), second.up(0.06, 200, 150),
        ], scene: cardScene([]))
        #expect(summary(records) == ["touchesBegan card 1@0", "touchesEnded card 1@0.05"])
    }

    @Test func exclusiveTouchViewBlocksOthers() throws {
        var button = ViewDescription(name: "button", frame: Rect(x: 20, y: 700, width: 100, height: 44))
        button.exclusiveTouch = true
        var root = ViewDescription(name: "root", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        root.multipleTouchEnabled = true
        root.children = [button]
        let second = Finger(2)
        let records = try deliveries([
            finger.down(0, 50, 720), second.down(0.01, 200, 300), second.up(0.02, 200, 300), finger.up(0.05, 50, 720),
        ], scene: SceneDescription(views: [root]))
        #expect(summary(records) == ["touchesBegan button 1@0", "touchesEnded button 1@0.05"])
    }

    @Test func hitTestingSkipsHiddenAndDisabledViews() throws {
        for flag in ["hidden", "disabled", "transparent"] {
            let scene = cardScene([]) { _, card in
                if flag == "hidden" { card.hidden = true }
                if flag == "disabled" { card.userInteractionEnabled = false }
                if flag == "transparent" { card.alpha = 0.005 }
            }
            let records = try deliveries([finger.down(0, 100, 150), finger.up(0.05, 100, 150)], scene: scene)
            #expect(records.first?.responder == "root", "\(flag)")
        }
    }

    @Test func subviewsOutsideTheirSuperviewAreNotHit() throws {
        var child = ViewDescription(name: "child", frame: Rect(x: 300, y: 0, width: 100, height: 50))
        child.handles = [.touches]
        var card = ViewDescription(name: "card", frame: Rect(x: 20, y: 100, width: 350, height: 200))
        card.children = [child]
        let root = ViewDescription(name: "root", frame: Rect(x: 0, y: 0, width: 390, height: 844), children: [card])
        let inside = try deliveries([finger.down(0, 330, 110), finger.up(0.05, 330, 110)], scene: SceneDescription(views: [root]))
        #expect(inside.first?.responder == "child")
        let outside = try deliveries([finger.down(0, 380, 110), finger.up(0.05, 380, 110)], scene: SceneDescription(views: [root]))
        #expect(outside.first?.responder == "root")
    }

    @Test func ignoringInteractionDropsTouchesThatBeginMeanwhile() throws {
        let records = try deliveries([
            Sample(t: 0, kind: .application(subtype: .beginIgnoringInteractionEvents)),
            finger.down(0.1, 100, 150), finger.up(0.2, 100, 150),
            Sample(t: 0.3, kind: .application(subtype: .endIgnoringInteractionEvents)),
            finger.down(0.4, 100, 150), finger.up(0.5, 100, 150),
        ], scene: cardScene([]))
        #expect(summary(records) == ["touchesBegan application 1@0.1", "touchesBegan card 1@0.4", "touchesEnded card 1@0.5"])
        #expect(records[0].dropped)
    }
}

extension DeliveryTests {
    @Test func hitTestSelfKeepsTouchesFromSubviews() throws {
        let scene = cardScene([]) { root, _ in root.hitTest = .self }
        let records = try deliveries([finger.down(0, 100, 150), finger.up(0.05, 100, 150)], scene: scene)
        #expect(records.first?.responder == "root")
    }

    @Test func lastSubviewRuleReturnsTheFrontmostSubview() throws {
        let scene = cardScene([]) { root, _ in root.hitTest = .lastSubview }
        let records = try deliveries([finger.down(0, 100, 600), finger.up(0.05, 100, 600)], scene: scene)
        #expect(records.first?.responder == "card")
        #expect(records.first?.details.first?.location == Point(x: 80, y: 500))
    }

    @Test(arguments: [(-10.0, "card"), (10.0, "root")])
    func hitInsetsChangeTheTouchArea(inset: Double, responder: String) throws {
        let scene = cardScene([]) { _, card in card.hitInsets = EdgeInsets(top: inset, left: inset, bottom: inset, right: inset) }
        // 5 pt above the card's top edge (y 100), and 5 pt inside it.
        let y = inset < 0 ? 95.0 : 105.0
        let records = try deliveries([finger.down(0, 100, y), finger.up(0.05, 100, y)], scene: scene)
        #expect(records.first?.responder == responder)
    }

    @Test func forwardedTouchesNameBothResponders() throws {
        var scene = cardScene([]) { _, card in card.forwardsTo = "cardsController" }
        scene.controllers = [ControllerDescription(name: "cardsController", view: "root", handles: [.touches])]
        let records = try deliveries([finger.down(0, 100, 150), finger.up(0.05, 100, 150)], scene: scene)
        #expect(records.first?.responder == "cardsController")
        #expect(records.first?.forwardedBy == "card")
    }

    @Test func windowRecognizersSeeEveryTouch() throws {
        var scene = cardScene([])
        scene.recognizers = [RecognizerDescription(name: "spy", kind: .tap(), view: "window")]
        let records = try transitions([finger.down(0, 100, 150), finger.up(0.05, 100, 150)], scene: scene)
        #expect(records.summary == ["spy recognized@0.05"])
    }

    @Test func tapCountCountsSuccessiveTapsCloseInTimeAndPlace() throws {
        let records = try deliveries([
            finger.down(0, 100, 150), finger.up(0.05, 100, 150),
            finger.down(0.2, 104, 152), finger.up(0.25, 104, 152),
            finger.down(0.4, 300, 152), finger.up(0.45, 300, 152),
        ], scene: cardScene([]))
        #expect(records.filter { $0.method == .touchesBegan }.map { $0.details[0].tapCount } == [1, 2, 1])
    }
}

/// Delivery rules that involve held deliveries, touch sequences and forwarding targets.
extension DeliveryTests {
    private static let second = Finger(2)
    private static let third = Finger(3)

    /// A double tap whose first touch's end is held while the second tap lands.
    private static let doubleTapSamples = [
        finger.down(0, 100, 150), finger.up(0.05, 100, 150), second.down(0.2, 102, 150), second.up(0.25, 102, 150),
    ]

    @Test func aLiftedTouchWithAHeldEndNoLongerKeepsItsViewsSequence() throws {
        // card is not multiple-touch enabled: touch 2 starts a new sequence, since finger 1 has lifted.
        let scene = cardScene([on("card", "doubleTap", .tap(numberOfTapsRequired: 2))])
        let records = try deliveries(Self.doubleTapSamples, scene: scene)
        #expect(summary(records) == [
            "touchesBegan card 1@0", "touchesBegan card 2@0.2", "touchesCancelled card 1,2 cancelledBy:doubleTap@0.25",
        ])
    }

    @Test func aTouchThatLandsWhileAnotherIsDownIsNeverDeliveredToASingleTouchView() throws {
        // Touch 2 lands while 1 is down; touch 3 lands after 1 lifted, but 2 still keeps the sequence going.
        let records = try deliveries([
            finger.down(0, 100, 150), Self.second.down(0.1, 110, 150), finger.up(0.2, 100, 150),
            Self.third.down(0.3, 120, 150), Self.third.up(0.4, 120, 150), Self.second.up(0.5, 110, 150),
        ], scene: cardScene([]))
        #expect(summary(records) == ["touchesBegan card 1@0", "touchesEnded card 1@0.2"])
    }

    @Test func anExclusiveViewWithOnlyAHeldEndLetsOtherViewsHaveTouches() throws {
        let scene = cardScene([on("card", "doubleTap", .tap(numberOfTapsRequired: 2))]) { _, card in card.exclusiveTouch = true }
        let records = try deliveries([
            finger.down(0, 100, 150), finger.up(0.05, 100, 150), Self.second.down(0.2, 100, 500), Self.second.up(0.25, 100, 500),
        ], scene: scene)
        #expect(summary(records) == [
            "touchesBegan card 1@0", "touchesBegan root 2@0.2", "touchesEnded root 2@0.25",
            "touchesEnded card 1 delayedBy:doubleTap@0.4",
        ])
    }

    @Test func aRecognitionTurnsAHeldEndIntoACancelEvenWithoutCancelsTouchesInView() throws {
        let scene = cardScene([on("card", "doubleTap", .tap(numberOfTapsRequired: 2)) { $0.cancelsTouchesInView = false }]) { _, card in
            card.multipleTouchEnabled = true
        }
        let records = try analyze(Self.doubleTapSamples, scene: scene, deliveries: true)
        let order = records.map { record -> String in
            switch record {
            case .transition(let t): return "\(t.recognizer) \(t.state.rawValue)@\(rounded(t.t))"
            case .delivery(let d): return summary([d])[0]
            case .control, .scroll: return "other"
            }
        }
        #expect(order == [
            "touchesBegan card 1@0", "touchesBegan card 2@0.2",
            "touchesCancelled card 1 cancelledBy:doubleTap@0.25", "doubleTap recognized@0.25", "touchesEnded card 2@0.25",
        ])
    }

    @Test func touchesHeldByDelaysTouchesBeganAreDiscardedWhenTheRecognizerRecognizes() throws {
        let scene = cardScene([on("card", "press", .longPress()) { $0.delaysTouchesBegan = true; $0.cancelsTouchesInView = false }])
        let records = try deliveries([finger.down(0, 100, 150), finger.up(0.8, 100, 150)], scene: scene)
        #expect(records.isEmpty)
    }

    @Test func aHeldDeliveryKeepsItsEventsTimestamp() throws {
        let scene = cardScene([on("card", "doubleTap", .tap(numberOfTapsRequired: 2))])
        let records = try deliveries([finger.down(0, 100, 150), finger.up(0.05, 100, 150)], scene: scene)
        let end = try #require(records.last)
        #expect(summary([end]) == ["touchesEnded card 1 delayedBy:doubleTap@0.4"])
        #expect(end.details.map(\.timestamp) == [0.05])
        #expect(records.first?.details.map(\.timestamp) == [0])
    }

    @Test func forwardingToAControllerElsewhereUsesItsViewsCoordinates() throws {
        var scene = cardScene([]) { _, card in card.forwardsTo = "sideController" }
        scene.views.append(ViewDescription(name: "side", frame: Rect(x: 0, y: 500, width: 100, height: 100)))
        scene.controllers = [ControllerDescription(name: "sideController", view: "side", handles: [.touches])]
        let records = try deliveries([finger.down(0, 100, 150), finger.up(0.05, 100, 150)], scene: scene)
        #expect(records.first?.responder == "sideController")
        #expect(records.first?.details.first?.location == Point(x: 100, y: -350))
    }

    @Test func forwardingToAViewThatDoesNotHandleTouchesClimbsItsChain() throws {
        var scene = cardScene([]) { _, card in card.forwardsTo = "deaf" }
        var deaf = ViewDescription(name: "deaf", frame: Rect(x: 0, y: 500, width: 100, height: 100))
        deaf.handles = []
        scene.views.append(deaf)
        let records = try deliveries([finger.down(0, 100, 150), finger.up(0.05, 100, 150)], scene: scene)
        #expect(summary(records) == ["touchesBegan application 1 via:deaf>window@0", "touchesEnded application 1 via:deaf>window@0.05"])
        #expect(records.first?.forwardedBy == "card")
    }
}

extension DeliveryTests {
    /// A finger that joins a pan which has begun is the pan's: with `cancelsTouchesInView` the view
    /// never hears of it; without, it does.
    @Test(arguments: [true, false])
    func aFingerJoiningABegunPanIsTheGesturesTouch(cancels: Bool) throws {
        let scene = cardScene([on("card", "pan", .pan()) { $0.cancelsTouchesInView = cancels }]) { _, card in
            card.multipleTouchEnabled = true
        }
        let second = Finger(2)
        let records = try deliveries([
            finger.down(0, 100, 150), finger.move(0.02, 115, 150), second.down(0.04, 200, 200),
            finger.move(0.06, 125, 150), second.move(0.06, 210, 200), finger.up(0.08, 125, 150),
            second.move(0.1, 220, 200), second.up(0.12, 220, 200),
        ], scene: scene)
        if cancels {
            #expect(summary(records) == ["touchesBegan card 1@0", "touchesCancelled card 1 cancelledBy:pan@0.02"])
        } else {
            #expect(summary(records).filter { $0.contains(" 2@") || $0.contains(",2@") } == [
                "touchesBegan card 2@0.04", "touchesMoved card 1,2@0.06", "touchesMoved card 2@0.1", "touchesEnded card 2@0.12",
            ])
        }
    }
}
