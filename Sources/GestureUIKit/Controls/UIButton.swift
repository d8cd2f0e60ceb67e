import Foundation
import GestureKit

/// UIKit's `UIButton`: a control that sends `touchUpInside` and `primaryActionTriggered` when a
/// tap ends inside it (the engine's button).
@preconcurrency @MainActor
open class UIButton: UIControl {
    override class var controlKind: ControlKind { .button }

    /// The kinds of button (`UIButton.ButtonType`); all behave alike for touches.
    public enum ButtonType: Int, Sendable {
        case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd, plain, close
        /// The same as ``system``.
        public static var roundedRect: ButtonType { .system }
    }

    /// The button's type.
    open private(set) var buttonType: ButtonType = .custom
    private var titles: [UInt: String] = [:]



    /// A button of `buttonType`, with a zero frame.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
    }

    /// A system button whose primary action is `primaryAction`.
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }


    /// Sets the title for `state`.
    open func setTitle(_ title: String?, for state: State) { titles[state.rawValue] = title }

    /// The title for `state`, or the normal one.
    open func title(for state: State) -> String? { titles[state.rawValue] ?? titles[State.normal.rawValue] }

    /// The title for the current state.
    open var currentTitle: String? { title(for: state) }
}
