// The UIKit side of GestureRecorder: copies numbers out of UIKit objects into the snapshots of the
// platform-independent core, and nothing else.
//
// NEVER BUILT AGAINST UIKIT: the project's machines are Linux, where UIKit does not exist, so this
// file is skipped by `#if canImport(UIKit)`. scripts/typecheck-uikit-adapter.sh type-checks it against
// a stub of the UIKit declarations it uses (Tests/Fixtures/uikit-stub), which catches typos, not
// behaviour. It is kept small and obvious on purpose; docs/recording-on-ios.md says so. Everything it
// calls is tested on Linux.
#if canImport(UIKit)
import GestureKit
import UIKit

/// A window that records every touch and shake it receives, what its gesture recognizers decide,
/// and its scene. Use it as the app's window in debug builds:
///
/// ```swift
/// #if DEBUG
/// window = GestureRecorderWindow(windowScene: scene)
/// #endif
/// // … once the window has its views:
/// (window as? GestureRecorderWindow)?.startRecording(to: FileManager.default.temporaryDirectory)
/// ```
///
/// `startRecording(to:)` writes `session.jsonl` (the trace), `app-scene.json` (the scene, exported
/// at that moment) and `session.jsonl.expected.jsonl` (UIKit's transitions) into the directory.
@MainActor
public final class GestureRecorderWindow: UIWindow {
    private var trace: TraceRecorder?
    private var transitions: TransitionRecorder?
    private var observer: RecognizerObserver?
    private var eventTimestamp: TimeInterval?

