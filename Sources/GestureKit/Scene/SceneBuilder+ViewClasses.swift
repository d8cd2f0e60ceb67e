/// A scene view of a registered class that is also a scroll view or a control (`"class"` with
/// `"scrollView"` or `"control"`): the class's `init` makes the engine view, and the scene's keys
/// override only what they name, as for a view's flags.
extension SceneBuilder {
    /// Applies the scroll-view or control keys of `description` to `view`, made by its class.
    static func applySettings(of description: ViewDescription, to view: View) throws(SceneError) {
        let className = description.viewClass?.name ?? ""
        if let settings = description.scrollView {
            guard let scrollView = view as? ScrollView else {
                throw SceneError("view \"\(description.name)\" has \"scrollView\" keys, but its class \"\(className)\" is not a UIScrollView")
            }
            scrollView.settings = settings.named(over: scrollView.settings)
            if settings.givenKeys?.contains("contentOffset") ?? true { scrollView.contentOffset = settings.contentOffset }
        }
        if let control = description.control {
            guard let made = view as? Control, made.kind == control.kind else {
                throw SceneError("view \"\(description.name)\" is a \(control.kind.rawValue), but its class \"\(className)\" is not")
            }
            made.apply(control, only: description.givenKeys)
        }
        if !description.thresholds.isEmpty {
            if let scrollView = view as? ScrollView {
                scrollView.thresholds = overriding(scrollView.thresholds, with: description.thresholds)
            } else if let control = view as? Control {
                control.thresholds = overriding(control.thresholds, with: description.thresholds)
            }
        }
    }

    private static func overriding(_ base: ViewThresholds, with overrides: [String: Double]) -> ViewThresholds {
        var thresholds = base
        for (name, value) in overrides { thresholds.set(name, to: value) }
        return thresholds
    }
}

extension ScrollViewDescription {
    /// These settings where the scene named them (all of them for a description made in code),
    /// `base`'s elsewhere.
    func named(over base: ScrollViewDescription) -> ScrollViewDescription {
        guard let given = givenKeys else { return self }
        var result = base
        func take<T>(_ key: String, _ path: WritableKeyPath<ScrollViewDescription, T>) {
            if given.contains(key) { result[keyPath: path] = self[keyPath: path] }
        }
        take("contentSize", \.contentSize)
        take("contentOffset", \.contentOffset)
        take("contentInset", \.contentInset)
        take("scrollEnabled", \.scrollEnabled)
        take("pagingEnabled", \.pagingEnabled)
        take("directionalLockEnabled", \.directionalLockEnabled)
        take("bounces", \.bounces)
        take("alwaysBounceVertical", \.alwaysBounceVertical)
        take("alwaysBounceHorizontal", \.alwaysBounceHorizontal)
        take("decelerationRate", \.decelerationRate)
        take("scrollFrameRate", \.scrollFrameRate)
        take("minimumZoomScale", \.minimumZoomScale)
        take("maximumZoomScale", \.maximumZoomScale)
        take("delaysContentTouches", \.delaysContentTouches)
        take("canCancelContentTouches", \.canCancelContentTouches)
        take("touchesShouldCancelInControls", \.touchesShouldCancelInControls)
        return result
    }
}

extension Control {
    /// Takes the values of `description` the scene named (`given`, the view's keys; every value for
    /// a description made in code).
    func apply(_ description: ControlDescription, only given: Set<String>?) {
        func named(_ key: String) -> Bool { given?.contains(key) ?? true }
        if named("enabled") { isEnabled = description.enabled }
        if named("minimumValue") { setMinimumValue(description.minimumValue) }
        if named("maximumValue") { setMaximumValue(max(minimumValue, description.maximumValue)) }
        if named("value") { setValue(description.value) }
        if named("continuous") { isContinuous = description.continuous }
        if named("stepValue") { stepValue = description.stepValue }
        if named("autorepeat") { autorepeat = description.autorepeat }
        if named("wraps") { wraps = description.wraps }
        if named("on") { isOn = description.on }
        if named("segments") { segments = max(1, description.segments) }
        if named("selectedSegmentIndex") { selectedSegmentIndex = description.selectedSegmentIndex }
        if named("numberOfPages") { numberOfPages = max(0, description.numberOfPages) }
        if named("currentPage") { currentPage = description.currentPage }
    }
}
