/// Compares two recordings event by event: `pinspect diff`, and the conformance report.
///
/// Events are aligned by kind and subject controller (the presented controller of a present,
/// the receiver of a dismiss…), never by `seq` or time: two runs of one scenario, or a
/// simulator log and a device log, number and time their events differently. Each matched pair
/// is compared on the ten recorded facts (``comparedFields``), and, unless left out
/// (``Extras``), on what UIKit was observed doing (`observed`) and on the window's chain.
@_spi(Package) public struct LogDiff: Sendable {
    /// What a diff compares beyond the ten recorded facts of each matched pair.
    @_spi(Package) public struct Extras: OptionSet, Sendable {
        @_spi(Package) public let rawValue: Int
        @_spi(Package) public init(rawValue: Int) { self.rawValue = rawValue }
        /// Every field of the events' `observed` (``Observation``), one difference per field.
        @_spi(Package) public static let observed = Extras(rawValue: 1)
        /// The window's presentation chain after the event, position by position.
        @_spi(Package) public static let chain = Extras(rawValue: 2)
        /// The sheet each event records (``Event/sheet``), one difference per field of it.
        @_spi(Package) public static let sheet = Extras(rawValue: 4)
        /// All three: what `pinspect diff` compares.
        @_spi(Package) public static let all: Extras = [.observed, .chain, .sheet]
    }

    /// One field that differs between two aligned events.
    @_spi(Package) public struct FieldDifference: Hashable, Sendable {
        /// The event in the first log.
        @_spi(Package) public var a: Event
        /// The event in the second log.
        @_spi(Package) public var b: Event
        /// The field's name in the log (`presenting`, `effectiveStyle`, `diagnostics`…).
        /// `observed.FIELD` for a field of ``Observation`` (``observedPrefix``), `chain` for the chain.
        @_spi(Package) public var field: String
        /// The first log's value; `not observed` for an observation it lacks; for the chain, its
        /// controllers from ``position`` on.
        @_spi(Package) public var aValue: String
        /// The second log's value, as ``aValue``.
        @_spi(Package) public var bValue: String
        /// For the chain: the first position (the root is 1) where the two chains differ.
        @_spi(Package) public var position: Int? = nil

        /// Whether this is a difference in what UIKit was observed doing (`observed.…`).
        @_spi(Package) public var isObserved: Bool { field.hasPrefix(LogDiff.observedPrefix) }
        /// Whether this is a difference in the window's chain.
        @_spi(Package) public var isChain: Bool { field == "chain" }
        /// Whether this is a difference in the sheet the event records (`sheet.…`).
        @_spi(Package) public var isSheet: Bool { field.hasPrefix(LogDiff.sheetPrefix) }
        /// Whether this is a difference in one of the ten recorded facts (``LogDiff/comparedFields``).
        @_spi(Package) public var isFact: Bool { !isObserved && !isChain && !isSheet }
    }

    /// Events matched in both logs, as (first, second) pairs in the first log's order.
    @_spi(Package) public var pairs: [(a: Event, b: Event)]
    /// Every differing field of the matched pairs.
    @_spi(Package) public var differences: [FieldDifference]
    /// Events of the first log with no counterpart in the second.
    @_spi(Package) public var onlyInA: [Event]
    /// Events of the second log with no counterpart in the first.
    @_spi(Package) public var onlyInB: [Event]
    /// Whether controllers were compared by id (the logs share ids) or, failing that, by type.
    @_spi(Package) public var comparesByID: Bool

    /// Whether the logs record the same behaviour.
    @_spi(Package) public var isEquivalent: Bool { differences.isEmpty && onlyInA.isEmpty && onlyInB.isEmpty }

