@_spi(Package) import PresentationInspectorCore

extension ReplayBuilder {
    // MARK: A recording that starts mid-session

    /// The steps that rebuild, unrecorded, the state a recording that starts mid-session (its ring
    /// dropped the first events, or it was cut) started in, then `startRecording` numbered as its
    /// first event: the presentations its first events show on screen, the transitions and leak
    /// checks of dropped calls that its kept events see end, each as the facts say. Nothing when
    /// the recording starts at event 1.
    mutating func rebuildStart() {
        guard let first = events.first, first.seq > 1 || (header?.dropped ?? 0) > 0 else { return }
        let kept = Set(events.map(\.seq))
        let carried = Dictionary(first.facts.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        let inFlightPresents = events.filter { $0.kind == .presentCompleted && !$0.relatesTo.map(kept.contains).orTrue }
        let inFlightDismissals = events.filter { $0.kind == .dismissCompleted && !$0.relatesTo.map(kept.contains).orTrue }
        let arriving = Set(inFlightPresents.compactMap { $0.presented?.id })

        // The presentations on screen before the first event of each window, in chain order (a
        // presenting controller before what it presents): that event's chain without what it
        // presented, with what it (or a dropped call it ends) removed.
        var standing: [(id: String, presenter: String, step: Scenario.Step)] = []
        var presenters = Set<String>()
        func stand(_ id: String, by presenter: String) {
            var observed = Scenario.Observed()
            observed.presenting = presenter
            observed.effectiveStyle = carried[id]?.presentedAs.flatMap { $0 == .automatic ? nil : $0 }
            standing.append((id, presenter, Scenario.Step(.present(id, from: presenter, animated: false), observed: observed)))
            presenters.insert(presenter)
            note(id, "Presented by \(presenter) before the recording's first event (#\(first.seq)): rebuilt, unrecorded, before startRecording.")
        }
        var windowsSeen = Set<String>(), presentedInLog = Set<String>()
        for e in events {
            if e.kind == .present && e.outcome == .presented, let p = e.presented?.id { presentedInLog.insert(p) }
            // A tree in no window (a detached presenter's) is known by its root.
            guard !e.chain.isEmpty, windowsSeen.insert(e.window ?? "detached " + (e.chain.first?.id ?? "")).inserted else { continue }
            var chain = e.chain.dropFirst().map(\.id).filter { !presentedInLog.contains($0) }
            let removes = e.kind == .dismiss || e.kind == .dismissCompleted || (e.kind == .interactiveDismiss && e.outcome == .completed)
            if removes { chain += e.dismissed.reversed().map(\.id).filter { !chain.contains($0) } }
            var before = e.chain.first?.id
            for id in chain {
                defer { before = id }
                guard !arriving.contains(id), !standing.contains(where: { $0.id == id }), declared[id] != nil else { continue }
                let presenter: String
                if let q = carried[id]?.presentedBy, declared[q] != nil {
                    presenter = q
                } else if let q = before {
                    presenter = q
                    note(id, "The recording does not say who presented it: the replay has the controller before it in the chain of #\(e.seq) present it.")
                } else { continue }
                stand(id, by: presenter)
            }
        }
        // Presentations no kept chain shows (in a tree no window holds), from the facts the ring
        // carried: each after its presenting controller's own.
        // A controller a kept chain shows as its root before any kept present of it is presented by no one.
        var unpresented = Set<String>(), presentedLater = Set<String>()
        for e in events {
            if e.kind == .present, e.outcome == .presented, let p = e.presented?.id { presentedLater.insert(p) }
            if let root = e.chain.first?.id, !presentedLater.contains(root) { unpresented.insert(root) }
        }
        var waiting = first.facts.filter { f in
            f.presentedBy.map { declared[$0] != nil } == true && declared[f.id] != nil && !arriving.contains(f.id)
                && !unpresented.contains(f.id) && !standing.contains { $0.id == f.id }
        }
        while let i = waiting.firstIndex(where: { f in !waiting.contains { $0.id == f.presentedBy } }) {
            let f = waiting.remove(at: i)
            if let by = f.presentedBy { stand(f.id, by: by) }
        }
        standing = Self.innerPresentersFirst(standing) { carried[$0]?.parent }

        // Calls the ring dropped whose ends it kept: made again, unrecorded, at the time that
        // makes them end as recorded, once the presentations above stand.
        var calls: [(time: Double, steps: [Scenario.Step])] = []
        for c in inFlightPresents {
            guard let p = c.presented?.id else { continue }
            guard let q = (c.presenting ?? c.observed?.presenting)?.id ?? carried[p]?.presentedBy, declared[q] != nil else {
                // Its end names no presenter: a swipe (the only removal a running transition
                // allows) took the sheet away before it, and the ring dropped both. Made again
                // from the call's source, swiped at once; unless a trial found the swipe meets
                // no sheet (the present refused), which would stop the replay.
                if let source = c.source?.id, declared[source] != nil, !unreplayable.contains(c.seq) {
                    calls.append((c.time - Simulation.transitionDuration, [Self.rebuiltPresent(p, from: source, endingAs: c),
                                                                           Scenario.Step(.swipeDown(p, complete: true))]))
                    rebuiltSwipes.append((p, c.seq))
                    note(p, "Its present (#\(c.relatesTo ?? 0)) and the swipe that removed it before its end (#\(c.seq)) were dropped: both made again from \(source), unrecorded, before startRecording.")
                } else {
                    note(p, "Its present (#\(c.relatesTo ?? 0)) and what removed it before its end (#\(c.seq)) were dropped: that end is not replayed.")
                    gap(c.seq, "its present (#\(c.relatesTo ?? 0)) and what removed \(p) before this end were dropped, and the model refuses them made again")
                }
                continue
            }
            // Not animated, its end came inside the call. Made again animated, the transition ends
            // as recorded, after startRecording; unless a kept event the running transition would
            // meet comes before the end, or a dismissal of what it presents comes at its instant.
            let endsInsideTheCall = !c.animated && events.contains { e in
                e.seq < c.seq || (e.seq > c.seq && e.time <= c.time && e.kind == .dismiss && e.receiver?.id == p)
            }
            let step = Self.rebuiltPresent(p, from: q, endingAs: c, animated: !endsInsideTheCall)
            // Its sheet, where it changed during that transition (the end records it then).
            let sheet = c.sheet.map { rebuiltSheetSteps(p, endingAs: $0, at: c) } ?? []
            guard !endsInsideTheCall else {
                // Not animated: it ended inside the call, which the ring dropped; made again
                // before startRecording, its end is made there too, unrecorded.
                calls.append((c.time, styledAsItsEnd(p, c, [step]) + sheet))
                gap(c.seq, "its present (#\(c.relatesTo ?? 0)) was not animated, so this end came inside that call, which the ring dropped: the call is made again before startRecording, with its end")
                continue
            }
            calls.append((c.time - Simulation.transitionDuration, styledAsItsEnd(p, c, [step]) + sheet))
            note(p, "Its present (#\(c.relatesTo ?? 0)) was dropped and its end (#\(c.seq)) kept: made again from \(q), unrecorded, before startRecording.")
        }
        var leakChecked: [Int: [String]] = [:]
        for l in events where l.kind == .leakCheck {
            if let seq = l.relatesTo, let id = l.dismissed.first?.id { leakChecked[seq, default: []].append(id) }
        }
        var madeAgain = Set<Int>()
        for d in inFlightDismissals {
            guard let r = d.receiver?.id, let seq = d.relatesTo else { continue }
            var step = Scenario.Step(.dismiss(r, animated: true), thread: d.thread)
            if let gone = d.observed?.dismissed { var o = Scenario.Observed(); o.dismissed = gone.map(\.id); step.observed = o }
            // What it dismissed stands nowhere the first events show, or its handler (presented, in
            // no container) does not: a swipe took the sheet away while the dismissal ran, and the
            // ring dropped both. Made again: the handler, when it went too, presented over what the
            // end's chain shows, what it dismissed presented from it, the dismissal, then the swipe
            // of the lowest that went; unless a trial found the swipe meets no sheet.
            var before: [Scenario.Step] = [], after: [Scenario.Step] = []
            let gone = (d.observed?.dismissed ?? d.dismissed).map(\.id)
            let shows = { (id: String) in arriving.contains(id) || standing.contains { $0.id == id } }
            if let h = d.handledBy?.id, let lowest = gone.last, !gone.contains(h), !d.chain.contains(where: { gone.contains($0.id) }) {
                let handlerStays = carried[h]?.parent != nil || windows.contains { $0.root == h } || shows(h) || d.chain.contains { $0.id == h }
                if !handlerStays || !gone.contains(where: shows) {
                    guard declared[h] != nil, let top = d.chain.last?.id, gone.allSatisfy({ declared[$0] != nil }), !unreplayable.contains(d.seq) else {
                        note(r, "Its dismissal (#\(seq)) and what removed what it dismissed before its end (#\(d.seq)) were dropped: that end is not replayed.")
                        gap(d.seq, "its dismissal (#\(seq)) and what removed \(gone.joined(separator: ", ")) before this end were dropped, and the model refuses them made again")
                        standing.removeAll { gone.contains($0.id) }  // gone after the end
                        continue
                    }
                    standing.removeAll { gone.contains($0.id) }
                    let swiped = handlerStays ? lowest : h
                    // A sheet, since a swipe took it away (the log does not say which: gone at once, unrecorded).
                    var asSheet = Scenario.Observed()
                    asSheet.effectiveStyle = .pageSheet
                    if !handlerStays { before.append(Scenario.Step(.present(h, from: top, animated: false), observed: asSheet)) }
                    var presenter = h
                    for g in gone.reversed() {
                        before.append(Scenario.Step(.present(g, from: presenter, animated: false), observed: g == swiped ? asSheet : nil))
                        presenter = g
                    }
                    after.append(Scenario.Step(.swipeDown(swiped, complete: true)))
                    rebuiltSwipes.append((swiped, d.seq))
                    for id in [h] + gone { notes[id]?.removeAll { $0.hasPrefix("Presented by ") } }
                    note(swiped, "The dismissal #\(seq) of \(gone.joined(separator: ", ")) and the swipe that took \(swiped) away before its end (#\(d.seq)) were dropped: made again, unrecorded, before startRecording.")
                }
            }
            calls.append((d.time - Simulation.transitionDuration, before + [step] + after + (leakChecked[seq] ?? []).map { Scenario.Step(.release($0)) }))
            madeAgain.insert(seq)
        }
        calls.sort { $0.time < $1.time }

        // Dismissals the ring dropped whose leak checks it kept: the controller, presented from its
        // window's root, is dismissed at the time that makes its check come as recorded, and
        // released (it was: its check found it alive). Before the presentations above, while
        // the roots present nothing, unless a call above must come first.
        let delay = HandlerConfiguration().leakCheckDelay ?? 0
        var leaks: [(time: Double, steps: [Scenario.Step])] = []
        for l in events where l.kind == .leakCheck && !l.relatesTo.map({ kept.contains($0) || madeAgain.contains($0) }).orTrue {
            guard let id = l.dismissed.first?.id, !arriving.contains(id), declared[id]?.leaks == true else { continue }
            let time = l.time - delay
            let early = calls.first.map { time <= $0.time } ?? true
            let host = windows.first(where: { $0.id == l.window })?.root ?? windows.first?.root
            let contained = declared.values.contains { $0.children.contains(id) }
            guard let host, early || (!presenters.contains(host) && !standing.contains { $0.id == id }), !contained else {
                note(id, "Its dismissal (#\(l.relatesTo ?? 0)) was dropped, and the hierarchy the recording starts with leaves no way to make it again: its leak check (#\(l.seq)) is not replayed.")
                gap(l.seq, "its dismissal (#\(l.relatesTo ?? 0)) was dropped, and the hierarchy the recording starts with leaves no way to make it again")
                continue
            }
            var observed = Scenario.Observed()
            observed.presenting = host
            leaks.append((time, [Scenario.Step(.present(id, from: host, animated: false), observed: observed),
                                 Scenario.Step(.dismiss(id, animated: false)), Scenario.Step(.release(id))]))
            note(id, "Its dismissal (#\(l.relatesTo ?? 0)) was dropped and its leak check (#\(l.seq)) kept: presented and dismissed again, unrecorded, before startRecording.")
        }
        leaks.sort { $0.time < $1.time }

        let firstCall = calls.first?.time ?? .infinity
        for leak in leaks where leak.time <= firstCall {
            advance(to: leak.time)
            steps += leak.steps
        }
        steps += lentToAWindow(standing, carried: carried)
        typealias Timed = (time: Double, steps: [Scenario.Step], ends: Bool)
        var timed: [Timed] = calls.map { ($0.time, $0.steps, true) } + leaks.filter { $0.time > firstCall }.map { ($0.time, $0.steps, false) }
        timed.sort { $0.time < $1.time }
        // A dropped call came before every kept end: the clock stops short of the ends pending.
        var pendingEnd = Double.infinity
        for t in timed {
            advance(to: min(t.time, pendingEnd - 0.000_001))
            steps += t.steps
            if t.ends { pendingEnd = min(pendingEnd, t.time + Simulation.transitionDuration) }
        }
        steps.append(Scenario.Step(.startRecording(first.seq)))
        scenarioNotes.append("The recording starts at event #\(first.seq)\((header?.dropped ?? 0) > 0 ? " (its ring dropped \(header?.dropped ?? 0) events before it)" : ""): the steps before startRecording rebuild, unrecorded, what its first events show.")
    }

    /// `standing` in an order the model (as UIKit) accepts: each presentation after its presenter's
    /// own, and one from inside a container (through `parent`) before one from that container: a
    /// controller whose ancestor presents cannot present (already presenting), while an ancestor
    /// whose child presents can, so the inner one came first whatever order the chains list them in.
    static func innerPresentersFirst<T>(_ standing: [(id: String, presenter: String, step: T)],
                                        parent: (String) -> String?) -> [(id: String, presenter: String, step: T)] {
        // Hostile logs may carry thousands; real sessions stand a few presentations at once.
        guard standing.count > 1, standing.count <= 1_000 else { return standing }
        func ancestors(_ id: String) -> Set<String> {
            var out = Set<String>(), at = id
            while let p = parent(at), out.count < 1_000, out.insert(p).inserted { at = p }
            return out
        }
        let inside = standing.map { ancestors($0.presenter) }
        var left = Array(standing.indices), out: [(id: String, presenter: String, step: T)] = []
        while !left.isEmpty {
            let mustWait = { (i: Int) in
                left.contains { j in j != i && (standing[j].id == standing[i].presenter || inside[j].contains(standing[i].presenter)) }
            }
            let k = left.firstIndex { !mustWait($0) } ?? 0
            out.append(standing[left.remove(at: k)])
        }
        return out
    }

    /// What a `present-completed` observed, the fields `included` names, as a replayed present's answers.
    private static func answers(_ o: Observation, where included: (String) -> Bool) -> Scenario.Observed {
        var r = Scenario.Observed()
        if included("contextProvider") { r.contextProvider = o.contextProvider?.id }
        if included("effectiveStyle") { r.effectiveStyle = o.effectiveStyle }
        if included("effectiveTransition") { r.effectiveTransition = o.effectiveTransition }
        if included("presentationControllerClass") { r.presentationControllerClass = o.presentationControllerClass }
        return r
    }
}

private extension Optional where Wrapped == Bool {
    /// True when nil: an event that relates to none is taken as relating to one outside the log.
    var orTrue: Bool { self ?? true }
}

extension ReplayBuilder {
    /// A dropped present made again for its kept end `c`, with what that end observed: what
    /// drifted at the end was seen there, the rest at the call.
    static func rebuiltPresent(_ p: String, from q: String, endingAs c: Event, animated: Bool = true) -> Scenario.Step {
        var step = Scenario.Step(.present(p, from: q, animated: animated), thread: c.thread)
        guard let o = c.observed else { return step }
        let atEnd = { (field: String) in c.diagnostics.contains { $0.isModelDrift(of: field) } }
        step.observed = answers(o) { !atEnd($0) }
        let end = answers(o, where: atEnd)
        step.observedAtEnd = end.contextProvider == nil && end.effectiveStyle == nil && end.effectiveTransition == nil
            && end.presentationControllerClass == nil ? nil : end
        step.observed?.presenting = o.presenting?.id
        return step
    }

