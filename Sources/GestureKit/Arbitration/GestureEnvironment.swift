/// Arbitration between recognizers: failure requirements, exclusion, simultaneity and resets
/// (UIKit's gesture environment). Every relationship rule is checked here and only here.
///
/// - A recognizer that would leave `possible` while one it requires to fail is still possible
///   waits; it makes its transition when that one fails, at that time, and fails if that one
///   recognizes.
/// - When a recognizer begins or recognizes, every other possible recognizer that shares a touch
///   with it fails, unless `canPrevent`/`canBePrevented(by:)` say no or either delegate allows
///   simultaneous recognition. A recognizer cannot begin while a rival sharing its touches is active.
/// - Finished recognizers reset at the end of the event, unless a waiting recognizer still depends on them.
final class GestureEnvironment {
    let clock = VirtualClock()
    /// The screen size, for screen-edge rules.
    var screen: Size?
    // Unchecked: searched by arbitration at every event, ~20,000 checks (~1% of analyze on the 2 MB sample).
    @exclusivity(unchecked) private(set) var recognizers: [GestureRecognizer] = []
    /// The engine, which reports each transition as it is observed. Unretained: the engine owns this
    /// environment alone; a stored closure instead was retained and released at every record, and so
    /// was an `unowned(unsafe)` reference around each report, which `_withUnsafeGuaranteedRef` does
    /// not do (callgrind, check of 1,000 traces: 1,419.1 M instructions before, 1,411.7 M).
    var engineLink: Unmanaged<Engine>?
    /// Called right before an observed begin or recognition (delivery effects hook in here).
    var willObserveRecognition: (GestureRecognizer) -> Void = { _ in }
    /// Called when a recognizer's failure is observed (delayed deliveries hook in here).
    var didObserveFailure: (GestureRecognizer) -> Void = { _ in }
    /// Called when a recognizer stops tracking a touch.
    var didIgnoreTouch: (GestureRecognizer, Touch) -> Void = { _, _ in }
    /// The views' answer to `gestureRecognizerShouldBegin(_:)` (controls and scroll views): a reason
    /// to fail the recognizer, or nil to let it begin. Nil in scenes without controls or scroll views.
    var viewsShouldBegin: ((GestureRecognizer) -> String?)?
    /// Called after each observed transition, in scenes with scroll views (their pans drive scrolling).
    var didObserveTransition: ((GestureRecognizer, RecognizerState) -> Void)?

    func add(_ recognizer: GestureRecognizer) {
        recognizer.environment = self
        recognizers.append(recognizer)
    }

    /// Clears the recognizers' links to this environment, as weak references would be cleared.
    deinit {
        for recognizer in recognizers where recognizer.environment === self { recognizer.environment = nil }
    }

    // MARK: Requests from recognizers

    func recognizer(_ r: GestureRecognizer, didRequest target: RecognizerState) {
        markDirty(r)
        if !r.waitingStates.isEmpty {
            switch target {
            case .ended:
                r.waitingStates.append(.ended)
            case .cancelled:
                let rivals = r.unresolvedRequirements.map(\.name).joined(separator: ", ")
                r.waitingStates = []
                r.logicalState = .failed
                observe(r, .failed, reason: sentence("its touches were cancelled while it waited for \(rivals) to fail"), code: ReasonCode("touchesCancelled", names: ["waitingFor": rivals]))
            default:
                break
            }
            return
        }
        switch target {
        case .began, .recognized:
            attemptToLeavePossible(r, target, resolvedBy: nil)
        case .failed:
            r.cancelTimers()
            observe(r, .failed, reason: r.pendingReason, code: r.pendingCode)
        case .changed, .ended:
            observe(r, target, reason: nil)
        case .cancelled:
            observe(r, .cancelled, reason: r.pendingReason, code: r.pendingCode)
        case .possible:
            break
        }
    }

    func recognizerWasDisabled(_ r: GestureRecognizer) {
        switch r.logicalState {
        case .began, .changed:
            r.cancel("it was disabled", code: ReasonCode("disabled"))
        case .possible where r.engagedTouchCount > 0:
            r.fail("it was disabled", code: ReasonCode("disabled"))
        default:
            break
        }
    }

    // MARK: Rules

