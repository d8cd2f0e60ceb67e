/// The events a responder's own methods handle; an event it does not handle goes up the responder chain.
public enum HandledEvents: String, Sendable, CaseIterable {
    /// `touchesBegan` and the other touch methods.
    case touches
    /// `motionBegan`, `motionEnded`, `motionCancelled`.
    case motion
    /// `remoteControlReceived`.
    case remoteControl
}

/// A scene's override of `hitTest(_:with:)` for one view.
public enum HitTestRule: String, Hashable, Sendable, CaseIterable {
    /// UIKit's own rule: the deepest subview under the point, front to back.
    case standard
    /// The view returns itself instead of any subview (`"hitTest": "self"`).
    case `self`
    /// When the view itself would be hit, its last (frontmost) subview is returned instead
    /// (`"hitTest": "lastSubview"`).
    case lastSubview
}

/// Insets of a view's touch area, as `UIEdgeInsets`: positive values shrink the area, negative
/// values enlarge it (the usual `point(inside:with:)` override).
public struct EdgeInsets: Hashable, Sendable {
    /// Top inset.
    public var top: Double
    /// Left inset.
    public var left: Double
    /// Bottom inset.
    public var bottom: Double
    /// Right inset.
    public var right: Double

    /// Creates insets.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// A view of a scene: its frame, flags and subviews, as a value.
///
/// The names and defaults mirror `UIView`.
public struct ViewDescription: Hashable, Sendable {
    /// Unique among views.
    public var name: String
    /// The frame in the superview's coordinates (window coordinates for a root view).
    public var frame: Rect
    /// Subviews, back to front: the last one is on top.
    public var children: [ViewDescription]
    /// `false`: neither the view nor its subviews are hit.
    public var userInteractionEnabled: Bool
    /// Hidden views and their subviews are not hit.
    public var hidden: Bool
    /// Below 0.01 the view is not hit.
    public var alpha: Double
    /// Whether the view receives more than the first touch of a sequence.
    public var multipleTouchEnabled: Bool
    /// While the view has touches no other view receives touches, and vice versa.
    public var exclusiveTouch: Bool
    /// Whether `exclusiveTouch` also keeps blocked touches from other views' recognizers.
    public var exclusiveTouchBlocksRecognizers: Bool
    /// Recorded for completeness: hit-testing never reaches a subview outside its superview's bounds either way.
    public var clipsToBounds: Bool
    /// The events the view's own responder methods handle.
    public var handles: Set<HandledEvents>
    /// Whether the view can be the first responder.
    public var canBecomeFirstResponder: Bool
    /// The view's hit-testing override.
    public var hitTest: HitTestRule
    /// The view's touch-area insets, if it overrides `point(inside:with:)`.
    public var hitInsets: EdgeInsets?
    /// The responder the view forwards its touch methods to, if any.
    public var forwardsTo: String?
    /// Set when the view is a UIKit control (`"control"` and its keys).
    public var control: ControlDescription?
    /// Set when the view is a scroll view (`"scrollView"`); its children are in content coordinates.
    public var scrollView: ScrollViewDescription?
    /// Overrides of the control and scroll-view constants, by name (see ``ViewThresholds``).
    public var thresholds: [String: Double] = [:]
    /// A registered view class (`"class"`) the view is made through, so that its overrides run.
    public var viewClass: RegisteredViewClass?
    /// The view's transform about its centre (`"transform"`, `UIView.transform`), or nil for none.
    public var transform: AffineTransform?
    /// The keys the scene file gave for the view, or nil for a description made in code. A view of a
    /// registered class takes only the properties named here: the rest keep what its `init` set.
    /// Not part of the description's value (equality and hashing ignore it).
    public var givenKeys: Set<String>? {
        get { given.keys }
        set { given.keys = newValue }
    }
    private var given = GivenKeys()

    /// Creates a view with UIKit's defaults.
    public init(name: String, frame: Rect, children: [ViewDescription] = []) {
        self.name = name
        self.frame = frame
        self.children = children
        userInteractionEnabled = true
        hidden = false
        alpha = 1
        multipleTouchEnabled = false
        exclusiveTouch = false
        exclusiveTouchBlocksRecognizers = false
        clipsToBounds = false
        handles = [.touches]
        canBecomeFirstResponder = false
        hitTest = .standard
        hitInsets = nil
        forwardsTo = nil
    }
}

/// A view controller: it sits in the responder chain between its view and that view's superview.
public struct ControllerDescription: Hashable, Sendable {
    /// Unique among responders.
    public var name: String
    /// The name of the controller's view.
    public var view: String
    /// The events the controller handles (none by default).
    public var handles: Set<HandledEvents>

