@_spi(Package) import PresentationInspectorCore

extension ReplayBuilder {
    // MARK: Sheets become keys and steps

    /// The sheet a controller has before any key sets it: UIKit's defaults in the replay's version.
    var defaultSheet: SheetState {
        SheetState(prefersPageSizing: UIKitVersions.prefersPageSizingDefault.value(at: version))
    }

    /// Makes the sheet of `id` what `recorded` (an event's `sheet`) configures, its selected detent
    /// too when `selection`: in the controller's declaration while no replayed event has shown its
    /// sheet, else by a `set` step. A selected or undimmed identifier none of the detents (UIKit keeps
    /// it when the app changes the detents afterwards) is set while the detents hold it, and the
    /// detents are set after, as the app did: a scenario names only identifiers among the detents.
    mutating func configureSheet(_ id: String, as recorded: SheetState, selection: Bool, at e: Event) {
        var want = scenarioSafe(recorded.configuration, of: id, at: e)
        let have = sheets[id] ?? defaultSheet
        if !selection { want.selectedDetent = have.selectedDetent }
        let strays = [want.selectedDetent, want.largestUndimmedDetent].compactMap { $0 }.filter { !want.detents.contains($0) }
        var staged = want
        for d in strays where !staged.detents.contains(d) { staged.detents.append(d) }
        if let m = staged.detents.firstIndex(of: SheetState.medium), let l = staged.detents.firstIndex(of: SheetState.large), l < m {
            staged.detents.swapAt(m, l)
        }
        apply(changes(from: have, to: staged), to: id)
        if staged.detents != want.detents {
            steps.append(Scenario.Step(.set(id, [.detents(want.detents)])))
            sheetsShown.insert(id)  // its declaration holds the staged detents: later changes are steps
        }
        sheets[id] = want
    }

    /// The steps that make the sheet of `id` what the kept end of a present the ring dropped
    /// recorded (a sheet there changed during the transition): made after the rebuilt present,
    /// before its end, so that the end shows the change again.
    mutating func rebuiltSheetSteps(_ id: String, endingAs recorded: SheetState, at e: Event) -> [Scenario.Step] {
        sheetsShown.insert(id)
        let before = steps.count
        configureSheet(id, as: recorded, selection: true, at: e)
        defer { steps.removeSubrange(before...) }
        return Array(steps[before...])
    }

    /// The keys that make `have` into `want`.
    private func changes(from have: SheetState, to want: SheetState) -> [Scenario.Property] {
        var out: [Scenario.Property] = []
        if want.detents != have.detents { out.append(.detents(want.detents)) }
        if want.selectedDetent != have.selectedDetent { out.append(.selectedDetent(want.selectedDetent)) }
        if want.largestUndimmedDetent != have.largestUndimmedDetent { out.append(.largestUndimmedDetent(want.largestUndimmedDetent)) }
        if want.prefersGrabberVisible != have.prefersGrabberVisible { out.append(.prefersGrabberVisible(want.prefersGrabberVisible)) }
        if want.prefersEdgeAttachedInCompactHeight != have.prefersEdgeAttachedInCompactHeight {
            out.append(.prefersEdgeAttachedInCompactHeight(want.prefersEdgeAttachedInCompactHeight))
        }
        if let v = want.prefersPageSizing, v != have.prefersPageSizing { out.append(.prefersPageSizing(v)) }
        return out
    }

    /// `changes` in the declaration while nothing has shown the sheet, else as a `set` step.
    private mutating func apply(_ changes: [Scenario.Property], to id: String) {
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
        // A step names one of the sheet's detents; UIKit's "not found" reads as the smallest, as nil does.
        let detents = sheets[sheet.id]?.detents ?? defaultSheet.detents
        let detent = recorded.selectedDetent.flatMap { detents.contains($0) ? $0 : nil }
        if let stray = recorded.selectedDetent, detent == nil {
            note(sheet.id, "Event #\(e.seq) records the selected detent \"\(stray)\", none of its detents (UIKit then rests at the smallest): its selectDetent step names none.")
        }
        sheets[sheet.id]?.selectedDetent = detent
        steps.append(Scenario.Step(.selectDetent(detent, in: sheet.id), thread: e.thread))
    }

    /// The configuration `s` with what a scenario cannot say left out, each omission noted on the
    /// controller: detents and identifiers it may not name (a custom one before iOS 16, an empty or
    /// repeated one), large before medium, and a `prefersPageSizing` before iOS 17; the version's
    /// default `prefersPageSizing` where none is recorded.
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
        func nameable(_ d: String?, _ what: String) -> String? {
            guard let d else { return nil }
            if d.isEmpty || (d != SheetState.medium && d != SheetState.large && UIKitVersions.customDetents.value(at: version) != true) {
                note(id, "Event #\(e.seq) records the \(what) \"\(d)\", which a scenario on iOS \(version) cannot name: replayed as none.")
                return nil
            }
            return d
        }
        out.selectedDetent = nameable(out.selectedDetent, "selected detent")
        out.largestUndimmedDetent = nameable(out.largestUndimmedDetent, "largest undimmed detent")
        if UIKitVersions.prefersPageSizing.value(at: version) != true { out.prefersPageSizing = nil }
        if out.prefersPageSizing == nil { out.prefersPageSizing = defaultSheet.prefersPageSizing }
        return out
    }
}
