import Foundation
import GestureKit

/// UIKit's `UIPageControl`: a tap ending on its left half goes a page back, on its right half a
/// page on, sending `valueChanged` (the engine's page control).
open class UIPageControl: UIControl {
    /// A page control named "pageControl" with no pages.
    public override init(frame: CGRect) {
        super.init(control: UIControl.makeCore(.pageControl, name: "pageControl", frame: frame))
    }

    /// A page control with a name for records.
    public override init(name: String, frame: CGRect) {
        super.init(control: UIControl.makeCore(.pageControl, name: name, frame: frame))
    }

    /// Views a scene's page control.
    override init(control: Control) {
        super.init(control: control)
    }

    /// The number of pages; the current page stays within them.
    open var numberOfPages: Int {
        get { controlCore.numberOfPages }
        set {
            controlCore.numberOfPages = max(0, newValue)
            currentPage = controlCore.currentPage
        }
    }

    /// The current page, kept within the pages.
    open var currentPage: Int {
        get { controlCore.currentPage }
        set { controlCore.currentPage = min(max(newValue, 0), max(0, controlCore.numberOfPages - 1)) }
    }

    /// Whether the control hides with a single page (kept, without effect).
    open var hidesForSinglePage = false
}