    /// Creates a controller.
    public init(name: String, view: String, handles: Set<HandledEvents> = []) {
        self.name = name
        self.view = view
        self.handles = handles
    }
}

/// A yes/no answer that may instead list the recognizers it applies to (`canPrevent`, `canBePreventedBy`).
public enum RecognizerSelection: Hashable, Sendable {
    /// Every recognizer.
    case all
    /// No recognizer.
    case none
    /// Only the named recognizers.
    case named(Set<String>)

    /// Whether the selection includes `name`.
    public func contains(_ name: String) -> Bool {
        switch self {
        case .all: return true
        case .none: return false
        case .named(let names): return names.contains(name)
        }
    }
}

/// The delegate's `shouldReceiveTouch` answer as a rule on the touch's hit-test view.
public enum TouchFilter: Hashable, Sendable {
    /// Every touch.
    case all
    /// Only touches whose hit-test view is one of these views or inside one of them.
    case inViews([String])
    /// Every touch except those whose hit-test view is one of these views or inside one of them.
    case notInViews([String])
}

/// How pan, pinch and rotation velocities are estimated.
public enum VelocityEstimatorKind: String, Sendable, CaseIterable {
    /// UIKit's blend of the last two two-point velocities (what an app reads).
    case uikit
    /// Quadratic least squares over the last 100 ms (Android, Flutter).
    case lsq2
    /// Android's impulse estimator.
    case impulse
}

/// The directions of a swipe (`UISwipeGestureRecognizer.Direction`).
public enum SwipeDirection: String, Sendable, CaseIterable {
    case right, left, up, down
}

/// The screen edges (`UIRectEdge`).
public enum ScreenEdge: String, Sendable, CaseIterable {
    case top, left, bottom, right
}

/// A named unistroke template for the `template` kind.
public struct StrokeTemplate: Hashable, Sendable {
    /// The template's name, reported in records.
    public var name: String
    /// The stroke's points in drawing order.
    public var points: [Point]

    /// Creates a template.
    public init(name: String, points: [Point]) {
        self.name = name
        self.points = points
    }
}

/// The kind of a recognizer and its kind-specific UIKit properties.
public enum RecognizerKind: Hashable, Sendable {
    /// `UITapGestureRecognizer`.
    case tap(numberOfTapsRequired: Int = 1, numberOfTouchesRequired: Int = 1)
    /// `UILongPressGestureRecognizer`.
    case longPress(
        minimumPressDuration: Double = 0.5, allowableMovement: Double = 10,
        numberOfTouchesRequired: Int = 1, numberOfTapsRequired: Int = 0)
    /// `UIPanGestureRecognizer`.
    case pan(minimumNumberOfTouches: Int = 1, maximumNumberOfTouches: Int = Int.max)
    /// `UIScreenEdgePanGestureRecognizer`.
    case screenEdgePan(edges: Set<ScreenEdge>)
    /// `UISwipeGestureRecognizer`.
    case swipe(direction: Set<SwipeDirection> = [.right], numberOfTouchesRequired: Int = 1)
    /// `UIPinchGestureRecognizer`.
    case pinch
    /// `UIRotationGestureRecognizer`.
    case rotation
    /// The checkmark ("V" stroke) recognizer of the iOS textbooks, made robust to real strokes.
    case checkmark
    /// A custom unistroke recognizer matched against templates.
    case template(templates: [StrokeTemplate], minimumScore: Double = 0.8)
    /// A kind a team registered (``RecognizerRegistry``), with the entry's own settings.
    case custom(CustomKind)

