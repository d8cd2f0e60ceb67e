// UIKit makes Foundation's types (CGPoint, CGFloat, TimeInterval, …) available to a file that only
// imports UIKit; GestureUIKit does the same, so the file's import lines are the only change.
@_exported import Foundation
