@_spi(Package) import PresentationInspectorCore

/// The scenario keys of system controllers (docs/SCENARIOS.md "System controllers"): the
/// environment's `iOS` version, a controller's `systemController`, `preferredStyle` and
/// `popoverAnchor`.
extension ScenarioReader {
    /// Reads `"iOS": "17.4"`: a version in the supported range (`UIKitVersions`), never one the
    /// model would silently replace with another.
    func version(_ o: JSONObject, _ k: String) throws(ScenarioError) -> SystemVersion? {
        guard let s = try string(o, k) else { return nil }
        guard let v = SystemVersion(parsing: s) else {
            throw fail(k, "must be an iOS version such as \"17.4\", found \"\(s)\"; the model covers \(UIKitVersions.supportedRangeText)")
        }
        guard v >= UIKitVersions.oldestSupported else {
            throw fail(k, "iOS \(v) is older than the package supports: the model covers \(UIKitVersions.supportedRangeText)")
        }
        return v
    }

    /// Reads `"popoverAnchor"`, checked against the environment's iOS version.
    func popoverAnchor(_ o: JSONObject, _ k: String) throws(ScenarioError) -> PopoverAnchor? {
        guard let s = try string(o, k) else { return nil }
        guard let anchor = PopoverAnchor(rawValue: s) else {
            throw fail(k, "unknown popover anchor \"\(s)\" (expected one of: \(PopoverAnchor.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        if let since = anchor.introducedIn, let version = systemVersion, version < since {
            throw fail(k, "\(anchor.rawValue) arrived with iOS \(since.major); the environment names iOS \(version): use sourceView or barButtonItem")
        }
        return anchor
    }

    /// Reads a controller's `systemController`, `preferredStyle` and `popoverAnchor` into `c`.
    func readSystemController(_ o: JSONObject, into c: inout Scenario.Controller) throws(ScenarioError) {
        if let s = try string(o, "systemController") {
            guard let kind = SystemControllerKind(name: s) else {
                throw fail("systemController", "unknown system controller \"\(s)\" (expected one of: \(SystemControllerKind.allCases.map(\.name).joined(separator: ", ")))")
            }
            c.systemController = kind
        }
        let kind = c.systemController ?? SystemControllerKind(name: c.type)
        if let s = try string(o, "preferredStyle") {
            guard kind == .alertController else {
                throw fail("preferredStyle", "applies only to a UIAlertController (type \"UIAlertController\", or \"systemController\": \"UIAlertController\" for a subclass); \(c.id) is a \(c.type)")
            }
            guard let style = AlertControllerStyle(rawValue: s) else {
                throw fail("preferredStyle", "must be \"alert\" or \"actionSheet\", found \"\(s)\"")
            }
            c.preferredStyle = style
        } else if kind == .alertController {
            throw fail("preferredStyle", "is required for a UIAlertController: \"alert\" or \"actionSheet\"")
        }
        if let anchor = try popoverAnchor(o, "popoverAnchor") {
            if o["hasPopoverAnchor"] != nil { throw fail("popoverAnchor", "give either hasPopoverAnchor or popoverAnchor, not both") }
            c.popoverAnchor = anchor.state
        }
    }
}

/// Which property anchors a popover, as a scenario names it (`"popoverAnchor"`).
enum PopoverAnchor: String, Sendable, CaseIterable {
    /// `sourceView` (with `sourceRect`).
    case sourceView
    /// `sourceItem`, from iOS 16.
    case sourceItem
    /// `barButtonItem`.
    case barButtonItem
    /// No anchor: a popover presentation controller without one.
    case none
    /// Not known: the recording saw no popover presentation controller to read (an action or
    /// share sheet in compact width, where `popoverPresentationController?.…` sets nothing).
    case unknown

    /// The first iOS version that has the property, nil when every modelled version has it.
    var introducedIn: SystemVersion? { self == .sourceItem ? UIKitVersions.sourceItem.rows.first?.since : nil }

    /// What the rules know of the anchor.
    var state: PopoverAnchorState {
        switch self {
        case .sourceView, .sourceItem, .barButtonItem: .anchored
        case .none: .missing
        case .unknown: .unknown
        }
    }
}