    /// Whether either delegate allows the two to recognize together.
    func simultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        if let d = a.delegate, d.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) { return true }
        if let d = b.delegate, d.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) { return true }
        return false
    }

    /// Whether `winner`, by recognizing, fails `other` (both overrides agree and no simultaneity).
    func prevents(_ winner: GestureRecognizer, _ other: GestureRecognizer) -> Bool {
        guard winner !== other, shareTouches(winner, other), !simultaneous(winner, other) else { return false }
        return winner.answersCanPrevent(other) && other.answersCanBePrevented(by: winner)
    }

    /// Whether the two were given a common touch since they last reset: one still down, or one that
    /// has ended (the first tap of a triple tap is the triple tap's as much as the single tap's).
    /// `seenTouchSerials` holds every touch in `touches` too.
    func shareTouches(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        for serial in a.seenTouchSerials where b.seenTouchSerials.contains(serial) { return true }
        return false
    }

    /// Makes `r` leave `possible` for `target` if the rules allow it now; it waits while a
    /// requirement is unresolved. The delegate's `gestureRecognizerShouldBegin` is asked only when
    /// the transition would really happen, once nothing holds it back. `resolvedBy` is the
    /// requirement whose failure ended a wait.
    private func attemptToLeavePossible(_ r: GestureRecognizer, _ target: RecognizerState, resolvedBy: GestureRecognizer?) {
        for requirement in r.failureRequirements where requirement.observedState.isRecognition {
            return refuse(
                r, sentence("\(requirement.name) recognized, and \(r.name) requires it to fail"),
                ReasonCode("requiredToFail", names: ["requirement": requirement.name]))
        }
        if !r.unresolvedRequirements.isEmpty {
            r.waitingStates = [target]
            r.waitStart = clock.now
            return
        }
        if let delegate = r.delegate, !delegate.gestureRecognizerShouldBegin(r) {
            return refuse(r, "its delegate's gestureRecognizerShouldBegin answered no", ReasonCode("delegateShouldBegin"))
        }
        if let viewsShouldBegin, let reason = viewsShouldBegin(r) {
            return refuse(r, reason, ReasonCode("viewShouldBegin"))
        }
        // A recognizer whose scene says `simultaneousWith: ["*"]` recognizes with every other: no rival
        // prevents it and it prevents none, so the pairs are not asked. Asking them made n simultaneous
        // recognizers cost n² checks (1,000 pans on one finger: 17% of the instructions).
        let simultaneousWithAll = (r.delegate as? SceneDelegate)?.simultaneousWithAll ?? false
        if !simultaneousWithAll {
            for rival in recognizers where rival.observedState.isRecognition && prevents(rival, r) {
                return refuse(
                    r, sentence("prevented by \(rival.name), which \(rival.recognitionSummary(first: true))"),
                    ReasonCode("preventedBy", names: ["by": rival.name]))
            }
        }
        if resolvedBy != nil { r.didFinishWaiting() }
        willObserveRecognition(r)
        observe(r, target, reason: nil, cause: cause(of: r, target, resolvedBy: resolvedBy))
        // Every recognizer this recognition fails is failed before any is reported, so that a
        // recognizer waiting on one of them is not resolved into recognizing first (the single tap of
        // a single → double → triple tap chain, when the triple tap recognizes).
        var losers: [(recognizer: GestureRecognizer, reason: String, code: ReasonCode)] = []
        let verb = target == .began ? "began" : "recognized"
        for other in recognizers where other !== r && other.observedState == .possible && other.logicalState != .failed {
            // A dependent that has no touches is not taking part in this sequence: nothing to fail.
            if other.failureRequirements.contains(where: { $0 === r }), other.engagedTouchCount > 0 || !other.waitingStates.isEmpty {
                losers.append((other, sentence("\(r.name) \(verb), and \(other.name) requires it to fail"), ReasonCode("requiredToFail", names: ["requirement": r.name])))
            } else if !simultaneousWithAll, prevents(r, other) {
                losers.append((other, sentence("prevented by \(r.name), which \(r.recognitionSummary(first: false))"), ReasonCode("preventedBy", names: ["by": r.name])))
            }
        }
        for loser in losers {
            loser.recognizer.waitingStates = []
            loser.recognizer.logicalState = .failed
            loser.recognizer.cancelTimers()
        }
        for loser in losers { observe(loser.recognizer, .failed, reason: loser.reason, code: loser.code) }
    }

    /// Fails `r` instead of the recognition it asked for, with the reason and its code.
    private func refuse(_ r: GestureRecognizer, _ reason: String, _ code: ReasonCode) {
        r.logicalState = .failed
        r.cancelTimers()
        observe(r, .failed, reason: reason, code: code)
    }

    /// What made `r` begin or recognize: its own cause, then what arbitration adds (the failure
    /// requirement it waited for, a delegate that answered yes to `gestureRecognizerShouldBegin`,
    /// the recognizers it recognizes alongside because a delegate allows it).
    private func cause(of r: GestureRecognizer, _ target: RecognizerState, resolvedBy: GestureRecognizer?) -> String {
        var cause = r.pendingCause ?? sentence("\(r.name) set its state to \(target.rawValue)")
        if let resolvedBy {
            cause = r.waitStart.map { sentence("\(cause); it waited from \(time: $0) s until \(resolvedBy.name) failed at \(time: clock.now) s, as it requires") }
                ?? sentence("\(cause); it waited until \(resolvedBy.name) failed at \(time: clock.now) s, as it requires")
        }
        if let delegate = r.delegate, !(delegate is SceneDelegate) {
            cause += "; its delegate \(delegate.delegateDescription) answered yes to gestureRecognizerShouldBegin"
        }
        // At most `alongsideNamed` rivals are named and the rest counted, so that n recognizers
        // recognizing together write causes of constant length, not n² names.
        var alongside: [String] = []
        var unnamed = 0
        for rival in recognizers where rival !== r && rival.observedState.isRecognition && shareTouches(r, rival) {
            let text: String
            if let d = r.delegate, d.gestureRecognizer(r, shouldRecognizeSimultaneouslyWith: rival) {
                guard alongside.count < Self.alongsideNamed else { unnamed += 1; continue }
                text = "\(rival.name) (its delegate\(Self.named(d)) allows it)"
            } else if let d = rival.delegate, d.gestureRecognizer(rival, shouldRecognizeSimultaneouslyWith: r) {
                guard alongside.count < Self.alongsideNamed else { unnamed += 1; continue }
                text = "\(rival.name) (\(rival.name)'s delegate\(Self.named(d)) allows it)"
            } else {
                continue
            }
            alongside.append(text)
        }
        if unnamed > 0 { alongside.append("\(unnamed) \(unnamed == 1 ? "other" : "others")") }
        if !alongside.isEmpty { cause += "; alongside " + alongside.joined(separator: ", ") }
        return cause
    }

    /// The most rivals a cause names as recognizing alongside; the others are counted.
    static let alongsideNamed = 3

    /// ` NAME` for a delegate written in code, nothing for the scene's own (`simultaneousWith`).
    private static func named(_ delegate: any GestureRecognizerDelegate) -> String {
        delegate is SceneDelegate ? "" : " " + delegate.delegateDescription
    }

    /// Records an observed transition and applies its consequences for waiting recognizers.
    private func observe(_ r: GestureRecognizer, _ state: RecognizerState, reason: String?, code: ReasonCode? = nil, cause: String? = nil) {
        markDirty(r)
        r.observedState = state
        if state == .began || state == .recognized { r.recognitionTime = clock.now }
        if state == .changed || state == .ended {
            // The record of a `changed` or `ended` (no reason, no cause) built where it is reported: through
            // makeRecord it was copied field by field once more (callgrind, check of 1,000 traces: 1,396.3 M
            // instructions before, 1,383.4 M).
            engineLink?._withUnsafeGuaranteedRef { $0.report(transition: r.describedRecord(state, at: clock.now)) }
        } else {
            engineLink?._withUnsafeGuaranteedRef { $0.report(transition: r.makeRecord(state, at: clock.now, reason: reason, code: code, cause: cause)) }
        }
        if let didObserveTransition { didObserveTransition(r, state) }
        if state == .failed {
            didObserveFailure(r)
            resolveWaiters(of: r)
        }
    }

    /// Lets the recognizers waiting on `failed` make their transitions when nothing else holds them.
    private func resolveWaiters(of failed: GestureRecognizer) {
        for waiter in recognizers where !waiter.waitingStates.isEmpty && waiter.failureRequirements.contains(where: { $0 === failed }) {
            guard waiter.unresolvedRequirements.isEmpty else { continue }
            let states = waiter.waitingStates
            waiter.waitingStates = []
            guard let first = states.first else { continue }
            attemptToLeavePossible(waiter, first, resolvedBy: failed)
            for next in states.dropFirst() where waiter.observedState.isRecognition {
                observe(waiter, next, reason: nil)
            }
        }
    }

    // MARK: End of event

    /// Forgets ended touches and resets finished recognizers nothing waits on.
    ///
    /// `touchesEnded` is false when no touch ended or was cancelled in the event: the recognizers'
    /// touches are then not searched for ended ones (every ended touch leaves its recognizers at
    /// the end of the event it ended in). Searching them anyway: endOfEvent 85.8 M instructions of a
    /// check of 1,000 traces against 64.6 M (callgrind).
    func endOfEvent(touchesEnded: Bool = true) {
        // The recognizers to clean up, moved out of `dirty`, which takes those marked while doing it
        // (deferred resets).
        let involved = self.involved
        involved.swapContents(with: dirty)
        involved.forEach { r in
            r.isDirty = false
            guard touchesEnded else { return }
            var anyTerminal = false
            r.touches.forEachBorrowed { touch in if touch.phase.isTerminal { anyTerminal = true } }
            if anyTerminal {
                r.takeLastLocation()
                r.touches.removeAll { touch in
                    guard touch.phase.isTerminal else { return false }
                    touch.recognizers.removeAll(identicalTo: r)
                    return true
                }
            }
        }
        involved.forEach { r in
            guard r.observedState.isFinal || (r.logicalState == .failed && r.waitingStates.isEmpty) else { return }
            let needed = waitingCount > 0 && recognizers.contains { waiter in
                !waiter.waitingStates.isEmpty && waiter.failureRequirements.contains { $0 === r }
            }
            if needed {
                // Reset later, once the recognizers waiting on this one have made their move.
                markDirty(r)
            } else {
                r.performReset()
                r.observedState = .possible
                if !r.waitingStates.isEmpty { r.waitingStates = [] }
            }
        }
        involved.removeAll()
    }

    // Constants, whose contents are exchanged: a variable holding the list was retained and released
    // at every append (callgrind, check of 1,000 traces: 690,000 times).
    /// Recognizers that took part in the current event or timer, to clean up at its end.
    private let dirty = RecognizerList()
    /// Empty but while ``endOfEvent()`` goes through the recognizers it took out of ``dirty``.
    private let involved = RecognizerList()

    /// Notes that `r` took part in the current event or timer.
    func markDirty(_ r: GestureRecognizer) {
        guard !r.isDirty else { return }
        r.isDirty = true
        dirty.append(r)
    }

    /// How many recognizers have transitions waiting on failure requirements.
    private var waitingCount: Int {
        var n = 0
        for r in recognizers where !r.waitingStates.isEmpty { n += 1 }
        return n
    }
}