    /// The kind's name as scenes and records spell it.
    public var name: String {
        switch self {
        case .tap: return "tap"
        case .longPress: return "longPress"
        case .pan: return "pan"
        case .screenEdgePan: return "screenEdgePan"
        case .swipe: return "swipe"
        case .pinch: return "pinch"
        case .rotation: return "rotation"
        case .checkmark: return "checkmark"
        case .template: return "template"
        case .custom(let kind): return kind.name
        }
    }
}

/// A gesture recognizer of a scene: kind, view, delivery flags, relationships and threshold overrides.
public struct RecognizerDescription: Hashable, Sendable {
    /// Unique among recognizers.
    public var name: String
    /// The kind and its UIKit properties.
    public var kind: RecognizerKind
    /// The name of the view it is attached to.
    public var view: String
    /// A disabled recognizer sees nothing.
    public var enabled: Bool
    /// `cancelsTouchesInView`.
    public var cancelsTouchesInView: Bool
    /// `delaysTouchesBegan`.
    public var delaysTouchesBegan: Bool
    /// `delaysTouchesEnded`.
    public var delaysTouchesEnded: Bool
    /// `require(toFail:)` for each named recognizer.
    public var requireToFail: [String]
    /// Names (or `"*"`) for which the delegate allows simultaneous recognition.
    public var simultaneousWith: [String]
    /// The delegate's `gestureRecognizerShouldBegin` answer.
    public var shouldBegin: Bool
    /// The delegate's `shouldReceiveTouch` rule.
    public var shouldReceiveTouch: TouchFilter
    /// The `canPrevent(_:)` override.
    public var canPrevent: RecognizerSelection
    /// The `canBePrevented(by:)` override.
    public var canBePreventedBy: RecognizerSelection
    /// Overrides of the engine's unpublished constants, by name (see `Thresholds`).
    public var thresholds: [String: Double]
    /// A registered delegate (`"delegate"`), which then answers instead of the `simultaneousWith`,
    /// `shouldBegin` and `shouldReceiveTouch` keys.
    public var delegate: RegisteredDelegate?
    /// The keys the scene file gave for the recognizer, or nil for a description made in code. A
    /// recognizer of a registered kind takes only the flags named here (`enabled`,
    /// `cancelsTouchesInView`, `delaysTouchesBegan`, `delaysTouchesEnded`): the rest keep what its
    /// `init` set. Not part of the description's value (equality and hashing ignore it).
    public var givenKeys: Set<String>? {
        get { given.keys }
        set { given.keys = newValue }
    }
    private var given = GivenKeys()

    /// Creates a recognizer with UIKit's defaults.
    public init(name: String, kind: RecognizerKind, view: String) {
        self.name = name
        self.kind = kind
        self.view = view
        enabled = true
        cancelsTouchesInView = true
        delaysTouchesBegan = false
        delaysTouchesEnded = true
        requireToFail = []
        simultaneousWith = []
        shouldBegin = true
        shouldReceiveTouch = .all
        canPrevent = .all
        canBePreventedBy = .all
        thresholds = [:]
        delegate = nil
    }
}

/// The app side of a simulation: views, controllers, first responder and recognizers.
public struct SceneDescription: Hashable, Sendable {
    /// The window's root views, back to front.
    public var views: [ViewDescription]
    /// View controllers.
    public var controllers: [ControllerDescription]
    /// The responder that receives motion and remote-control events first.
    public var firstResponder: String?
    /// Recognizers in the order they were added.
    public var recognizers: [RecognizerDescription]
    /// The velocity estimator for pan, screen-edge pan, pinch and rotation.
    public var velocityEstimator: VelocityEstimatorKind
    /// A registered screen built in code, which the engine runs in place of the views, controllers
    /// and recognizers here (empty for such a scene).
    public var screen: RegisteredScreen?

    /// Creates a scene.
    public init(
        views: [ViewDescription], controllers: [ControllerDescription] = [], firstResponder: String? = nil,
        recognizers: [RecognizerDescription] = [], velocityEstimator: VelocityEstimatorKind = .uikit
    ) {
        self.views = views
        self.controllers = controllers
        self.firstResponder = firstResponder
        self.recognizers = recognizers
        self.velocityEstimator = velocityEstimator
    }
}

extension SceneDescription {
    /// The names of the scroll views' own recognizers, in view order: `NAME.pan` for every scroll
    /// view and `NAME.pinch` for one that zooms (its minimum and maximum zoom scales differ), as
    /// ``ScrollView`` names them.
    public var scrollViewRecognizerNames: [String] {
        var names: [String] = []
        func visit(_ view: ViewDescription) {
            if let scroll = view.scrollView {
                names.append(view.name + ".pan")
                if scroll.minimumZoomScale != scroll.maximumZoomScale { names.append(view.name + ".pinch") }
            }
            for child in view.children { visit(child) }
        }
        for view in views { visit(view) }
        return names
    }

    /// The scene of a registered screen built in code.
    public init(screen: RegisteredScreen) {
        self.init(views: [])
        self.screen = screen
    }
}

/// The keys a scene file gave for an entry: how it was written, not what it says, so two
/// descriptions that say the same are equal whichever keys spelled them.
struct GivenKeys: Hashable, Sendable {
    var keys: Set<String>?
    static func == (a: GivenKeys, b: GivenKeys) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
