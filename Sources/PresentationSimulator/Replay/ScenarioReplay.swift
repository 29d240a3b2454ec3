@_spi(Package) import PresentationInspectorCore

/// A recording that cannot become a scenario: names the event and the fact it lacks.
public struct ReplayError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The event at fault, when one is.
    public var seq: Int?
    /// The missing or contradictory fact (`presented`, `receiver`, `windowRoot`, `type`…).
    public var fact: String
    /// What is wrong, in a sentence.
    public var message: String

    /// The message with the event and the fact: `event #12 (present): presented: …`, on one
    /// line (it quotes the log's ids and types: control characters are shown as escapes).
    public var description: String {
        VisibleText.escaped((seq.map { "event #\($0): " } ?? "") + "\(fact): \(message)")
    }
}

/// Builds a scenario that replays a recording: `pinspect scenario LOG`.
///
/// The scenario declares every controller the log names, with the facts the log kept about it
/// (`ControllerFacts`: container, children, selection, presentation properties, window), and
/// replays the recorded calls in order and at their times: `present`, `dismiss` and swipe-downs
/// as steps, container and property changes the log saw as `addChild`, `removeFromParent`,
/// `select` and `set` steps just before the call that saw them, `advance` steps between.
/// A sheet's configuration, as its events record it, is declared or `set` before the step that shows it,
/// and each `sheet-detent-changed` becomes a `selectDetent` step.
/// A device event's observations become the step's `observed` answers (a dismissal's, where its
/// `dismiss-completed` differs from the prediction); what a `present-completed` observed beyond
/// its call becomes the step's `observedAtEnd`. Where the log lacks a
/// fact, the controller's `comment` says so and the documented default (docs/SCENARIOS.md) stands.
/// A recording that starts mid-session is rebuilt first, unrecorded (`rebuildStart`).
public enum ScenarioReplay {
    /// The scenario that replays `events` (in `seq` order) recorded under `header`.
    public static func scenario(from events: [Event], header: LogHeader? = nil, name: String) throws(ReplayError) -> Scenario {
        try replay(from: events, header: header, name: name).scenario
    }

    /// ``scenario(from:header:name:)`` with the kept events its replay does not reproduce (the
    /// scenario's `comment` names them too), for the CLI to say so: those the builder knows it
    /// cannot make again, then those a run of the scenario records otherwise
    /// (`unreproduced(by:of:gaps:)`).
    @_spi(Package) public static func replay(from events: [Event], header: LogHeader? = nil, name: String) throws(ReplayError) -> (scenario: Scenario, gaps: [ReplayGap]) {
        let sorted = events.sorted { $0.seq < $1.seq }
        var builder = ReplayBuilder(events: sorted, header: header)
        var s = try builder.build(name: name)
        // A swipe the rebuild makes again meets no sheet when the model refused what it swipes:
        // it would stop the replay, so the rebuild is made again without it.
        while let seq = builder.failingRebuiltSwipe(in: s) {
            var again = ReplayBuilder(events: sorted, header: header)
            again.unreplayable = builder.unreplayable.union([seq])
            builder = again
            s = try builder.build(name: name)
        }
        let unreproduced = unreproduced(by: s, of: sorted, gaps: builder.gaps)
        if !unreproduced.isEmpty {
            s.comment = ([s.comment ?? ""] + unreproduced.map(\.sentence)).joined(separator: " ")
        }
        return (s, builder.gaps + unreproduced)
    }

    /// ``scenario(from:header:name:)`` for a log file's text, the scenario's text as a file holds it.
    public static func scenarioText(fromLog text: String, logName: String) throws -> String {
        let log = try LogReader.read(text: text, name: logName)
        return try scenario(from: log.events, header: log.header, name: "replay of \(logName)").jsonText
    }
}

/// What the scenario being built has made of the hierarchy so far: the state its steps leave
/// the simulation in, so that each fact the log records becomes the steps that establish it.
struct ReplayBuilder {
    let events: [Event]
    let header: LogHeader?

    var order: [String] = []
    var declared: [String: Scenario.Controller] = [:]
    var notes: [String: [String]] = [:]
    var windows: [(id: String, root: String)] = []
    var steps: [Scenario.Step] = []
    var scenarioNotes: [String] = []
    /// The last event that names each controller.
    var lastNamed: [String: Int] = [:]
    /// Each presented controller's presenting controller, as the replayed events leave them.
    var presenterOf: [String: String] = [:]
    /// The kept events the replay does not reproduce, in the order found.
    var gaps: [ReplayGap] = []
    /// The kept ends whose rebuilt swipe met no sheet on a trial: rebuilt without it.
    var unreplayable = Set<Int>()
    /// The swipes the rebuild makes again, each with the kept end it stands for.
    var rebuiltSwipes: [(sheet: String, end: Int)] = []