    /// Aligns `a` and `b` and compares their matched events on the ten recorded facts and on `extras`.
    @_spi(Package) public init(_ a: [Event], _ b: [Event], comparing extras: Extras = .all) {
        let sa = a.sorted { $0.seq < $1.seq }, sb = b.sorted { $0.seq < $1.seq }
        let idsA = Set(sa.flatMap { $0.controllers.map(\.id) }), idsB = Set(sb.flatMap { $0.controllers.map(\.id) })
        let byID = !idsA.isDisjoint(with: idsB) || (idsA.isEmpty && idsB.isEmpty)
        comparesByID = byID
        func key(_ r: ControllerRef?) -> String { r.map { byID ? $0.id : $0.type } ?? "-" }
        func alignKey(_ e: Event) -> String { e.kind.rawValue + "|" + key(Self.subject(of: e)) }

        // The n-th event with a key in A pairs with the n-th event with that key in B.
        var queues: [String: [Int]] = [:]
        for (i, e) in sb.enumerated() { queues[alignKey(e), default: []].append(i) }
        var usedB = Set<Int>()
        var pairs: [(a: Event, b: Event)] = []
        var onlyInA: [Event] = []
        for e in sa {
            let k = alignKey(e)
            if var q = queues[k], !q.isEmpty {
                let j = q.removeFirst()
                queues[k] = q
                usedB.insert(j)
                pairs.append((e, sb[j]))
            } else {
                onlyInA.append(e)
            }
        }
        self.pairs = pairs
        self.onlyInA = onlyInA
        onlyInB = sb.indices.filter { !usedB.contains($0) }.map { sb[$0] }
        differences = pairs.flatMap { pair in
            var d = Self.compare(pair.a, pair.b, byID: byID)
            if extras.contains(.observed) { d += Self.compareObserved(pair.a, pair.b, byID: byID) }
            if extras.contains(.chain), let c = Self.compareChain(pair.a, pair.b, byID: byID) { d.append(c) }
            if extras.contains(.sheet) { d += Self.compareSheet(pair.a, pair.b) }
            return d
        }
    }

    /// The fields compared on every matched pair, in the order differences are listed.
    @_spi(Package) public static let comparedFields = ["outcome", "presenting", "contextProvider", "requestedStyle", "effectiveStyle",
                                        "requestedTransition", "effectiveTransition", "handledBy", "dismissed", "diagnostics"]

    /// The facts compared: the ten recorded facts (``comparedFields``) of every matched pair, plus
    /// one per unmatched event. Observations, chains and sheets are not counted.
    @_spi(Package) public var factsCompared: Int { pairs.count * Self.comparedFields.count + onlyInA.count + onlyInB.count }
    /// The recorded facts both logs agree on.
    @_spi(Package) public var factsAgreeing: Int {
        pairs.count * Self.comparedFields.count - differences.count(where: \.isFact)
    }

    /// The controller an event is about: what aligns it with its counterpart.
    @_spi(Package) public static func subject(of e: Event) -> ControllerRef? {
        switch e.kind {
        case .present, .presentCompleted: e.presented
        case .dismiss, .interactiveDismiss, .dismissCompleted: e.receiver
        case .leakCheck: e.dismissed.first
        case .sheetDetentChanged: e.presented
        }
    }

    static func compare(_ a: Event, _ b: Event, byID: Bool) -> [FieldDifference] {
        var out: [FieldDifference] = []
        func ref(_ r: ControllerRef?) -> String { r?.consoleDescription ?? "none" }
        func same(_ x: ControllerRef?, _ y: ControllerRef?) -> Bool {
            switch (x, y) {
            case (nil, nil): true
            case let (x?, y?): byID ? x.id == y.id : x.type == y.type
            default: false
            }
        }
        func refField(_ name: String, _ x: ControllerRef?, _ y: ControllerRef?) {
            if !same(x, y) { out.append(FieldDifference(a: a, b: b, field: name, aValue: ref(x), bValue: ref(y))) }
        }
        func value(_ name: String, _ x: String?, _ y: String?) {
            if x != y { out.append(FieldDifference(a: a, b: b, field: name, aValue: x ?? "none", bValue: y ?? "none")) }
        }
        value("outcome", a.outcome.rawValue, b.outcome.rawValue)
        refField("presenting", a.presenting, b.presenting)
        refField("contextProvider", a.contextProvider, b.contextProvider)
        value("requestedStyle", a.requestedStyle?.name, b.requestedStyle?.name)
        value("effectiveStyle", a.effectiveStyle?.name, b.effectiveStyle?.name)
        value("requestedTransition", a.requestedTransition?.name, b.requestedTransition?.name)
        value("effectiveTransition", a.effectiveTransition?.name, b.effectiveTransition?.name)
        refField("handledBy", a.handledBy, b.handledBy)
        let da = a.dismissed.map { byID ? $0.id : $0.type }, db = b.dismissed.map { byID ? $0.id : $0.type }
        if da.sorted() != db.sorted() {
            func list(_ r: [ControllerRef]) -> String { "[" + r.map(\.consoleDescription).joined(separator: ", ") + "]" }
            out.append(FieldDifference(a: a, b: b, field: "dismissed", aValue: list(a.dismissed), bValue: list(b.dismissed)))
        }
        let ca = a.diagnostics.map(\.code.rawValue).sorted(), cb = b.diagnostics.map(\.code.rawValue).sorted()
        if ca != cb {
            func list(_ c: [String]) -> String { c.isEmpty ? "none" : c.joined(separator: ", ") }
            out.append(FieldDifference(a: a, b: b, field: "diagnostics", aValue: list(ca), bValue: list(cb)))
        }
        return out
    }
}