extension RecognizerState {
    /// Began, changed, recognized or ended: the recognizer has won its touches.
    var isRecognition: Bool {
        switch self {
        case .began, .changed, .recognized, .ended: return true
        case .possible, .cancelled, .failed: return false
        }
    }
}

extension GestureRecognizer {
    /// `began at 41.3 s`, or `began first, at 41.3 s` when it did so in an earlier event: when the
    /// recognizer won, for the reasons of the recognizers it prevents (its own record's `cause`
    /// says why).
    func recognitionSummary(first: Bool) -> String {
        let verb = observedState == .recognized ? "recognized" : "began"
        guard let time = recognitionTime else { return first ? verb + " first" : verb }
        return first ? sentence("\(verb) first, at \(time: time) s") : sentence("\(verb) at \(time: time) s")
    }

    /// Requirements still possible and involved in the current touches; not-yet-involved
    /// requirements do not hold a recognizer back (see docs/arbitration.md).
    var unresolvedRequirements: [GestureRecognizer] {
        failureRequirements.filter { req in
            req.observedState == .possible && req.logicalState != .failed && (req.engagedTouchCount > 0 || !req.waitingStates.isEmpty)
        }
    }

    /// Makes this recognizer wait for `other` to fail before it leaves `possible` (`require(toFail:)`).
    public func require(toFail other: GestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0 === other }) else { return }
        failureRequirements.append(other)
    }
}
