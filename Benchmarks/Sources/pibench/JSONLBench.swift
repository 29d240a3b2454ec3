@_spi(Package) import BenchKit
import Foundation
@_spi(Package) import PresentationInspectorCore

// Benchmark 3: JSONL export and import, events/s, against Foundation's JSONEncoder and
// JSONDecoder on the same events (a Codable mirror of Event with every field the log writes,
// one JSON object per line, converted from and to Event inside the timed region, as ours is).
// Both paths must read back the same events, or the run stops: a baseline that drops fields
// would be measured doing less work.

func runJSONLBenchmark(_ o: Options) {
    if o.string("read", "") != "" { return runImportOnly(o) }
    let n = o.int("events", 100_000)
    let dir = o.string("dir", NSTemporaryDirectory())
    let repeats = o.int("repeats", 3)
    let events = EventMix.events(n)
    let header = LogHeader(app: ["name": "pibench"], device: ["model": "generated"])
    let oursPath = (dir as NSString).appendingPathComponent("pibench-ours-\(getpid()).jsonl")
    let foundationPath = (dir as NSString).appendingPathComponent("pibench-foundation-\(getpid()).jsonl")
    defer {
        try? FileManager.default.removeItem(atPath: oursPath)
        try? FileManager.default.removeItem(atPath: foundationPath)
    }

    var exportOurs: [Double] = [], importOurs: [Double] = []
    var exportFoundation: [Double] = [], importFoundation: [Double] = []
    var oursBytes = 0, foundationBytes = 0
    for _ in 0..<repeats {
        // Ours: LogWriter to bytes (as Foundation's path makes Data), written to a file; LogReader from the file.
        var t0 = Measure.nanoseconds()
        let bytes = LogWriter.bytes(header: header, events: events)
        var t1 = Measure.nanoseconds()
        exportOurs.append(Double(t1 - t0))
        oursBytes = bytes.count
        try! Data(bytes).write(to: URL(fileURLWithPath: oursPath))
        t0 = Measure.nanoseconds()
        let read = try! LogReader.read(path: oursPath)
        t1 = Measure.nanoseconds()
        importOurs.append(Double(t1 - t0))
        precondition(read.events.count == n && read.issues.isEmpty, "our import lost events")

        // Foundation: JSONEncoder per event line; JSONDecoder per line.
        t0 = Measure.nanoseconds()
        let data = CodableLog.encode(header: header, events: events)
        t1 = Measure.nanoseconds()
        exportFoundation.append(Double(t1 - t0))
        foundationBytes = data.count
        try! data.write(to: URL(fileURLWithPath: foundationPath))
        t0 = Measure.nanoseconds()
        let decoded = CodableLog.decode(path: foundationPath)
        t1 = Measure.nanoseconds()
        importFoundation.append(Double(t1 - t0))
        // fatalError, not precondition: a release build keeps its message.
        guard decoded.count == n else { fatalError("Foundation import lost events: \(decoded.count) of \(n)") }
        if let k = decoded.indices.first(where: { decoded[$0] != read.events[$0] }) {
            fatalError("the two paths read event #\(read.events[k].seq) differently (CodableEvent lacks a field EventCoding writes?):\n"
                       + "Foundation: \(decoded[k])\nours:       \(read.events[k])")
        }
    }
    func rate(_ ns: [Double]) -> Double { Double(n) / (Measure.median(ns) / 1e9) }
    Measure.emit([
        "bench": "jsonl", "events": n, "repeats": repeats,
        "ours_bytes": oursBytes, "foundation_bytes": foundationBytes,
        "ours_export_events_per_s": rate(exportOurs), "ours_import_events_per_s": rate(importOurs),
        "foundation_export_events_per_s": rate(exportFoundation), "foundation_import_events_per_s": rate(importFoundation),
    ])
}

/// `--read FILE`: only our import, of an existing log (`genlog`), `repeats` times; the median
/// rate. With `--repeats 1` it is the run to profile (callgrind `--toggle-collect=*importOnce*`).
func runImportOnly(_ o: Options) {
    let path = o.string("read", "")
    let repeats = o.int("repeats", 3)
    var times: [Double] = []
    var count = 0
    for _ in 0..<repeats {
        let t0 = Measure.nanoseconds()
        count = importOnce(path)
        times.append(Double(Measure.nanoseconds() - t0))
    }
    Measure.emit(["bench": "jsonl-read", "events": count, "repeats": repeats,
                  "ours_import_events_per_s": Double(count) / (Measure.median(times) / 1e9)])
}