    // The replay's state.
    var parent: [String: String] = [:]
    var children: [String: [String]] = [:]
    var selected: [String: Int] = [:]
    var properties: [String: ControllerFacts] = [:]
    var clock = 0.0
    /// The first size class the facts name: the scenario's environment.
    var sizeClass: SizeClass?
    /// The first vertical size class the facts name (compact: an iPhone in landscape).
    private var verticalSizeClass: SizeClass?
    /// Whether the facts of some event were used (a log without any gets a note saying so).
    var sawFacts = false
    /// Each controller's sheet as the replay's steps configure it (its configuration only), and
    /// the controllers whose sheet a replayed event has shown: their changes take `set` steps.
    var sheets: [String: SheetState] = [:]
    var sheetsShown = Set<String>()
    /// The iOS version the replay's environment names, for the sheet keys that depend on it.
    var version = UIKitVersions.newestModelled

    /// Each dismissal's `dismiss-completed`, by the dismissal's seq: on a device, what a dismissal
    /// really removed is observed there, not at the call.
    let dismissalEnds: [Int: Event]
    /// Each present's `present-completed`, by the present's seq: on a device, adaptation is
    /// observed at the end of the transition.
    let presentEnds: [Int: Event]

    init(events: [Event], header: LogHeader?) {
        self.events = events
        self.header = header
        var dismissals: [Int: Event] = [:], presents: [Int: Event] = [:]
        for e in events {
            guard let seq = e.relatesTo else { continue }
            if e.kind == .dismissCompleted, dismissals[seq] == nil { dismissals[seq] = e }
            if e.kind == .presentCompleted, presents[seq] == nil { presents[seq] = e }
        }
        dismissalEnds = dismissals
        presentEnds = presents
    }

    mutating func build(name: String) throws(ReplayError) -> Scenario {
        sizeClass = events.lazy.flatMap(\.facts).compactMap(\.horizontalSizeClass).first
        verticalSizeClass = events.lazy.flatMap(\.facts).compactMap(\.verticalSizeClass).first
        try declareControllers()
        declareWindows()
        version = UIKitVersions.rulesVersion(for: try environment().systemVersion)
        let leaks = leakChecks()
        rebuildStart()
        // A sheet the rebuild presented is shown already: its later configuration takes `set` steps.
        for step in steps { if case .present(let p, _, _) = step.action { sheetsShown.insert(p) } }
        var declaring = true
        for e in events {
            if !e.facts.isEmpty {
                sawFacts = true
                // The changes the call saw happened before it, at its time at the latest.
                if e.kind == .present || e.kind == .dismiss || e.kind == .interactiveDismiss { advance(to: e.time) }
                try apply(e.facts, at: e, declaring: declaring)
                declaring = false
            }
            try detachChainRoot(of: e)
            try replay(e)
            trackPresentation(e)
            for id in leaks[e.seq] ?? [] { steps.append(Scenario.Step(.release(id))) }
        }
        var s = Scenario(name: name)
        s.environment = try environment()
        s.controllers = order.map { id in
            var c = declared[id]!
            if let n = notes[id], !n.isEmpty { c.comment = n.joined(separator: " ") }
            return c
        }
        s.windows = windows.enumerated().map { i, w in
            var win = Scenario.Window(id: w.id, root: w.root)
            win.key = i == 0
            return win
        }
        s.steps = steps
        if !sawFacts {
            scenarioNotes.append("The log keeps no controller facts (a recording made before they were logged): every controller is declared with UIKit's defaults and outside any container, so a present from inside a container may resolve differently.")
        }
        if let first = events.lazy.compactMap(\.rulesVersion).first,
           let other = events.lazy.compactMap(\.rulesVersion).first(where: { $0 != first }) {
            scenarioNotes.append("The recording's events follow the rules of iOS \(first) and of iOS \(other) too; a scenario has one version, so the replay keeps the first.")
        }
        scenarioNotes += gaps.map(\.sentence)
        s.comment = (["Replays a recording (pinspect scenario)."] + scenarioNotes).joined(separator: " ")
        return s
    }

    // MARK: Declarations

