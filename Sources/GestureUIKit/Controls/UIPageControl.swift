import Foundation
import GestureKit

/// UIKit's `UIPageControl`: a tap ending on its left half goes a page back, on its right half a
/// page on, sending `valueChanged` (the engine's page control).
@preconcurrency @MainActor
open class UIPageControl: UIControl {
    override class var controlKind: ControlKind { .pageControl }




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
