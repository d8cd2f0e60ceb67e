import GestureKit

/// The control and scroll-view keys of a view (scene-format.md, "Controls and scroll views"),
/// written where they differ from the defaults the decoder gives.
extension SceneFileWriter {
    static func writeControl(_ control: ControlDescription, to json: inout JSONWriter) {
        json.member("control", control.kind.rawValue)
        if !control.enabled { flag("enabled", false, &json) }
        let defaults = ControlDescription(kind: control.kind)
        switch control.kind {
        case .slider, .stepper:
            number("minimumValue", control.minimumValue, &json)
            number("maximumValue", control.maximumValue, &json)
            number("value", control.value, &json)
            if control.continuous != defaults.continuous { flag("continuous", control.continuous, &json) }
            if control.kind == .stepper {
                number("stepValue", control.stepValue, &json)
                if control.autorepeat != defaults.autorepeat { flag("autorepeat", control.autorepeat, &json) }
                if control.wraps != defaults.wraps { flag("wraps", control.wraps, &json) }
            }
        case .switch:
            if control.on { flag("on", true, &json) }
        case .segmentedControl:
            json.member("segments", control.segments)
            json.member("selectedSegmentIndex", control.selectedSegmentIndex)
        case .pageControl:
            json.member("numberOfPages", control.numberOfPages)
            json.member("currentPage", control.currentPage)
        case .button, .control:
            break
        }
    }

    static func writeScrollView(_ scrollView: ScrollViewDescription, to json: inout JSONWriter) {
        let defaults = ScrollViewDescription()
        json.key("scrollView")
        json.beginObject(inline: true)
        json.key("contentSize")
        pair(scrollView.contentSize.width, scrollView.contentSize.height, &json)
        if scrollView.contentOffset != defaults.contentOffset {
            json.key("contentOffset")
            pair(scrollView.contentOffset.x, scrollView.contentOffset.y, &json)
        }
        if scrollView.contentInset != defaults.contentInset {
            let inset = scrollView.contentInset
            json.key("contentInset")
            json.beginArray(inline: true)
            for value in [inset.top, inset.left, inset.bottom, inset.right] { json.number(value) }
            json.endArray()
        }
        let flags: [(String, KeyPath<ScrollViewDescription, Bool>)] = [
            ("scrollEnabled", \.scrollEnabled), ("pagingEnabled", \.pagingEnabled), ("directionalLockEnabled", \.directionalLockEnabled),
            ("bounces", \.bounces), ("alwaysBounceVertical", \.alwaysBounceVertical), ("alwaysBounceHorizontal", \.alwaysBounceHorizontal),
            ("delaysContentTouches", \.delaysContentTouches), ("canCancelContentTouches", \.canCancelContentTouches),
            ("touchesShouldCancelInControls", \.touchesShouldCancelInControls),
        ]
        for (key, path) in flags where scrollView[keyPath: path] != defaults[keyPath: path] {
            flag(key, scrollView[keyPath: path], &json)
        }
        let numbers: [(String, KeyPath<ScrollViewDescription, Double>)] = [
            ("decelerationRate", \.decelerationRate), ("scrollFrameRate", \.scrollFrameRate),
            ("minimumZoomScale", \.minimumZoomScale), ("maximumZoomScale", \.maximumZoomScale),
        ]
        for (key, path) in numbers where scrollView[keyPath: path] != defaults[keyPath: path] {
            number(key, scrollView[keyPath: path], &json)
        }
        json.endObject()
    }

    private static func number(_ key: String, _ value: Double, _ json: inout JSONWriter) {
        json.key(key)
        json.number(value)
    }

    private static func pair(_ a: Double, _ b: Double, _ json: inout JSONWriter) {
        json.beginArray(inline: true)
        json.number(a)
        json.number(b)
        json.endArray()
    }
}
