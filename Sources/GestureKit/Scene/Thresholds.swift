/// The constants UIKit does not publish, with their defaults; a scene overrides them per recognizer
/// under `"thresholds"`.
///
/// Every constant has a name (the key in a scene), a unit, and a source graded as in
/// uikit-behaviour.md: **doc**, **measured**, **RE** (read from a decompiled UIKitCore; a hypothesis)
/// or **choice**. ``Thresholds/entries`` lists them for documentation and validation (``ThresholdTable``).
public struct Thresholds: ThresholdTable, Hashable, Sendable {
    /// Tap: how far a finger may move from where it touched down, in points (choice; RE of UIKit's text multi-tap recognizer).
    public var tapMovementTolerance = 45.0
    /// Tap: the longest a finger may stay down for a tap, in seconds (choice; RE and WinObjC agree on 0.75 s).
    public var tapMaximumPressDuration = 0.75
    /// Tap and long press: the longest wait from one tap's lift to the next touch down, in seconds (RE).
    public var multiTapInterval = 0.35
    /// Tap and long press: how far a later tap may land from the first tap, in points (choice).
    public var multiTapDistance = 45.0
    /// Pan: centroid movement on either axis before a pan begins, in points (RE).
    public var panHysteresis = 10.0
    /// `uikit` velocity: weight of the newest two-point velocity (RE; the previous one gets the rest).
    public var velocityBlend = 0.2
    /// `uikit` velocity: shortest interval between two moves used for a two-point velocity, in seconds (RE).
    public var velocityMinimumInterval = 0.001
    /// `lsq2` and `impulse` velocity: how far back samples are used, in seconds (Android, Flutter).
    public var velocityWindow = 0.1
    /// Swipe: the longest a swipe may take from touch down, in seconds (measured).
    public var swipeMaximumDuration = 0.5
    /// Swipe: movement along the direction needed at touch down, in points (measured).
    public var swipeMinimumDistance = 50.0
    /// Swipe: how fast the needed movement shrinks, per second, as a fraction of it (measured).
    public var swipeDistanceDecay = 0.94
    /// Swipe: movement across the direction allowed at touch down, in points (measured).
    public var swipeMaximumCrossDistance = 50.0
    /// Swipe: how fast the allowed cross movement shrinks, per second, as a fraction of it (measured).
    public var swipeCrossDecay = 0.98
    /// Pinch: change of the finger distance before a pinch begins, in points (choice).
    public var pinchDistanceThreshold = 8.0
    /// Rotation: change of the angle between the fingers before a rotation begins, in radians (choice; about 4.6°).
    public var rotationAngleThreshold = 0.08
    /// Screen-edge pan: how far from the edge a touch may start, in points (choice).
    public var screenEdgeDistance = 20.0
    /// Checkmark: the least movement of each of the two strokes, in points (choice; a floor under checkmarkMinimumRelativeStroke, so that a few points of wobble are no check).
    public var checkmarkMinimumStroke = 8.0
    /// Checkmark: backwards movement tolerated on a stroke before it counts as reversed, in points (choice; 4 since tilted and small checks are accepted: on the $1 logs' training subjects it keeps every check of the rotation/scale grid and accepts 3 of 29 400 other strokes, against 69 with 8).
    public var checkmarkJitterTolerance = 4.0
    /// Checkmark: backwards movement tolerated, as a fraction of the stroke's size so far (the longer side of its bounding box), when that is more than checkmarkJitterTolerance (choice; a hand's wobble grows with the movement).
    public var checkmarkRelativeJitterTolerance = 0.1
    /// Checkmark: how steep each of the two strokes must be, as the angle of its chord from horizontal, in radians (choice; 20°; the $1 logs' check strokes are at least 33° steep).
    public var checkmarkMinimumSlope = 0.35
    /// Checkmark: the most the stroke may rise before its downstroke or fall after its upstroke (a hook), as a fraction of the upstroke's rise (choice; the $1 logs' check strokes rise at most 0.18 of it first).
    public var checkmarkMaximumHook = 0.33
    /// Checkmark: the least length of the upstroke's chord, as a fraction of the downstroke's (choice; the $1 logs' check strokes are at least 1.5, their `v`s 0.87; a 283 pt line ending in a 27 pt flick is 0.09).
    public var checkmarkMinimumUpstrokeRatio = 0.25
    /// Checkmark: the most the stroke may run horizontally around its lowest point (the samples next to it within the jitter tolerance of its height), as a fraction of the stroke's width (choice; the $1 logs' check strokes run at most 0.19 of it, their `v`s 0.23; a `U` runs its whole width).
    public var checkmarkMaximumFlatBottom = 0.6
    /// Checkmark: the shortest each of the two strokes may be, as a fraction of the stroke's size (the longer side of its bounding box), when that is more than checkmarkMinimumStroke (choice, calibrated on the $1 logs' training subjects).
    public var checkmarkMinimumRelativeStroke = 0.2
    /// Checkmark: the tilt either way at which the rules also run, in radians (choice; 30°; frames at 0, ±15° and ±30°; 0 turns tilting off).
    public var checkmarkMaximumTilt = 0.5236
    /// Checkmark: the counterclockwise tilt up to which the rules also run, in radians, when that is more than checkmarkMaximumTilt (choice; 45°, frames every half of checkmarkMaximumTilt beyond it: a check tilted counterclockwise pushes its long upstroke past vertical, so that side needs more room; on the $1 logs' training subjects, checks turned 45° counterclockwise are all accepted with it, 96.7–98.3% without).
    public var checkmarkMaximumCounterclockwiseTilt = 0.7854
    /// Template: the shortest stroke matched against templates, as path length in points (choice; as far as a pan must move to begin).
    public var templateMinimumStroke = 10.0

