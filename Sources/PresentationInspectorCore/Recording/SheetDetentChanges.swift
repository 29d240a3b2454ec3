/// The sheets as their events last recorded them, by controller id: a report of a detent change
/// that changes nothing recorded (the user's drag and the app's setter both reported on a device,
/// or the app setting the detent the sheet already rests at) makes no event.
///
/// Thread-safe. Bounded: past ``capacity`` sheets it forgets them all (their next report is then
/// recorded whatever it holds), so a recording of ever new sheets cannot make it grow.
final class RecordedSheets: Sendable {
    static let capacity = 10_000
    private let states = Locked<[String: SheetState]>([:])

    /// Notes what an event recorded of the sheet `id` is presented in (nil: it is not presented as one).
    func note(_ id: String, _ sheet: SheetState?) {
        states.withLock { known in
            if sheet != nil, known[id] == nil, known.count >= Self.capacity { known.removeAll() }
            known[id] = sheet
        }
    }

    /// Notes `sheet` for `id` and says whether it differs from what was last recorded.
    func change(_ id: String, to sheet: SheetState) -> Bool {
        states.withLock { known in
            guard known[id] != sheet else { return false }
            if known[id] == nil, known.count >= Self.capacity { known.removeAll() }
            known[id] = sheet
            return true
        }
    }
}

extension PresentationHooksHandler {
    /// A presented sheet came to rest at another detent: the user dragged it, or the app set its
    /// `selectedDetentIdentifier`. Call once it has changed; records a `sheet-detent-changed` event
    /// with the sheet as it is now (``Event/sheet``), unless nothing changed since the sheet's last
    /// event. A controller not presented as a sheet records nothing.
    @_spi(Package) public func sheetDetentChanged<N: PresentationNode>(sheet: N, context: CallContext = .main) {
        let ref = sheet.ref
        if ignored(ref) { return }
        guard let presenter = sheet.presentingNode, let state = SheetRules.state(of: sheet, over: presenter),
              recordedSheets.change(ref.id, to: state) else { return }
        let root = Hierarchy.ultimateRoot(of: sheet)
        var event = Event(time: scheduler.now, thread: context.thread, kind: .sheetDetentChanged, outcome: .completed,
                          window: root.rootOfWindow, presented: ref,
                          chain: Hierarchy.refs(Hierarchy.chain(from: root)))
        let presenterRef = presenter.ref
        event.steps = [.text("\(ref.label)'s sheet changed its detent (the user dragged it, or the app set selectedDetentIdentifier)."),
                       .text(SheetRules.sentence(state, sheet: ref, presenter: presenterRef))]
        event.presenting = presenterRef
        event.sheet = state
        recorder.record(Self.ruled(event, by: sheet))
    }
}