@inline(never)
func importOnce(_ path: String) -> Int {
    let read = try! LogReader.read(path: path)
    precondition(read.issues.isEmpty, "import reported issues: \(read.issues.prefix(3))")
    return read.events.count
}

/// Event's log fields as a Codable value: what an app would write with JSONEncoder, with every
/// field `EventCoding` writes (a dismissal's ids and its full references, fixes, observations,
/// facts).
struct CodableEvent: Codable {
    struct Ref: Codable { var id: String; var type: String; var title: String? }
    struct Diag: Codable { var code: String; var severity: String; var message: String; var fix: String? }
    struct Observed: Codable {
        var outcome: String?, presenting: Ref?, contextProvider: Ref?, effectiveStyle: String?, effectiveTransition: String?
        var window: String?, covered: Ref?, presentationControllerClass: String?, dismissed: [Ref]?, handledBy: Ref?
    }
    struct Sheet: Codable {
        var detents: [String], selectedDetent: String?, largestUndimmedDetent: String?
        var prefersGrabberVisible: Bool, prefersEdgeAttachedInCompactHeight: Bool, prefersPageSizing: Bool?
        var appearance: String?, background: String?
    }
    struct Facts: Codable {
        var id: String, type: String, title: String?, container: String?, parent: String?, children: [String]?, selected: Int?
        var modalPresentationStyle: String?, modalTransitionStyle: String?, definesPresentationContext: Bool?
        var providesPresentationContextTransitionStyle: Bool?, isModalInPresentation: Bool?, hasPopoverAnchor: Bool?
        /// `unknown` where the anchor could not be read (a known one is `hasPopoverAnchor`).
        var popoverAnchor: String?
        var systemController: String?, preferredStyle: String?, window: String?, windowRoot: String?
        var horizontalSizeClass: String?, verticalSizeClass: String?
        /// Absent: not read; `null` (`.some(nil)`): read and not set; else its name. Synthesized
        /// coding would read `null` back as absent, so this member is coded by hand.
        var preferredTransition: String??
        var presentedBy: String?, presentedAs: String?

        private enum Key: String, CodingKey { case preferredTransition }

        init(id: String, type: String, title: String?, container: String?, parent: String?, children: [String]?, selected: Int?,
             modalPresentationStyle: String?, modalTransitionStyle: String?, definesPresentationContext: Bool?,
             providesPresentationContextTransitionStyle: Bool?, isModalInPresentation: Bool?, hasPopoverAnchor: Bool?, popoverAnchor: String?,
             systemController: String?, preferredStyle: String?, window: String?, windowRoot: String?,
             horizontalSizeClass: String?, verticalSizeClass: String?, preferredTransition: String??, presentedBy: String?, presentedAs: String?) {
            self.id = id; self.type = type; self.title = title; self.container = container; self.parent = parent
            self.children = children; self.selected = selected; self.modalPresentationStyle = modalPresentationStyle
            self.modalTransitionStyle = modalTransitionStyle; self.definesPresentationContext = definesPresentationContext
            self.providesPresentationContextTransitionStyle = providesPresentationContextTransitionStyle
            self.isModalInPresentation = isModalInPresentation; self.hasPopoverAnchor = hasPopoverAnchor
            self.popoverAnchor = popoverAnchor
            self.systemController = systemController; self.preferredStyle = preferredStyle; self.window = window
            self.windowRoot = windowRoot; self.horizontalSizeClass = horizontalSizeClass; self.verticalSizeClass = verticalSizeClass
            self.preferredTransition = preferredTransition; self.presentedBy = presentedBy; self.presentedAs = presentedAs
        }

