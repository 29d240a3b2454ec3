/// What `pinspect diff` compares beyond the ten recorded facts: the observations (what UIKit was
/// seen doing on a device, or a scenario's `observed` answers), the window's chain and the sheet.
extension LogDiff {
    /// The prefix of an observation's difference: `observed.presenting`, `observed.effectiveStyle`…
    @_spi(Package) public static let observedPrefix = "observed."
    /// The value shown for an observation one event has and the other lacks.
    @_spi(Package) public static let notObserved = "not observed"
    /// How many controllers of each chain a chain difference shows before `… N more`.
    static let chainControllersShown = 3

    /// One difference per ``Observation`` field the two events observed differently, in the
    /// observation's field order. A field one event observed and the other did not differs (its
    /// value on the other side is ``notObserved``); a field neither observed does not.
    static func compareObserved(_ a: Event, _ b: Event, byID: Bool) -> [FieldDifference] {
        let oa = a.observed ?? Observation(), ob = b.observed ?? Observation()
        var out: [FieldDifference] = []
        func key(_ r: ControllerRef) -> String { byID ? r.id : r.type }
        func add(_ name: String, _ x: String?, _ y: String?) {
            out.append(FieldDifference(a: a, b: b, field: observedPrefix + name, aValue: x ?? notObserved, bValue: y ?? notObserved))
        }
        func value(_ name: String, _ x: String?, _ y: String?) {
            if x != y { add(name, x, y) }
        }
        func ref(_ name: String, _ x: ControllerRef?, _ y: ControllerRef?) {
            if x.map(key) != y.map(key) { add(name, x?.consoleDescription, y?.consoleDescription) }
        }
        func list(_ r: [ControllerRef]?) -> String? { r.map { "[" + $0.map(\.consoleDescription).joined(separator: ", ") + "]" } }
        value("outcome", oa.outcome?.rawValue, ob.outcome?.rawValue)
        ref("presenting", oa.presenting, ob.presenting)
        ref("contextProvider", oa.contextProvider, ob.contextProvider)
        value("effectiveStyle", oa.effectiveStyle?.name, ob.effectiveStyle?.name)
        value("effectiveTransition", oa.effectiveTransition?.name, ob.effectiveTransition?.name)
        if byID {
            value("window", oa.window, ob.window)
        } else {
            // Logs that share no ids (two device runs) share no window ids either: a device names a
            // window by its address. What compares is whether UIKit used the event's own window.
            func role(_ w: String, _ e: Event) -> String { w == e.window ? "the event's window" : "another window" }
            if oa.window.map({ role($0, a) }) != ob.window.map({ role($0, b) }) {
                add("window", oa.window.map { "\($0) (\(role($0, a)))" }, ob.window.map { "\($0) (\(role($0, b)))" })
            }
        }
        ref("covered", oa.covered, ob.covered)
        value("presentationControllerClass", oa.presentationControllerClass, ob.presentationControllerClass)
        // The dismissed set, as the recorded `dismissed` is compared: the same controllers in any order.
        if oa.dismissed.map({ $0.map(key).sorted() }) != ob.dismissed.map({ $0.map(key).sorted() }) {
            add("dismissed", list(oa.dismissed), list(ob.dismissed))
        }
        ref("handledBy", oa.handledBy, ob.handledBy)
        return out
    }

    /// The prefix of a sheet's difference: `sheet.selectedDetent`, `sheet.background`…
    @_spi(Package) public static let sheetPrefix = "sheet."

    /// One difference per field of the two events' sheets (``SheetState/fields``), in its order; an
    /// event without a sheet shows `none` for each field the other has.
    static func compareSheet(_ a: Event, _ b: Event) -> [FieldDifference] {
        guard a.sheet != b.sheet else { return [] }
        let fa = a.sheet?.fields ?? [], fb = b.sheet?.fields ?? []
        var names: [String] = []
        for f in fa + fb where !names.contains(f.name) { names.append(f.name) }
        return names.compactMap { name in
            let x = fa.first { $0.name == name }?.value, y = fb.first { $0.name == name }?.value
            return x == y ? nil : FieldDifference(a: a, b: b, field: sheetPrefix + name, aValue: x ?? "none", bValue: y ?? "none")
        }
    }

    /// The chains after the two events compared position by position (the root is position 1):
    /// nil when they hold the same controllers in the same order, else one difference naming the
    /// first position where they part and each chain's controllers from there on (`[]` when a
    /// chain ends before it), at most ``chainControllersShown`` of them.
    static func compareChain(_ a: Event, _ b: Event, byID: Bool) -> FieldDifference? {
        func key(_ r: ControllerRef) -> String { byID ? r.id : r.type }
        let ka = a.chain.map(key), kb = b.chain.map(key)
        guard ka != kb else { return nil }
        let common = zip(ka, kb).prefix { $0 == $1 }.count
        func rest(_ chain: [ControllerRef]) -> String {
            let tail = chain.dropFirst(common)
            var parts = tail.prefix(chainControllersShown).map(\.consoleDescription)
            if tail.count > chainControllersShown { parts.append("… \(tail.count - chainControllersShown) more") }
            return "[" + parts.joined(separator: ", ") + "]"
        }
        return FieldDifference(a: a, b: b, field: "chain", aValue: rest(a.chain), bValue: rest(b.chain), position: common + 1)
    }
}
