@_spi(Package) import PresentationInspectorCore

extension ReplayBuilder {
    // MARK: Sheets become keys and steps

    /// The sheet a controller has before any key sets it: UIKit's defaults in the replay's version.
    var defaultSheet: SheetState {
        SheetState(prefersPageSizing: UIKitVersions.prefersPageSizingDefault.value(at: version))
    }

    /// Makes the sheet of `id` what `recorded` (an event's `sheet`) configures, its selected detent
    /// too when `selection`: in the controller's declaration while no replayed event has shown its
    /// sheet, else by a `set` step.
    mutating func configureSheet(_ id: String, as recorded: SheetState, selection: Bool, at e: Event) {
        let want = scenarioSafe(recorded.configuration, of: id, at: e)
        let have = sheets[id] ?? defaultSheet
        var changes: [Scenario.Property] = []
        if want.detents != have.detents { changes.append(.detents(want.detents)) }
        if selection, want.selectedDetent != have.selectedDetent { changes.append(.selectedDetent(want.selectedDetent)) }
        if want.largestUndimmedDetent != have.largestUndimmedDetent { changes.append(.largestUndimmedDetent(want.largestUndimmedDetent)) }
        if want.prefersGrabberVisible != have.prefersGrabberVisible { changes.append(.prefersGrabberVisible(want.prefersGrabberVisible)) }
        if want.prefersEdgeAttachedInCompactHeight != have.prefersEdgeAttachedInCompactHeight {
            changes.append(.prefersEdgeAttachedInCompactHeight(want.prefersEdgeAttachedInCompactHeight))
        }
        if let v = want.prefersPageSizing, v != have.prefersPageSizing { changes.append(.prefersPageSizing(v)) }
        var now = want
        if !selection { now.selectedDetent = have.selectedDetent }
        sheets[id] = now
        guard !changes.isEmpty else { return }
        if sheetsShown.contains(id) { steps.append(Scenario.Step(.set(id, changes))) } else { applyToDeclaration(id, changes) }
    }

    /// The `selectDetent` step of a `sheet-detent-changed` event, after the `set` steps that give
    /// the sheet the rest of the configuration the event records.
    mutating func replaySheetDetentChange(_ e: Event) throws(ReplayError) {
        guard let sheet = e.presented else {
            throw ReplayError(seq: e.seq, fact: "presented", message: "a \(e.kind.rawValue) event without its sheet cannot be replayed")
        }
        guard let recorded = e.sheet else {
            throw ReplayError(seq: e.seq, fact: "sheet", message: "a \(e.kind.rawValue) event without its sheet's detents cannot be replayed")
        }
        advance(to: e.time)
        configureSheet(sheet.id, as: recorded, selection: false, at: e)
        let safe = sheets[sheet.id]?.detents ?? defaultSheet.detents
        let detent = recorded.selectedDetent.flatMap { safe.contains($0) ? $0 : nil }
        sheets[sheet.id]?.selectedDetent = detent
        steps.append(Scenario.Step(.selectDetent(detent, in: sheet.id), thread: e.thread))
    }

    /// The configuration `s` with what a scenario cannot say left out, each omission noted on the
    /// controller: detents it may not name (a custom detent before iOS 16, a repeated one), large
    /// before medium, identifiers that are none of its detents (UIKit reads them as none), a
    /// `prefersPageSizing` before iOS 17, and the version's default `prefersPageSizing`.
    private mutating func scenarioSafe(_ s: SheetState, of id: String, at e: Event) -> SheetState {
        var out = s
        var detents: [String] = []
        for d in s.detents where !d.isEmpty && !detents.contains(d) {
            if d != SheetState.medium && d != SheetState.large && UIKitVersions.customDetents.value(at: version) != true {
                note(id, "Event #\(e.seq) records the custom detent \"\(d)\", which iOS \(version) does not have: left out.")
                continue
            }
            detents.append(d)
        }
        if let m = detents.firstIndex(of: SheetState.medium), let l = detents.firstIndex(of: SheetState.large), l < m {
            detents.swapAt(m, l)
            note(id, "Event #\(e.seq) records large before medium; a scenario lists them smallest first.")
        }
        if detents.count > ScenarioReader.maximumDetents { detents = Array(detents.prefix(ScenarioReader.maximumDetents)) }
        out.detents = detents.isEmpty ? [SheetState.large] : detents
        if detents.count != s.detents.count || detents.isEmpty {
            note(id, "Event #\(e.seq) records the detents [\(s.detents.joined(separator: ", "))]; the replay gives it [\(out.detents.joined(separator: ", "))].")
        }
        if let v = out.selectedDetent, !out.detents.contains(v) {
            note(id, "Event #\(e.seq) records the selected detent \"\(v)\", none of its detents (UIKit then rests at the smallest): replayed as none.")
            out.selectedDetent = nil
        }
        if let v = out.largestUndimmedDetent, !out.detents.contains(v) {
            note(id, "Event #\(e.seq) records the largest undimmed detent \"\(v)\", none of its detents (UIKit then dims every detent): replayed as none.")
            out.largestUndimmedDetent = nil
        }
        if UIKitVersions.prefersPageSizing.value(at: version) != true { out.prefersPageSizing = nil }
        if out.prefersPageSizing == nil { out.prefersPageSizing = defaultSheet.prefersPageSizing }
        return out
    }
}