        init(from decoder: any Decoder) throws {
            let plain = try decoder.container(keyedBy: PlainKey.self)
            func s(_ k: PlainKey) throws -> String? { try plain.decodeIfPresent(String.self, forKey: k) }
            func b(_ k: PlainKey) throws -> Bool? { try plain.decodeIfPresent(Bool.self, forKey: k) }
            self.init(id: try plain.decode(String.self, forKey: .id), type: try plain.decode(String.self, forKey: .type), title: try s(.title),
                      container: try s(.container), parent: try s(.parent), children: try plain.decodeIfPresent([String].self, forKey: .children),
                      selected: try plain.decodeIfPresent(Int.self, forKey: .selected), modalPresentationStyle: try s(.modalPresentationStyle),
                      modalTransitionStyle: try s(.modalTransitionStyle), definesPresentationContext: try b(.definesPresentationContext),
                      providesPresentationContextTransitionStyle: try b(.providesPresentationContextTransitionStyle),
                      isModalInPresentation: try b(.isModalInPresentation), hasPopoverAnchor: try b(.hasPopoverAnchor), popoverAnchor: try s(.popoverAnchor),
                      systemController: try s(.systemController), preferredStyle: try s(.preferredStyle), window: try s(.window),
                      windowRoot: try s(.windowRoot), horizontalSizeClass: try s(.horizontalSizeClass), verticalSizeClass: try s(.verticalSizeClass),
                      preferredTransition: nil, presentedBy: try s(.presentedBy), presentedAs: try s(.presentedAs))
            let special = try decoder.container(keyedBy: Key.self)
            if special.contains(.preferredTransition) {
                preferredTransition = .some(try special.decodeNil(forKey: .preferredTransition) ? nil : try special.decode(String.self, forKey: .preferredTransition))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var plain = encoder.container(keyedBy: PlainKey.self)
            try plain.encode(id, forKey: .id); try plain.encode(type, forKey: .type); try plain.encodeIfPresent(title, forKey: .title)
            try plain.encodeIfPresent(container, forKey: .container); try plain.encodeIfPresent(parent, forKey: .parent)
            try plain.encodeIfPresent(children, forKey: .children); try plain.encodeIfPresent(selected, forKey: .selected)
            try plain.encodeIfPresent(modalPresentationStyle, forKey: .modalPresentationStyle)
            try plain.encodeIfPresent(modalTransitionStyle, forKey: .modalTransitionStyle)
            try plain.encodeIfPresent(definesPresentationContext, forKey: .definesPresentationContext)
            try plain.encodeIfPresent(providesPresentationContextTransitionStyle, forKey: .providesPresentationContextTransitionStyle)
            try plain.encodeIfPresent(isModalInPresentation, forKey: .isModalInPresentation)
            try plain.encodeIfPresent(hasPopoverAnchor, forKey: .hasPopoverAnchor)
            try plain.encodeIfPresent(popoverAnchor, forKey: .popoverAnchor)
            try plain.encodeIfPresent(systemController, forKey: .systemController); try plain.encodeIfPresent(preferredStyle, forKey: .preferredStyle)
            try plain.encodeIfPresent(window, forKey: .window); try plain.encodeIfPresent(windowRoot, forKey: .windowRoot)
            try plain.encodeIfPresent(horizontalSizeClass, forKey: .horizontalSizeClass)
            try plain.encodeIfPresent(verticalSizeClass, forKey: .verticalSizeClass)
            try plain.encodeIfPresent(presentedBy, forKey: .presentedBy); try plain.encodeIfPresent(presentedAs, forKey: .presentedAs)
            if let preferredTransition {
                var special = encoder.container(keyedBy: Key.self)
                if let name = preferredTransition { try special.encode(name, forKey: .preferredTransition) } else { try special.encodeNil(forKey: .preferredTransition) }
            }
        }

        private enum PlainKey: String, CodingKey {
            case id, type, title, container, parent, children, selected, modalPresentationStyle, modalTransitionStyle
            case definesPresentationContext, providesPresentationContextTransitionStyle, isModalInPresentation, hasPopoverAnchor, popoverAnchor
            case systemController, preferredStyle, window, windowRoot, horizontalSizeClass, verticalSizeClass, presentedBy, presentedAs
        }
    }
    var seq: Int
    var time: Double
    var thread: String
    var kind: String
    var outcome: String
    var animated: Bool
    var window: String?
    var relatesTo: Int?
    var rulesIOS: String?
    var source: Ref?, presented: Ref?, presenting: Ref?, contextProvider: Ref?
    var requestedStyle: String?, effectiveStyle: String?, requestedTransition: String?, effectiveTransition: String?
    var explanation: [String]?
    var receiver: Ref?, handledBy: Ref?
    var dismissed: [String]?
    var dismissedControllers: [Ref]?
    var forwarded: Bool?
    var diagnostics: [Diag]
    var chain: [Ref]
    var callSite: String?
    var ancestry: [Ref]?
    var observed: Observed?
    var sheet: Sheet?
    var facts: [Facts]?

