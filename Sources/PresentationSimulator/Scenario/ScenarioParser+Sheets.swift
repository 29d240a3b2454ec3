@_spi(Package) import PresentationInspectorCore

/// The scenario keys of sheets (docs/SCENARIOS.md "Sheets"): a controller's `detents`,
/// `selectedDetent`, `largestUndimmedDetent`, `prefersGrabberVisible`,
/// `prefersEdgeAttachedInCompactHeight` and `prefersPageSizing`, the same keys in `set` steps, and
/// the `selectDetent` step. Every detent a key names is checked against the sheet's detents as the
/// steps before it leave them (``ScenarioReader/detentsOf``).
extension ScenarioReader {
    static let sheetKeys: Set<String> = [
        "detents", "selectedDetent", "largestUndimmedDetent", "prefersGrabberVisible", "prefersEdgeAttachedInCompactHeight",
        "prefersPageSizing",
    ]
    /// The most detents one sheet may list: far beyond any real sheet.
    static let maximumDetents = 100

    /// Reads `"detents": ["medium", "large"]`: at least one identifier ("This array must have at
    /// least one element", UISheetPresentationController.h), each once, custom ones only where the
    /// environment's iOS has them (``UIKitVersions/customDetents``), medium before large ("Detents
    /// must be specified in order from smallest to largest height").
    func detents(_ o: JSONObject, _ k: String) throws(ScenarioError) -> [String]? {
        guard let v = o[k] else { return nil }
        guard let a = v.arrayValue else { throw fail(k, "must be an array of detent identifiers (\"medium\", \"large\" or a custom detent's), found \(v.typeDescription)") }
        guard !a.isEmpty else { throw fail(k, "must name at least one detent: a sheet's detents \"must have at least one element\" (UISheetPresentationController.h)") }
        guard a.count <= Self.maximumDetents else { throw fail(k, "names \(a.count) detents; at most \(Self.maximumDetents) are supported") }
        let version = UIKitVersions.rulesVersion(for: systemVersion)
        var out: [String] = []
        for (i, item) in a.enumerated() {
            let at: [JSONParser.PathComponent] = [.key(k), .index(i)]
            guard let s = item.stringValue, !s.isEmpty else { throw fail(k, "must contain detent identifiers (non-empty strings), found \(item.typeDescription)", at: at) }
            guard !out.contains(s) else { throw fail(k, "names the detent \"\(s)\" twice: each detent of a sheet is named once", at: at) }
            if s != SheetState.medium && s != SheetState.large && UIKitVersions.customDetents.value(at: version) != true {
                throw fail(k, "\"\(s)\" is a custom detent, and custom detents exist from iOS 16; the environment names iOS \(version): use \"medium\" and \"large\"", at: at)
            }
            out.append(s)
        }
        if let m = out.firstIndex(of: SheetState.medium), let l = out.firstIndex(of: SheetState.large), l < m {
            throw fail(k, "lists large before medium: detents run \"from smallest to largest height\" (UISheetPresentationController.h)")
        }
        return out
    }

    /// Reads a detent identifier (`selectedDetent`, `largestUndimmedDetent`, a `selectDetent` step's
    /// value), one of `detents`; `.some(nil)` for `null` where `nullable`, nil when absent.
    func detent(_ o: JSONObject, _ k: String, among detents: [String], of owner: String, nullable: Bool) throws(ScenarioError) -> String?? {
        guard let v = o[k] else { return nil }
        if v == .null {
            guard nullable else { throw fail(k, "must be a detent identifier, found null") }
            return .some(nil)
        }
        guard let s = v.stringValue, !s.isEmpty else {
            throw fail(k, "must be a detent identifier (a non-empty string)\(nullable ? " or null" : ""), found \(v.typeDescription)")
        }
        guard detents.contains(s) else {
            throw fail(k, "unknown detent \"\(s)\": \(owner)'s sheet has the detents \(detents.joined(separator: ", "))")
        }
        return .some(s)
    }

    /// Reads `prefersPageSizing`, which exists from iOS 17 (``UIKitVersions/prefersPageSizing``).
    func prefersPageSizing(_ o: JSONObject, _ k: String) throws(ScenarioError) -> Bool? {
        guard let v = try bool(o, k) else { return nil }
        let version = UIKitVersions.rulesVersion(for: systemVersion)
        guard UIKitVersions.prefersPageSizing.value(at: version) == true else {
            throw fail(k, "prefersPageSizing exists from iOS 17; the environment names iOS \(version)")
        }
        return v
    }

    /// The detents the sheet of `id` has at this point of the file (UIKit's default, `[large]`).
    func currentDetents(of id: String) -> [String] { detentsOf[id] ?? [SheetState.large] }

    /// Reads a controller's sheet keys into `c`.
    mutating func readSheetKeys(_ o: JSONObject, into c: inout Scenario.Controller) throws(ScenarioError) {
        c.detents = try detents(o, "detents")
        let known = c.detents ?? [SheetState.large]
        detentsOf[c.id] = known
        c.selectedDetent = try detent(o, "selectedDetent", among: known, of: c.id, nullable: false) ?? nil
        c.largestUndimmedDetent = try detent(o, "largestUndimmedDetent", among: known, of: c.id, nullable: false) ?? nil
        c.prefersGrabberVisible = try bool(o, "prefersGrabberVisible")
        c.prefersEdgeAttachedInCompactHeight = try bool(o, "prefersEdgeAttachedInCompactHeight")
        c.prefersPageSizing = try prefersPageSizing(o, "prefersPageSizing")
    }

    /// A `set` step's sheet keys, `detents` first: the identifiers the step names are checked
    /// against the detents it leaves. `target` is the step's controller id, when it is a known one.
    mutating func sheetProperties(_ o: JSONObject, target: String?) throws(ScenarioError) -> [Scenario.Property] {
        guard o.keys.contains(where: Self.sheetKeys.contains) else { return [] }
        let owner = target ?? "the controller"
        var props: [Scenario.Property] = []
        var known = target.map(currentDetents(of:)) ?? [SheetState.large]
        if let v = try detents(o, "detents") {
            props.append(.detents(v))
            known = v
            if let target { detentsOf[target] = v }
        }
        if let v = try detent(o, "selectedDetent", among: known, of: owner, nullable: true) { props.append(.selectedDetent(v)) }
        if let v = try detent(o, "largestUndimmedDetent", among: known, of: owner, nullable: true) { props.append(.largestUndimmedDetent(v)) }
        if let v = try bool(o, "prefersGrabberVisible") { props.append(.prefersGrabberVisible(v)) }
        if let v = try bool(o, "prefersEdgeAttachedInCompactHeight") { props.append(.prefersEdgeAttachedInCompactHeight(v)) }
        if let v = try prefersPageSizing(o, "prefersPageSizing") { props.append(.prefersPageSizing(v)) }
        return props
    }

    /// `{ "selectDetent": "large", "in": "drawer" }` (or `null`: the smallest), its detent one of
    /// the sheet's at this point of the file.
    func selectDetent(_ o: JSONObject, sheet: String) throws(ScenarioError) -> Scenario.Action {
        guard let detent = try detent(o, "selectDetent", among: currentDetents(of: sheet), of: sheet, nullable: true) else {
            throw fail("selectDetent", "is required")
        }
        return .selectDetent(detent, in: sheet)
    }
}
