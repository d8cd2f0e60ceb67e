#if canImport(UIKit)
import UIKit
#else
import GestureUIKit
#endif

/// A sheet over the screen with a list inside it, as a maps or music app has: dragging the sheet
/// down moves it, but only while the list is scrolled to its top; otherwise the drag scrolls the list.
///
/// This file is the app's own. Only the import lines and the action line (`#selector` needs the
/// Objective-C runtime) differ between the app and Linux.
public final class SheetViewController: UIViewController {
    /// The sheet, 300 points from the top of the screen.
    public let sheetView = UIView(frame: CGRect(x: 0, y: 300, width: 390, height: 544))
    /// The list inside the sheet, below its 24-point grabber: 40 rows of 56 points.
    public let listView = UIScrollView(frame: CGRect(x: 0, y: 24, width: 390, height: 520))
    /// Drags the sheet.
    public let sheetPan = UIPanGestureRecognizer()
    /// Where the sheet rests.
    public private(set) var restingY: CGFloat = 300
    /// The sheet's position during a drag, for the app to lay out.
    public private(set) var sheetY: CGFloat = 300

    public override func loadView() {
        view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        view.accessibilityIdentifier = "screen"
        sheetView.accessibilityIdentifier = "sheet"
        listView.accessibilityIdentifier = "list"
        listView.contentSize = CGSize(width: 390, height: 40 * 56)
        view.addSubview(sheetView)
        sheetView.addSubview(listView)
        sheetPan.name = "sheetPan"
        sheetPan.delegate = self
        #if canImport(UIKit)
        sheetPan.addTarget(self, action: #selector(handleSheetPan(_:)))
        #else
        sheetPan.addAction { [unowned self] recognizer in
            if let pan = recognizer as? UIPanGestureRecognizer { handleSheetPan(pan) }
        }
        #endif
        sheetView.addGestureRecognizer(sheetPan)
    }

    #if canImport(ObjectiveC)
    @objc
    #endif
    func handleSheetPan(_ pan: UIPanGestureRecognizer) {
        let translation = pan.translation(in: view)
        switch pan.state {
        case .began, .changed:
            sheetY = max(restingY, restingY + translation.y)
            // The list stays at its top while the sheet moves.
            listView.contentOffset = .zero
        case .ended, .cancelled:
            sheetY = restingY
        default:
            break
        }
    }

    /// A window showing the controller, as the app's scene delegate makes it.
    public static func makeWindow() -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = SheetViewController()
        window.makeKeyAndVisible()
        return window
    }
}

extension SheetViewController: UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === sheetPan else { return true }
        let velocity = sheetPan.velocity(in: view)
        let downwards = velocity.y > 0 && abs(velocity.y) > abs(velocity.x)
        return downwards && listView.contentOffset.y <= 0
    }

    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        gestureRecognizer === sheetPan && otherGestureRecognizer === listView.panGestureRecognizer
    }
}
