import GestureKit

/// A view as the UIKit adapter copies it: what a gesturectl scene needs to hit-test and deliver.
public struct ViewSnapshot: Hashable, Sendable {
    /// Which view this is (the adapter uses the object's address), for naming and recognizers.
    public var identity: UInt
    /// Its `accessibilityIdentifier`, the name it gets in the scene when unique.
    public var name: String?
    /// `frame`: in its superview's coordinates (a root view's in the window's).
    public var frame: Rect
    public var isHidden = false
    public var alpha = 1.0
    public var isUserInteractionEnabled = true
    public var isMultipleTouchEnabled = false
    public var isExclusiveTouch = false
    public var clipsToBounds = false
    /// The recognizers attached to it, in `gestureRecognizers` order.
    public var recognizers: [RecognizerSnapshot] = []
    /// Its subviews, back to front.
    public var children: [ViewSnapshot] = []

    /// Creates a view snapshot with UIKit's defaults.
    public init(identity: UInt, name: String? = nil, frame: Rect) {
        self.identity = identity
        self.name = name
        self.frame = frame
    }
}

/// A gesture recognizer as the UIKit adapter copies it.
///
/// `kind` is the scene kind of a UIKit class (`tap`, `longPress`, `pan`, `screenEdgePan`, `swipe`,
/// `pinch`, `rotation`), or the class name of the app's own recognizer class, so that the same name
/// registered with gesturectl runs the team's code.
public struct RecognizerSnapshot: Hashable, Sendable {
    /// Which recognizer this is (the object's address).
    public var identity: UInt
    /// Its `name` property, the name it gets in the scene when unique.
    public var name: String?
    /// The scene kind.
    public var kind: String
    public var isEnabled = true
    public var cancelsTouchesInView = true
    public var delaysTouchesBegan = false
    public var delaysTouchesEnded = true
    /// `numberOfTapsRequired` (tap, longPress).
    public var numberOfTapsRequired: Int?
    /// `numberOfTouchesRequired` (tap, longPress, swipe).
    public var numberOfTouchesRequired: Int?
    /// `minimumPressDuration` in seconds (longPress).
    public var minimumPressDuration: Double?
    /// `allowableMovement` in points (longPress).
    public var allowableMovement: Double?
    /// `minimumNumberOfTouches` (pan).
    public var minimumNumberOfTouches: Int?
    /// `maximumNumberOfTouches` (pan); nil when unlimited (`Int.max`).
    public var maximumNumberOfTouches: Int?
    /// `direction` as names: `right`, `left`, `up`, `down` (swipe).
    public var direction: [String]?
    /// `edges` as names: `top`, `left`, `bottom`, `right` (screenEdgePan).
    public var edges: [String]?

    /// Creates a recognizer snapshot with UIKit's common defaults.
    public init(identity: UInt, name: String? = nil, kind: String) {
        self.identity = identity
        self.name = name
        self.kind = kind
    }
}