    /// Starts recording into `directory`; a recording already running is finished first.
    public func startRecording(to directory: URL) {
        stopRecording()
        let export = SceneExport(roots: subviews.map(Self.viewSnapshot))
        try? export.json.write(to: directory.appendingPathComponent("app-scene.json"), atomically: true, encoding: .utf8)
        let trace = TraceRecorder(
            screen: Size(width: Double(bounds.width), height: Double(bounds.height)), scene: "app-scene.json",
            sink: FileSink(path: directory.appendingPathComponent("session.jsonl").path))
        let transitions = TransitionRecorder(
            export: export, trace: trace, sink: FileSink(path: directory.appendingPathComponent("session.jsonl.expected.jsonl").path))
        let observer = RecognizerObserver { [weak self] recognizer in self?.observe(recognizer) }
        Self.forEachRecognizer(in: self) { $0.addTarget(observer, action: #selector(RecognizerObserver.fired(_:))) }
        self.trace = trace
        self.transitions = transitions
        self.observer = observer
    }

    /// Stops recording, writes what is left and closes the files.
    public func stopRecording() {
        if let observer {
            Self.forEachRecognizer(in: self) { $0.removeTarget(observer, action: #selector(RecognizerObserver.fired(_:))) }
        }
        trace?.finish()
        transitions?.finish()
        trace = nil
        transitions = nil
        observer = nil
    }

    public override func sendEvent(_ event: UIEvent) {
        if let trace, event.type == .touches, let touches = event.allTouches {
            trace.record(timestamp: event.timestamp, touches: touches.map(Self.touchSnapshot))
        }
        eventTimestamp = event.timestamp
        super.sendEvent(event)
        eventTimestamp = nil
    }

    public override func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if motion == .motionShake { trace?.recordMotion(timestamp: event?.timestamp ?? ProcessInfo.processInfo.systemUptime, phase: .began) }
        super.motionBegan(motion, with: event)
    }

    public override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if motion == .motionShake { trace?.recordMotion(timestamp: event?.timestamp ?? ProcessInfo.processInfo.systemUptime, phase: .ended) }
        super.motionEnded(motion, with: event)
    }

    public override func motionCancelled(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if motion == .motionShake { trace?.recordMotion(timestamp: event?.timestamp ?? ProcessInfo.processInfo.systemUptime, phase: .cancelled) }
        super.motionCancelled(motion, with: event)
    }

    // MARK: Copying values

    private func observe(_ recognizer: UIGestureRecognizer) {
        guard let transitions else { return }
        let discrete = recognizer is UITapGestureRecognizer || recognizer is UISwipeGestureRecognizer
        let state: String
        switch recognizer.state {
        case .began: state = "began"
        case .changed: state = "changed"
        case .ended: state = discrete ? "recognized" : "ended"
        case .cancelled: state = "cancelled"
        case .failed: state = "failed"
        default: return
        }
        var snapshot = TransitionSnapshot(identity: Self.identity(recognizer), state: state)
        let view = recognizer.view
        snapshot.location = Self.point(recognizer.location(in: view))
        snapshot.touches = recognizer.numberOfTouches
        if let pan = recognizer as? UIPanGestureRecognizer {
            snapshot.translation = Self.point(pan.translation(in: view))
            snapshot.velocity = Self.point(pan.velocity(in: view))
        } else if let pinch = recognizer as? UIPinchGestureRecognizer {
            snapshot.scale = Double(pinch.scale)
            snapshot.scalarVelocity = Double(pinch.velocity)
        } else if let rotation = recognizer as? UIRotationGestureRecognizer {
            snapshot.rotation = Double(rotation.rotation)
            snapshot.scalarVelocity = Double(rotation.velocity)
        } else if let tap = recognizer as? UITapGestureRecognizer {
            snapshot.taps = tap.numberOfTapsRequired
        }
        transitions.record(timestamp: eventTimestamp ?? ProcessInfo.processInfo.systemUptime, snapshot)
    }

    private static func touchSnapshot(_ touch: UITouch) -> TouchSnapshot {
        let phase: TouchPhase
        switch touch.phase {
        case .began: phase = .began
        case .moved: phase = .moved
        case .ended: phase = .ended
        case .cancelled: phase = .cancelled
        default: phase = .stationary
        }
        return TouchSnapshot(
            identity: identity(touch), phase: phase, location: point(touch.location(in: nil)),
            force: touch.maximumPossibleForce > 0 ? Double(touch.force) : nil, radius: Double(touch.majorRadius))
    }

    private static func viewSnapshot(_ view: UIView) -> ViewSnapshot {
        var snapshot = ViewSnapshot(identity: identity(view), name: view.accessibilityIdentifier, frame: rect(view.frame))
        snapshot.isHidden = view.isHidden
        snapshot.alpha = Double(view.alpha)
        snapshot.isUserInteractionEnabled = view.isUserInteractionEnabled
        snapshot.isMultipleTouchEnabled = view.isMultipleTouchEnabled
        snapshot.isExclusiveTouch = view.isExclusiveTouch
        snapshot.clipsToBounds = view.clipsToBounds
        snapshot.recognizers = (view.gestureRecognizers ?? []).map(recognizerSnapshot)
        snapshot.children = view.subviews.map(viewSnapshot)
        return snapshot
    }

    private static func recognizerSnapshot(_ recognizer: UIGestureRecognizer) -> RecognizerSnapshot {
        var s = RecognizerSnapshot(identity: identity(recognizer), name: recognizer.name, kind: kind(of: recognizer))
        s.isEnabled = recognizer.isEnabled
        s.cancelsTouchesInView = recognizer.cancelsTouchesInView
        s.delaysTouchesBegan = recognizer.delaysTouchesBegan
        s.delaysTouchesEnded = recognizer.delaysTouchesEnded
        if let tap = recognizer as? UITapGestureRecognizer {
            s.numberOfTapsRequired = tap.numberOfTapsRequired
            s.numberOfTouchesRequired = tap.numberOfTouchesRequired
        } else if let press = recognizer as? UILongPressGestureRecognizer {
            s.numberOfTapsRequired = press.numberOfTapsRequired
            s.numberOfTouchesRequired = press.numberOfTouchesRequired
            s.minimumPressDuration = press.minimumPressDuration
            s.allowableMovement = Double(press.allowableMovement)
        } else if let edge = recognizer as? UIScreenEdgePanGestureRecognizer {
            s.edges = [(UIRectEdge.top, "top"), (.left, "left"), (.bottom, "bottom"), (.right, "right")]
                .filter { edge.edges.contains($0.0) }.map(\.1)
        } else if let pan = recognizer as? UIPanGestureRecognizer {
            s.minimumNumberOfTouches = pan.minimumNumberOfTouches
            s.maximumNumberOfTouches = pan.maximumNumberOfTouches == Int.max ? nil : pan.maximumNumberOfTouches
        } else if let swipe = recognizer as? UISwipeGestureRecognizer {
            s.direction = [(UISwipeGestureRecognizer.Direction.right, "right"), (.left, "left"), (.up, "up"), (.down, "down")]
                .filter { swipe.direction.contains($0.0) }.map(\.1)
            s.numberOfTouchesRequired = swipe.numberOfTouchesRequired
        }
        return s
    }

    /// The scene kind of a UIKit class; the class name for any other class (the app's own).
    private static func kind(of recognizer: UIGestureRecognizer) -> String {
        let recognizerClass: AnyClass = Swift.type(of: recognizer)
        let kinds: [(AnyClass, String)] = [
            (UITapGestureRecognizer.self, "tap"), (UILongPressGestureRecognizer.self, "longPress"),
            (UIPanGestureRecognizer.self, "pan"), (UIScreenEdgePanGestureRecognizer.self, "screenEdgePan"),
            (UISwipeGestureRecognizer.self, "swipe"), (UIPinchGestureRecognizer.self, "pinch"),
            (UIRotationGestureRecognizer.self, "rotation"),
        ]
        return kinds.first { $0.0 == recognizerClass }?.1 ?? String(describing: recognizerClass)
    }

    private static func forEachRecognizer(in view: UIView, _ body: (UIGestureRecognizer) -> Void) {
        for recognizer in view.gestureRecognizers ?? [] { body(recognizer) }
        for subview in view.subviews { forEachRecognizer(in: subview, body) }
    }

    private static func identity(_ object: AnyObject) -> UInt { UInt(bitPattern: ObjectIdentifier(object).hashValue) }
    private static func point(_ p: CGPoint) -> Point { Point(x: Double(p.x), y: Double(p.y)) }
    private static func rect(_ r: CGRect) -> Rect {
        Rect(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height))
    }
}

/// The target of every observed recognizer's action.
@MainActor
private final class RecognizerObserver: NSObject {
    private let handler: (UIGestureRecognizer) -> Void

    init(_ handler: @escaping (UIGestureRecognizer) -> Void) { self.handler = handler }

    @objc func fired(_ recognizer: UIGestureRecognizer) { handler(recognizer) }
}
#endif