    mutating func note(_ id: String, _ text: String) {
        if notes[id]?.contains(text) != true { notes[id, default: []].append(text) }
    }

    /// Every controller the log names, in order of first mention, with its first facts.
    private mutating func declareControllers() throws(ReplayError) {
        var kinds: [String: ControllerFacts.Container] = [:]
        var untyped = Set<String>()
        func mention(_ id: String, _ type: String?, title: String?, at e: Event) throws(ReplayError) {
            lastNamed[id] = e.seq
            let type = type == "?" ? nil : type
            if let c = declared[id] {
                guard let type, c.type != type else { return }
                if untyped.remove(id) != nil { declared[id]!.type = type; return }
                throw ReplayError(seq: e.seq, fact: "type",
                                  message: "controller \(id) is a \(c.type) earlier in the log and a \(type) here (an address reused after deallocation?); a scenario needs one type per id")
            }
            var c = Scenario.Controller(id: id, type: type ?? "UIViewController")
            c.title = title
            if type == nil { untyped.insert(id) }
            order.append(id)
            declared[id] = c
        }
        for e in events {
            for f in e.facts {
                try mention(f.id, f.type, title: f.title, at: e)
                if properties[f.id] == nil { properties[f.id] = f; declareProperties(f) }
                if let k = f.container, k != .none { kinds[f.id] = k }
                for child in f.children ?? [] { try mention(child, nil, title: nil, at: e) }
            }
            var refs = [e.source, e.presented, e.presenting, e.contextProvider, e.receiver, e.handledBy].compactMap { $0 }
            refs += e.dismissed + e.chain + e.ancestry
            if let o = e.observed {
                refs += [o.presenting, o.contextProvider, o.covered, o.handledBy].compactMap { $0 } + (o.dismissed ?? [])
            }
            for r in refs { try mention(r.id, r.type, title: r.title, at: e) }
        }
        for id in untyped { note(id, "The log names it without its type: declared as UIViewController.") }
        for (id, kind) in kinds where kind != .none {
            let implied = ContainerKind.implied(byType: declared[id]!.type)
            let k = ContainerKind(rawValue: kind.rawValue) ?? .plain
            if implied != k { declared[id]!.container = k }
        }
        for id in order where properties[id] == nil {
            note(id, "The log keeps no facts about it: declared with UIKit's defaults (modalPresentationStyle automatic, modalTransitionStyle coverVertical, definesPresentationContext \(declared[id]!.type == "UINavigationController" ? "true" : "false"), no popover anchor), in no container.")
        }
    }

    private mutating func declareProperties(_ f: ControllerFacts) {
        var c = declared[f.id]!
        c.title = f.title
        c.modalPresentationStyle = f.modalPresentationStyle
        c.modalTransitionStyle = f.modalTransitionStyle
        c.preferredTransition = f.preferredTransition ?? nil
        c.definesPresentationContext = f.definesPresentationContext
        c.providesPresentationContextTransitionStyle = f.providesPresentationContextTransitionStyle
        c.isModalInPresentation = f.isModalInPresentation
        c.popoverAnchor = f.popoverAnchor
        if let v = f.systemController { c.systemController = v }
        if let v = f.preferredStyle { c.preferredStyle = v }
        declared[f.id] = c
    }

    /// The windows: each one's root from the facts, else from the first chain recorded in it.
    private mutating func declareWindows() {
        var roots: [String: String] = [:]
        for e in events {
            for f in e.facts {
                if let w = f.windowRoot, roots[w] == nil, !roots.values.contains(f.id) { roots[w] = f.id; windows.append((w, f.id)) }
            }
        }
        for e in events {
            guard let w = e.window, roots[w] == nil, let root = e.chain.first, !roots.values.contains(root.id) else { continue }
            roots[w] = root.id
            windows.append((w, root.id))
            note(root.id, "The root of window \(w) as its first recorded chain (#\(e.seq)) shows it; the log keeps no facts saying so.")
        }
    }

    /// The controllers found leaked, by the `seq` of the dismissal they were checked after: the
    /// scenario declares them `leaks` and releases them right after that call.
    private mutating func leakChecks() -> [Int: [String]] {
        var out: [Int: [String]] = [:]
        var released = Set<String>()
        let kept = Set(events.map(\.seq))
        for e in events where e.kind == .leakCheck && e.diagnostics.contains(where: { $0.code == .leakedAfterDismiss }) {
            guard let id = e.dismissed.first?.id else { continue }
            declared[id]?.leaks = true
            // A dismissal the log does not keep is made again before it starts (rebuildStart).
            guard let after = e.relatesTo, kept.contains(after), released.insert(id).inserted else { continue }
            declared[id]?.leaks = true
            out[after, default: []].append(id)
        }
        return out
    }