    init(_ e: Event) {
        func r(_ c: ControllerRef?) -> Ref? { c.map { Ref(id: $0.id, type: $0.type, title: $0.title) } }
        // The log keeps times to the microsecond (JSONWriter.number): so does the mirror.
        seq = e.seq; time = (e.time * 1_000_000).rounded() / 1_000_000; thread = e.thread; kind = e.kind.rawValue; outcome = e.outcome.rawValue
        animated = e.animated; window = e.window; relatesTo = e.relatesTo; rulesIOS = e.rulesVersion?.description
        source = r(e.source); presented = r(e.presented); presenting = r(e.presenting); contextProvider = r(e.contextProvider)
        requestedStyle = e.requestedStyle?.name; effectiveStyle = e.effectiveStyle?.name
        requestedTransition = e.requestedTransition?.name; effectiveTransition = e.effectiveTransition?.name
        explanation = e.steps.isEmpty ? nil : e.explanation
        receiver = r(e.receiver); handledBy = r(e.handledBy)
        if e.kind == .dismiss || e.kind == .interactiveDismiss || !e.dismissed.isEmpty { dismissed = e.dismissed.map(\.id) }
        dismissedControllers = e.dismissed.isEmpty ? nil : e.dismissed.compactMap(r)
        forwarded = e.forwarded
        diagnostics = e.diagnostics.map { Diag(code: $0.code.rawValue, severity: $0.severity.rawValue, message: $0.message, fix: $0.fix) }
        chain = e.chain.compactMap(r)
        callSite = e.callSite
        ancestry = e.ancestry.isEmpty ? nil : e.ancestry.compactMap(r)
        observed = e.observed.flatMap { o in
            o.isEmpty ? nil : Observed(outcome: o.outcome?.rawValue, presenting: r(o.presenting), contextProvider: r(o.contextProvider),
                                       effectiveStyle: o.effectiveStyle?.name, effectiveTransition: o.effectiveTransition?.name,
                                       window: o.window, covered: r(o.covered), presentationControllerClass: o.presentationControllerClass,
                                       dismissed: o.dismissed?.compactMap(r), handledBy: r(o.handledBy))
        }
        sheet = e.sheet.map { s in
            Sheet(detents: s.detents, selectedDetent: s.selectedDetent, largestUndimmedDetent: s.largestUndimmedDetent,
                  prefersGrabberVisible: s.prefersGrabberVisible, prefersEdgeAttachedInCompactHeight: s.prefersEdgeAttachedInCompactHeight,
                  prefersPageSizing: s.prefersPageSizing, appearance: s.appearance?.rawValue, background: s.background?.rawValue)
        }
        facts = e.facts.isEmpty ? nil : e.facts.map { f in
            Facts(id: f.id, type: f.type, title: f.title, container: f.container?.rawValue, parent: f.parent, children: f.children,
                  selected: f.selected, modalPresentationStyle: f.modalPresentationStyle?.name, modalTransitionStyle: f.modalTransitionStyle?.name,
                  definesPresentationContext: f.definesPresentationContext,
                  providesPresentationContextTransitionStyle: f.providesPresentationContextTransitionStyle,
                  isModalInPresentation: f.isModalInPresentation,
                  hasPopoverAnchor: f.popoverAnchor.flatMap { $0 == .unknown ? nil : $0 == .anchored },
                  popoverAnchor: f.popoverAnchor == .unknown ? PopoverAnchorState.unknown.rawValue : nil,
                  systemController: f.systemController?.name, preferredStyle: f.preferredStyle?.rawValue, window: f.window,
                  windowRoot: f.windowRoot, horizontalSizeClass: f.horizontalSizeClass?.rawValue, verticalSizeClass: f.verticalSizeClass?.rawValue,
                  preferredTransition: f.preferredTransition.map { $0?.name }, presentedBy: f.presentedBy, presentedAs: f.presentedAs?.name)
        }
    }

