import Foundation
import GestureKit

/// UIKit's `UISegmentedControl`: a tap ending in a segment selects it and sends `valueChanged`
/// (the engine's segmented control; segments of equal widths across the frame).
@preconcurrency @MainActor
open class UISegmentedControl: UIControl {
    override class var controlKind: ControlKind { .segmentedControl }

    /// `UISegmentedControl.noSegment`: no segment selected.
    public static let noSegment = -1
    private var titles: [String?] = []

    /// A segmented control with no segments (a scene's keeps its segments, untitled).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        if isSceneView {
            titles = Array(repeating: nil, count: controlCore.segments)
        } else {
            segmentsChanged()
        }
    }

    /// Controls are not archived here: this returns nil.
    public required init?(coder: NSCoder) { return nil }

    /// A segmented control with one segment per item (titles given as strings).
    public init(items: [Any]?) {
        super.init(frame: .zero)
        titles = (items ?? []).map { $0 as? String }
        segmentsChanged()
    }

    private func segmentsChanged() {
        controlCore.segments = max(1, titles.count)
        if controlCore.selectedSegmentIndex >= titles.count { controlCore.selectedSegmentIndex = UISegmentedControl.noSegment }
    }

    /// The number of segments.
    open var numberOfSegments: Int { titles.count }

    /// The selected segment, or ``noSegment``.
    open var selectedSegmentIndex: Int {
        get { controlCore.selectedSegmentIndex }
        set { controlCore.selectedSegmentIndex = titles.indices.contains(newValue) ? newValue : UISegmentedControl.noSegment }
    }

    /// Whether a selection lasts only while touched (kept, without effect).
    open var isMomentary = false

    /// Inserts a segment titled `title` at `segment` (kept within the segments).
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        titles.insert(title, at: min(max(segment, 0), titles.count))
        segmentsChanged()
    }

    /// Removes the segment at `segment`.
    open func removeSegment(at segment: Int, animated: Bool) {
        guard titles.indices.contains(segment) else { return }
        titles.remove(at: segment)
        segmentsChanged()
    }

    /// Removes every segment.
    open func removeAllSegments() {
        titles = []
        segmentsChanged()
    }

    /// Sets the title of `segment`.
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard titles.indices.contains(segment) else { return }
        titles[segment] = title
    }

    /// The title of `segment`, or nil.
    open func titleForSegment(at segment: Int) -> String? {
        titles.indices.contains(segment) ? titles[segment] : nil
    }
}