    private func environment() throws(ReplayError) -> Scenario.Environment {
        let idiom = header?.device["idiom"].flatMap { Scenario.Idiom(rawValue: $0) }
        // The device's "system" reads "iOS 17.4" (or "iPadOS 17.4"): the version is its last word.
        // Else the version the events' rules came from (a simulation's log has no device).
        let version = header?.device["system"].flatMap { $0.split(separator: " ").last }.flatMap { SystemVersion(parsing: String($0)) }
            ?? events.lazy.compactMap(\.rulesVersion).first
        if let version, version < UIKitVersions.oldestSupported {
            throw ReplayError(seq: nil, fact: "device.system",
                              message: "the log's device runs iOS \(version); the model covers \(UIKitVersions.supportedRangeText)")
        }
        // Regular width in a compact height is a large iPhone in landscape, not an iPad.
        let guessed: Scenario.Idiom = sizeClass == .regular && verticalSizeClass != .compact ? .pad : .phone
        return Scenario.Environment(idiom: idiom ?? guessed, horizontalSizeClass: sizeClass,
                                    verticalSizeClass: verticalSizeClass ?? .regular, systemVersion: version)
    }
}

extension ReplayBuilder {
    // MARK: Facts become steps

    /// Makes the replay's hierarchy and properties what `facts` say, by steps before `e`'s call
    /// (or, for the first facts of the log, by the declarations).
    private mutating func apply(_ facts: [ControllerFacts], at e: Event, declaring: Bool) throws(ReplayError) {
        if let first = sizeClass, let other = facts.compactMap(\.horizontalSizeClass).first(where: { $0 != first }) {
            let text = "From event #\(e.seq) on the recording saw a \(other.rawValue) size class too; a scenario has one, so the replay keeps the first (\(first.rawValue))."
            if !scenarioNotes.contains(where: { $0.hasSuffix("keeps the first (\(first.rawValue)).") }) { scenarioNotes.append(text) }
        }
        if let first = verticalSizeClass, let other = facts.compactMap(\.verticalSizeClass).first(where: { $0 != first }) {
            let text = "From event #\(e.seq) on the recording saw a \(other.rawValue) vertical size class too (the device turned); a scenario has one, so the replay keeps the first (\(first.rawValue) height)."
            if !scenarioNotes.contains(where: { $0.hasSuffix("keeps the first (\(first.rawValue) height).") }) { scenarioNotes.append(text) }
        }
        for f in facts {
            let known = properties[f.id] ?? f
            let now = known.updated(by: f)
            var changes: [Scenario.Property] = []
            if now.title != known.title { changes.append(.title(now.title)) }
            if let v = f.modalPresentationStyle, v != known.modalPresentationStyle { changes.append(.modalPresentationStyle(v)) }
            if let v = f.modalTransitionStyle, v != known.modalTransitionStyle { changes.append(.modalTransitionStyle(v)) }
            if let v = f.preferredTransition, .some(v) != known.preferredTransition { changes.append(.preferredTransition(v)) }
            if let v = f.definesPresentationContext, v != known.definesPresentationContext { changes.append(.definesPresentationContext(v)) }
            if let v = f.providesPresentationContextTransitionStyle, v != known.providesPresentationContextTransitionStyle {
                changes.append(.providesPresentationContextTransitionStyle(v))
            }
            if let v = f.isModalInPresentation, v != known.isModalInPresentation { changes.append(.isModalInPresentation(v)) }
            if let v = f.popoverAnchor, v != known.popoverAnchor { changes.append(.popoverAnchor(v)) }
            properties[f.id] = now
            if !changes.isEmpty {
                if declaring { applyToDeclaration(f.id, changes) } else { steps.append(Scenario.Step(.set(f.id, changes))) }
            }
        }
        // Containment: controllers the facts place in no parent leave theirs, then each listed
        // container gets its children in order, then its selection.
        for f in facts where f.parent == nil {
            if parent[f.id] != nil { try remove(f.id, declaring: declaring, at: e) }
        }
        for f in facts {
            guard let want = f.children else { continue }
            let have = children[f.id] ?? []
            if want != have {
                var k = 0
                while k < min(want.count, have.count), want[k] == have[k] { k += 1 }
                for child in have[k...].reversed() { try remove(child, declaring: declaring, at: e) }
                for child in want[k...] {
                    if parent[child] != nil { try remove(child, declaring: declaring, at: e) }
                    if windows.contains(where: { $0.root == child }) {
                        throw ReplayError(seq: e.seq, fact: "children",
                                          message: "\(child) is the root of a window and a child of \(f.id) here; a scenario cannot move a window's root into a container")
                    }
                    if declaring { declared[f.id]!.children.append(child) } else { steps.append(Scenario.Step(.addChild(child, to: f.id))) }
                    children[f.id, default: []].append(child)
                    parent[child] = f.id
                }
            }
            if let s = f.selected, declared[f.id]?.container == .tabBar || ContainerKind.implied(byType: declared[f.id]?.type ?? "") == .tabBar {
                let count = children[f.id]?.count ?? 0
                guard s < count else {
                    if s > 0 { note(f.id, "Event #\(e.seq) records selected tab \(s) of \(count): not replayed.") }
                    continue
                }
                if (selected[f.id] ?? 0) != s {
                    if declaring { declared[f.id]!.selected = s } else { steps.append(Scenario.Step(.select(s, in: f.id))) }
                    selected[f.id] = s
                }
            }
        }
        try placeUnlisted(facts, at: e, declaring: declaring)
    }