    var event: Event? {
        guard let kind = EventKind(rawValue: kind), let outcome = Outcome(rawValue: outcome) else { return nil }
        func c(_ r: Ref?) -> ControllerRef? { r.map { ControllerRef(id: $0.id, type: $0.type, title: $0.title) } }
        var e = Event(seq: seq, time: time, thread: thread, kind: kind, outcome: outcome, animated: animated, window: window,
                      relatesTo: relatesTo, source: c(source), presented: c(presented), presenting: c(presenting),
                      contextProvider: c(contextProvider), requestedStyle: requestedStyle.flatMap(PresentationStyle.init(name:)),
                      effectiveStyle: effectiveStyle.flatMap(PresentationStyle.init(name:)),
                      requestedTransition: requestedTransition.flatMap(TransitionStyle.init(name:)),
                      effectiveTransition: effectiveTransition.flatMap(TransitionStyle.init(name:)),
                      explanation: explanation ?? [], receiver: c(receiver), handledBy: c(handledBy),
                      dismissed: (dismissedControllers ?? []).compactMap(c), forwarded: forwarded,
                      diagnostics: diagnostics.compactMap { d in
                          Severity(rawValue: d.severity).map { Diagnostic(code: DiagnosticCode(rawValue: d.code), severity: $0, message: d.message, fix: d.fix) }
                      },
                      chain: chain.compactMap(c), callSite: callSite, ancestry: (ancestry ?? []).compactMap(c))
        e.rulesVersion = rulesIOS.flatMap(SystemVersion.init(parsing:))
        e.sheet = sheet.map { s in
            SheetState(detents: s.detents, selectedDetent: s.selectedDetent, largestUndimmedDetent: s.largestUndimmedDetent,
                       prefersGrabberVisible: s.prefersGrabberVisible, prefersEdgeAttachedInCompactHeight: s.prefersEdgeAttachedInCompactHeight,
                       prefersPageSizing: s.prefersPageSizing, appearance: s.appearance.flatMap(SheetAppearance.init(rawValue:)),
                       background: s.background.flatMap(SheetBackground.init(rawValue:)))
        }
        e.observed = observed.map { o in
            Observation(presenting: c(o.presenting), contextProvider: c(o.contextProvider),
                        effectiveStyle: o.effectiveStyle.flatMap(PresentationStyle.init(name:)),
                        effectiveTransition: o.effectiveTransition.flatMap(TransitionStyle.init(name:)), window: o.window,
                        covered: c(o.covered), presentationControllerClass: o.presentationControllerClass,
                        dismissed: o.dismissed.map { $0.compactMap(c) }, handledBy: c(o.handledBy),
                        outcome: o.outcome.flatMap(Outcome.init(rawValue:)))
        }
        e.facts = (facts ?? []).map { f in
            var facts = ControllerFacts(id: f.id, type: f.type, title: f.title)
            facts.container = f.container.flatMap(ControllerFacts.Container.init(rawValue:))
            facts.parent = f.parent; facts.children = f.children; facts.selected = f.selected
            facts.modalPresentationStyle = f.modalPresentationStyle.flatMap(PresentationStyle.init(name:))
            facts.modalTransitionStyle = f.modalTransitionStyle.flatMap(TransitionStyle.init(name:))
            facts.definesPresentationContext = f.definesPresentationContext
            facts.providesPresentationContextTransitionStyle = f.providesPresentationContextTransitionStyle
            facts.isModalInPresentation = f.isModalInPresentation
            facts.popoverAnchor = f.popoverAnchor.flatMap(PopoverAnchorState.init(rawValue:)) ?? f.hasPopoverAnchor.map { $0 ? .anchored : .missing }
            facts.systemController = f.systemController.flatMap(SystemControllerKind.init(name:))
            facts.preferredStyle = f.preferredStyle.flatMap(AlertControllerStyle.init(rawValue:))
            facts.window = f.window; facts.windowRoot = f.windowRoot
            facts.horizontalSizeClass = f.horizontalSizeClass.flatMap(SizeClass.init(rawValue:))
            facts.verticalSizeClass = f.verticalSizeClass.flatMap(SizeClass.init(rawValue:))
            facts.preferredTransition = f.preferredTransition.map { $0.flatMap(TransitionStyle.init(name:)) }
            facts.presentedBy = f.presentedBy
            facts.presentedAs = f.presentedAs.flatMap(PresentationStyle.init(name:))
            return facts
        }
        return e
    }
}

/// The header as a Codable value.
struct CodableHeader: Codable {
    var format: String, version: Int, created: String, app: [String: String], device: [String: String], dropped: Int
}

enum CodableLog {
    static func encode(header: LogHeader, events: [Event]) -> Data {
        let encoder = JSONEncoder()
        var out = Data()
        out.append(try! encoder.encode(CodableHeader(format: header.format, version: header.version, created: header.created,
                                                     app: header.app, device: header.device, dropped: header.dropped)))
        out.append(0x0A)
        for e in events {
            out.append(try! encoder.encode(CodableEvent(e)))
            out.append(0x0A)
        }
        return out
    }

    static func decode(path: String) -> [Event] {
        let data = try! Data(contentsOf: URL(fileURLWithPath: path))
        let decoder = JSONDecoder()
        var events: [Event] = []
        var first = true
        for line in data.split(separator: 0x0A, omittingEmptySubsequences: true) {
            if first { first = false; _ = try! decoder.decode(CodableHeader.self, from: line); continue }
            if let e = try? decoder.decode(CodableEvent.self, from: line).event { events.append(e) }
        }
        return events
    }
}
