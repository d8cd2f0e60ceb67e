/// Recognizes a checkmark drawn with one finger: a stroke down and to the right, then up and to the
/// right, recognized when the finger lifts (the classic textbook `UIGestureRecognizer` subclass, made
/// robust to real strokes).
///
/// The textbook rule is that x never decreases, and y first increases (down the screen) then
/// decreases, the upstroke starting at the lowest point. Real fingers and styluses jitter, so here
/// a movement only counts as backwards once it goes past the furthest point reached by more than a
/// tolerance: `checkmarkJitterTolerance`, or `checkmarkRelativeJitterTolerance` of the stroke's size
/// so far when that is more (a hand wobbles more in a larger movement). Left of the rightmost x
/// fails; up from the lowest point of the downstroke starts the upstroke. A single stray sample
/// (more than the tolerance from both the sample before it and the one after it, which are closer
/// to each other than to it) is a glitch and is skipped, however far it strays, so it neither fails
/// the stroke nor starts its upstroke; judging a sample waits for the next one (or the lift).
/// Strokes also often start and end with a hook: the stroke may rise before its
/// downstroke (which then starts at the highest point of that rise) and fall after its upstroke
/// (which then ends at its highest point), each by at most `checkmarkMaximumHook` of the upstroke's
/// rise; a larger fall, or rising again after the fall, fails.
///
/// At lift, both strokes (the chords from the downstroke's start to the lowest point, and from
/// there to the upstroke's highest point) must be at least `checkmarkMinimumStroke` long and at
/// least `checkmarkMinimumSlope` from horizontal, so a straight or wavy line, an `L` and a shallow
/// dip fail. The upstroke must be at least `checkmarkMinimumUpstrokeRatio` of the downstroke's
/// length, so a long line ending in a flick fails; and the turn must be a corner: the samples
/// around the lowest point that stay within the tolerance of its height may span at most
/// `checkmarkMaximumFlatBottom` of the stroke's width, so a `U` fails. A `V` drawn right to left
/// and most scribbles fail on the direction rules as soon as they break them. Each failure gives
/// its reason, such as "stroke has no upward part".
///
/// **Tilt and size.** People draw checks tilted and at any size. The rules run in several frames at
/// once (``CheckmarkTrack``): upright and turned by ±`checkmarkMaximumTilt` and half of it, and the
/// stroke is a check when it passes in any of them, so a check tilted up to about that angle either
/// way is accepted. The failure reason is the upright frame's. The shortest stroke allowed grows
/// with the stroke (`checkmarkMinimumRelativeStroke`) above an absolute floor
/// (`checkmarkMinimumStroke`), so a small check is judged by its proportions.
///
/// The recognizer is discrete and accepts a symmetric `V` as well as a check.
///
/// See also: ``TemplateGestureRecognizer``, ``Thresholds``.
public final class CheckmarkGestureRecognizer: GestureRecognizer {
    /// The rules in each frame, the upright one first.
    private var tracks: [CheckmarkTrack] = []
    /// The last sample the direction rules took, and the newest one, judged once the next arrives.
    private var lastFollowed = Point.zero
    private var pending: Point?

    /// Creates a checkmark recognizer.
    override public init(name: String) {
        super.init(name: name)
    }

    override public var kindName: String { "checkmark" }
    override public var isDiscrete: Bool { true }

    /// The frames' angles: upright, then ±the tilt and ±half of it, then frames turned further
    /// clockwise every half tilt up to `checkmarkMaximumCounterclockwiseTilt` (they straighten checks
    /// tilted counterclockwise); upright alone for no tilt.
    private var angles: [Double] {
        let tilt = thresholds.checkmarkMaximumTilt
        guard tilt > 0 else { return [0] }
        var angles = [0, -tilt, tilt, -tilt / 2, tilt / 2]
        let counterclockwise = thresholds.checkmarkMaximumCounterclockwiseTilt
        var next = tilt + tilt / 2
        // A bounded number of frames, however far the scene's threshold reaches (at most a half turn).
        while next < min(counterclockwise, .pi) - 1e-9 && angles.count < 16 {
            angles.append(next)
            next += tilt / 2
        }
        if counterclockwise > tilt + 1e-9 { angles.append(min(counterclockwise, .pi)) }
        return angles
    }

    override public func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        guard self.touches.count == 1, let touch = touches.first else {
            fail("\(self.touches.count) fingers touched down; a checkmark is drawn with one finger", code: ReasonCode("tooManyFingers", numbers: ["touches": Double(self.touches.count), "numberOfTouchesRequired": 1]))
            return
        }
        let point = touch.location(in: view)
        tracks = angles.map { CheckmarkTrack(start: point, angle: $0) }
        lastFollowed = point
        pending = nil
    }

    override public func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard let touch = touches.first else { return }
        take(touch.location(in: view))
    }

    override public func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard let touch = touches.first else { return }
        take(touch.location(in: view))
        // The lift point has no next sample to be judged against: the rules take it as it is.
        if let last = pending {
            pending = nil
            follow(last)
        }
        guard state == .possible, let upright = tracks.first else { return }
        if let index = tracks.firstIndex(where: { $0.rejectionAtLift(thresholds) == nil }) {
            let angle = angles[index] * 180 / .pi
            let frame = index == 0 ? "upright" : "tilted \(format(angle))° (checkmarkMaximumTilt \(format(thresholds.checkmarkMaximumTilt * 180 / .pi))°)"
            recognize("the stroke kept every checkmark rule at its lift, \(frame)")
        } else {
            fail(upright.rejectionAtLift(thresholds) ?? "not a checkmark", code: ReasonCode("notACheckmark"))
        }
    }

    override public func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        fail("its touches were cancelled", code: ReasonCode("touchesCancelled"))
    }

    override public func reset() {
        tracks = []
        lastFollowed = .zero
        pending = nil
    }

    /// Takes the finger's next location: the sample before it goes to the direction rules unless
    /// it is a glitch, a lone sample that strays more than the jitter tolerance from both its
    /// neighbours while they are closer to each other than to it (the finger did not go there).
    private func take(_ point: Point) {
        guard state == .possible, let upright = tracks.first else { return }
        defer { pending = point }
        guard let middle = pending else { return }
        let before = lastFollowed.distance(to: middle), after = middle.distance(to: point)
        let nearer = min(before, after)
        if nearer > upright.jitterTolerance(thresholds).points && lastFollowed.distance(to: point) < nearer { return }
        follow(middle)
    }

    /// Applies the direction rules in every frame; fails once every frame has broken one.
    private func follow(_ point: Point) {
        guard state == .possible, !tracks.isEmpty else { return }
        lastFollowed = point
        for index in tracks.indices { tracks[index].follow(point, thresholds) }
        if tracks.allSatisfy({ $0.failure != nil }), let reason = tracks[0].failure {
            fail(reason, code: ReasonCode("notACheckmark"))
        }
    }
}