    /// A controller the facts place in a container whose children the log did not list anew
    /// (a log that is not the tracker's): appended to that container's children. Where the same
    /// facts list that container's children without it, the list stands: a controller's facts are
    /// noted with its container's, so the container's are at least as new (the ring carries each
    /// controller's last facts, and a child's may predate its removal).
    private mutating func placeUnlisted(_ facts: [ControllerFacts], at e: Event, declaring: Bool) throws(ReplayError) {
        for f in facts {
            guard let p = f.parent, parent[f.id] != p else { continue }
            if let listed = facts.last(where: { $0.id == p })?.children, !listed.contains(f.id) { continue }
            if parent[f.id] != nil { try remove(f.id, declaring: declaring, at: e) }
            note(p, "Event #\(e.seq) places \(f.id) in it without listing its children: appended last.")
            if declaring { declared[p]?.children.append(f.id) } else { steps.append(Scenario.Step(.addChild(f.id, to: p))) }
            children[p, default: []].append(f.id)
            parent[f.id] = p
        }
    }

    mutating func applyToDeclaration(_ id: String, _ changes: [Scenario.Property]) {
        for p in changes {
            switch p {
            case .title(let v): declared[id]!.title = v
            case .modalPresentationStyle(let v): declared[id]!.modalPresentationStyle = v
            case .modalTransitionStyle(let v): declared[id]!.modalTransitionStyle = v
            case .preferredTransition(let v): declared[id]!.preferredTransition = v
            case .definesPresentationContext(let v): declared[id]!.definesPresentationContext = v
            case .providesPresentationContextTransitionStyle(let v): declared[id]!.providesPresentationContextTransitionStyle = v
            case .isModalInPresentation(let v): declared[id]!.isModalInPresentation = v
            case .popoverAnchor(let v): declared[id]!.popoverAnchor = v
            case .detents(let v): declared[id]!.detents = v
            case .selectedDetent(let v): declared[id]!.selectedDetent = v
            case .largestUndimmedDetent(let v): declared[id]!.largestUndimmedDetent = v
            case .prefersGrabberVisible(let v): declared[id]!.prefersGrabberVisible = v
            case .prefersEdgeAttachedInCompactHeight(let v): declared[id]!.prefersEdgeAttachedInCompactHeight = v
            case .prefersPageSizing(let v): declared[id]!.prefersPageSizing = v
            }
        }
    }

    /// `removeFromParent` for `id`, keeping a tab bar's selection as UIKit's (and the simulator's) does.
    mutating func remove(_ id: String, declaring: Bool, at e: Event) throws(ReplayError) {
        guard let p = parent[id] else { return }
        if declaring {
            throw ReplayError(seq: e.seq, fact: "children", message: "the facts of one event place \(id) in two containers")
        }
        steps.append(Scenario.Step(.removeFromParent(id)))
        children[p]?.removeAll { $0 == id }
        parent[id] = nil
        let count = children[p]?.count ?? 0
        if let s = selected[p], s >= count { selected[p] = max(0, count - 1) }
    }
}