    /// `call` (the dropped present of `p`) between two `set` steps, where the end `c` keeps a
    /// style the controller's style at the start no longer gives: it changed while the transition
    /// ran, and the end keeps the call's. The call is made with the style in effect at the end
    /// (UIKit's adaptation leaves it as it is), and the style the facts show is set back after it.
    mutating func styledAsItsEnd(_ p: String, _ c: Event, _ call: [Scenario.Step]) -> [Scenario.Step] {
        guard let ended = c.effectiveStyle, let size = sizeClass, let facts = declared[p] else { return call }
        let now = facts.modalPresentationStyle ?? .automatic
        guard PresentationResolver.effectiveStyle(now, sizeClass: size, version: version).0 != ended,
              PresentationResolver.effectiveStyle(ended, sizeClass: size, version: version).0 == ended else { return call }
        note(p, "Its style changed while its dropped present (#\(c.relatesTo ?? 0)) ran: made again as \(ended.name), its end's style, then set back to \(now.name).")
        return [Scenario.Step(.set(p, [.modalPresentationStyle(ended)]))] + call + [Scenario.Step(.set(p, [.modalPresentationStyle(now)]))]
    }

    /// The steps of `standing`: those on a tree no window holds (its root left a container after
    /// the presents, and took them with it) first, while that root is lent to the first window's
    /// root as a child (the model, as UIKit, refuses a present from a detached tree, or from a
    /// window already presenting), then the others.
    mutating func lentToAWindow(_ standing: [(id: String, presenter: String, step: Scenario.Step)],
                                carried: [String: ControllerFacts]) -> [Scenario.Step] {
        let presenterOf = Dictionary(standing.map { ($0.id, $0.presenter) }, uniquingKeysWith: { a, _ in a })
        func treeRoot(_ id: String) -> String {
            var root = id, depth = 0
            while depth < Scenario.maximumContainmentDepth, let up = carried[root]?.parent ?? presenterOf[root] { root = up; depth += 1 }
            return root
        }
        guard let host = windows.first?.root else { return standing.map(\.step) }
        var lent: [String: [Scenario.Step]] = [:], order: [String] = [], rest: [Scenario.Step] = []
        for s in standing {
            let root = treeRoot(s.presenter)
            guard root != host, !windows.contains(where: { $0.root == root }), parent[root] == nil, declared[root] != nil else {
                rest.append(s.step)
                continue
            }
            if lent[root] == nil { order.append(root) }
            lent[root, default: []].append(s.step)
        }
        var out: [Scenario.Step] = []
        for root in order {
            note(root, "No window holds it at the start: lent to \(host) as a child while what stands on it is presented again, then taken out, unrecorded, before startRecording.")
            out += [Scenario.Step(.addChild(root, to: host))] + lent[root]! + [Scenario.Step(.removeFromParent(root))]
        }
        return out + rest
    }
}