extension LogDiff {
    /// A text report: one line per difference, then one per unmatched event, then a summary line
    /// that counts the differences in `observed` and in the chain when there are any.
    @_spi(Package) public func text(nameA: String, nameB: String) -> String {
        var out = ""
        for d in differences {
            out += "\(nameA) #\(d.a.seq) ↔ \(nameB) #\(d.b.seq) \(d.a.kind.rawValue) \(Self.subject(of: d.a)?.label ?? "?"): "
            let field = d.position.map { "\(d.field) from position \($0)" } ?? d.field
            out += "\(field): \(VisibleText.escaped(d.aValue)) ≠ \(VisibleText.escaped(d.bValue))\n"
        }
        for e in onlyInA { out += "only in \(nameA): \(e.summary)\n" }
        for e in onlyInB { out += "only in \(nameB): \(e.summary)\n" }
        let differing = Set(differences.map(\.a.seq)).count
        if isEquivalent {
            out += "equivalent: \(pairs.count) events match\n"
        } else {
            let observed = differences.count(where: \.isObserved), chain = differences.count(where: \.isChain)
            let sheet = differences.count(where: \.isSheet)
            let kinds = [(observed, "observed"), (chain, "chain"), (sheet, "sheet")].filter { $0.0 > 0 }.map { "\($0.1): \($0.0)" }
            out += "\(differing) of \(pairs.count) matched events differ (\(differences.count) field\(differences.count == 1 ? "" : "s")"
            out += kinds.isEmpty ? "); " : "; " + kinds.joined(separator: ", ") + "); "
            out += "\(onlyInA.count) only in \(nameA), \(onlyInB.count) only in \(nameB)\n"
        }
        return out
    }

    /// A JSON object for machines: `equivalent`, `matched`, `comparedBy`, `differences` (each with
    /// `aSeq`, `bSeq`, `kind`, `event`, `field`, `a`, `b`, and `position` for the chain),
    /// `onlyInA`, `onlyInB`.
    @_spi(Package) public func json() -> String {
        var w = JSONWriter()
        w.beginObject()
        w.field("equivalent", isEquivalent)
        w.field("matched", pairs.count)
        w.field("comparedBy", comparesByID ? "id" : "type")
        w.key("differences"); w.beginArray()
        for d in differences {
            w.beginObject()
            w.field("aSeq", d.a.seq); w.field("bSeq", d.b.seq); w.field("kind", d.a.kind.rawValue)
            w.field("event", d.a.summary)
            w.field("field", d.field)
            if let p = d.position { w.field("position", p) }
            w.field("a", d.aValue); w.field("b", d.bValue)
            w.endObject()
        }
        w.endArray()
        for (name, events) in [("onlyInA", onlyInA), ("onlyInB", onlyInB)] {
            w.key(escaping: name); w.beginArray()
            for e in events {
                w.beginObject(); w.field("seq", e.seq); w.field("kind", e.kind.rawValue); w.field("event", e.summary); w.endObject()
            }
            w.endArray()
        }
        w.endObject()
        return w.text
    }
}