    /// Creates the defaults.
    public init() {}

    /// Every threshold's name and property, in documentation order.
    public static var entries: [(name: String, keyPath: WritableKeyPath<Thresholds, Double>)] {
        [
        ("tapMovementTolerance", \.tapMovementTolerance),
        ("tapMaximumPressDuration", \.tapMaximumPressDuration),
        ("multiTapInterval", \.multiTapInterval),
        ("multiTapDistance", \.multiTapDistance),
        ("panHysteresis", \.panHysteresis),
        ("velocityBlend", \.velocityBlend),
        ("velocityMinimumInterval", \.velocityMinimumInterval),
        ("velocityWindow", \.velocityWindow),
        ("swipeMaximumDuration", \.swipeMaximumDuration),
        ("swipeMinimumDistance", \.swipeMinimumDistance),
        ("swipeDistanceDecay", \.swipeDistanceDecay),
        ("swipeMaximumCrossDistance", \.swipeMaximumCrossDistance),
        ("swipeCrossDecay", \.swipeCrossDecay),
        ("pinchDistanceThreshold", \.pinchDistanceThreshold),
        ("rotationAngleThreshold", \.rotationAngleThreshold),
        ("screenEdgeDistance", \.screenEdgeDistance),
        ("checkmarkMinimumStroke", \.checkmarkMinimumStroke),
        ("checkmarkJitterTolerance", \.checkmarkJitterTolerance),
        ("checkmarkRelativeJitterTolerance", \.checkmarkRelativeJitterTolerance),
        ("checkmarkMinimumSlope", \.checkmarkMinimumSlope),
        ("checkmarkMaximumHook", \.checkmarkMaximumHook),
        ("checkmarkMinimumUpstrokeRatio", \.checkmarkMinimumUpstrokeRatio),
        ("checkmarkMaximumFlatBottom", \.checkmarkMaximumFlatBottom),
        ("checkmarkMinimumRelativeStroke", \.checkmarkMinimumRelativeStroke),
        ("checkmarkMaximumTilt", \.checkmarkMaximumTilt),
        ("checkmarkMaximumCounterclockwiseTilt", \.checkmarkMaximumCounterclockwiseTilt),
        ("templateMinimumStroke", \.templateMinimumStroke),
        ]
    }
}
