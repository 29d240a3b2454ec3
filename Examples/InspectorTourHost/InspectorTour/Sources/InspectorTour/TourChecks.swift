import PresentationInspector

/// The checks the tour makes on what the inspector recorded. Each returns failure messages,
/// empty when the check holds; a message names the tour's step and quotes the event it read.
enum TourChecks {
    /// No event carries a `model-drift` diagnostic: UIKit did what the model predicted.
    static func noModelDrift(_ events: [Event]) -> [String] {
        events.flatMap { e in
            e.diagnostics.filter { $0.code == .modelDrift }.map { "model-drift at \(e.summary): \($0.message)" }
        }
    }

    /// The present the tour made was recorded as UIKit performed it: outcome, names, call site,
    /// and the observed fields against what the tour read from UIKit itself.
    static func present(_ p: PerformedPresent, in events: [Event]) -> [String] {
        guard let e = events.first(where: { $0.seq > p.recordedAfter && $0.kind == .present && $0.presented?.id == p.presentedID }) else {
            return ["\(p.step): no present of \(p.presentedID) was recorded"]
        }
        var failures: [String] = []
        func fail(_ problem: String) { failures.append("\(p.step): \(problem) [\(e.summary)]") }

        if e.outcome != .presented { fail("recorded outcome \(e.outcome.rawValue), but UIKit presented it") }
        failures += nameFailures(e.presented, runtimeTypeName: p.runtimeTypeName, title: p.title, step: p.step)
        for (role, ref) in [("source", e.source), ("presenting controller", e.presenting)] {
            if let problem = readabilityProblem(ref) { fail("the \(role) \(problem)") }
        }
        if p.checksCallSite { failures += callSiteFailures(e, step: p.step) }

        let completed = events.first { $0.kind == .presentCompleted && $0.relatesTo == e.seq }
        if completed == nil { fail("no present-completed was recorded") }
        guard e.observed != nil || completed?.observed != nil else {
            fail("nothing UIKit did was observed")
            return failures
        }
        // What the end of the transition observed, else what was observed right after the call.
        func seen<T>(_ field: KeyPath<Observation, T?>) -> T? {
            completed?.observed?[keyPath: field] ?? e.observed?[keyPath: field]
        }
        let observed = (outcome: seen(\.outcome), presenting: seen(\.presenting), effectiveStyle: seen(\.effectiveStyle),
                        contextProvider: seen(\.contextProvider), presentationControllerClass: seen(\.presentationControllerClass),
                        window: seen(\.window))
        if observed.outcome != .presented { fail("observed outcome \(observed.outcome?.rawValue ?? "nothing"), but UIKit presented it") }
        if observed.presenting?.id != p.presentingID {
            fail("observed presenting \(observed.presenting?.id ?? "nothing"), but presentingViewController is \(p.presentingID)")
        }
        if let style = observed.effectiveStyle {
            if let expected = p.expectedStyle, style != expected {
                fail("observed effectiveStyle \(style.name), but UIKit shows \(expected.name)")
            }
        } else {
            fail("no effectiveStyle was observed")
        }
        if let provider = p.contextProviderID, observed.contextProvider?.id != provider {
            fail("observed contextProvider \(observed.contextProvider?.id ?? "nothing"), but \(provider) defines the context")
        }
        if let name = observed.presentationControllerClass {
            if name.hasPrefix("_Tt") { fail("presentationControllerClass \(name) is a mangled name") }
        } else {
            fail("no presentationControllerClass was observed")
        }
        if let window = p.windowID, observed.window != window {
            fail("observed window \(observed.window ?? "nothing"), but the presented view is in \(window)")
        }
        return failures
    }

    /// A `dismiss` removing the controller was recorded after event `after`, and the end of its
    /// transition observed it gone.
    static func dismissal(of id: String, after: Int = 0, step: String, in events: [Event]) -> [String] {
        let candidates = events.filter { $0.seq > after }
        guard let d = candidates.first(where: { $0.kind == .dismiss && $0.dismissed.contains { $0.id == id } }) else {
            return ["\(step): no dismiss removing \(id) was recorded"]
        }
        var failures: [String] = []
        if d.outcome != .dismissed { failures.append("\(step): recorded outcome \(d.outcome.rawValue) [\(d.summary)]") }
        let completed = events.first { $0.kind == .dismissCompleted && $0.relatesTo == d.seq }
        let observed = completed?.observed?.dismissed ?? d.observed?.dismissed
        if observed?.contains(where: { $0.id == id }) != true {
            failures.append("\(step): the end of the dismissal did not observe \(id) removed [\(d.summary)]")
        }
        return failures
    }

    /// Some event after event `after` records the controller's removal: a `dismiss` call, the end
    /// of a dismissal, or a dismissal without a recorded call (SwiftUI may dismiss its own sheets).
    static func removal(of id: String, after: Int = 0, step: String, in events: [Event]) -> [String] {
        let removed = events.contains { e in
            e.seq > after && (e.dismissed.contains { $0.id == id } || (e.observed?.dismissed ?? []).contains { $0.id == id })
        }
        return removed ? [] : ["\(step): no event records the removal of \(id)"]
    }

    /// The recorded name is the runtime's class name, readable (a mangled runtime name must
    /// not be recorded as it is), and the title is the controller's.
    static func nameFailures(_ ref: ControllerRef?, runtimeTypeName: String, title: String?, step: String) -> [String] {
        guard let ref else { return ["\(step): the event names no presented controller"] }
        var failures: [String] = []
        if let problem = readabilityProblem(ref) {
            failures.append("\(step): the presented controller \(problem)")
        } else if !runtimeTypeName.hasPrefix("_Tt") && !ref.type.hasPrefix(runtimeTypeName) {
            failures.append("\(step): the presented controller is named \(ref.type), its class is \(runtimeTypeName)")
        }
        if let title, ref.title != title {
            failures.append("\(step): the presented controller's title is recorded as \(ref.title ?? "nothing"), not \(title)")
        }
        return failures
    }

    /// Why a recorded name is not readable, or nil.
    static func readabilityProblem(_ ref: ControllerRef?) -> String? {
        guard let ref else { return "is not named" }
        if ref.type.isEmpty { return "has an empty name" }
        if ref.type.hasPrefix("_Tt") || ref.type.contains("$s") { return "is named \(ref.type), a mangled name" }
        return nil
    }

    /// The call site is the tour's own code in the host app, not UIKit's or the inspector's.
    static func callSiteFailures(_ e: Event, step: String) -> [String] {
        guard let site = e.callSite else { return ["\(step): no call site was recorded [\(e.summary)]"] }
        if !site.contains("InspectorTour") || site.contains("PresentationInspector.") || site.contains("UIKitCore") {
            return ["\(step): the call site \(site) is not the tour's code [\(e.summary)]"]
        }
        return []
    }

    /// The app's present and its completion's dismiss are recorded in call order, the present
    /// as presented (the completion UIKit ran inside the call must not come first).
    static func presentThenDismiss(of id: String, after: Int = 0, step: String, in events: [Event]) -> [String] {
        let candidates = events.filter { $0.seq > after }
        guard let present = candidates.first(where: { $0.kind == .present && $0.presented?.id == id }) else {
            return ["\(step): no present of \(id) was recorded"]
        }
        guard let dismiss = candidates.first(where: { $0.kind == .dismiss && $0.receiver?.id == id }) else {
            return ["\(step): no dismiss of \(id) was recorded"]
        }
        var failures: [String] = []
        if dismiss.seq < present.seq { failures.append("\(step): the dismiss (#\(dismiss.seq)) was recorded before the present (#\(present.seq))") }
        if present.outcome != .presented { failures.append("\(step): the present was recorded \(present.outcome.rawValue) [\(present.summary)]") }
        if dismiss.outcome != .dismissed { failures.append("\(step): the dismiss was recorded \(dismiss.outcome.rawValue) [\(dismiss.summary)]") }
        return failures
    }

    /// One event as the stage's log shows it: the summary, then what was observed, the call
    /// site and the diagnostics.
    static func describe(_ e: Event) -> String {
        var lines = [e.summary]
        if let o = e.observed, !o.isEmpty { lines.append("    observed: " + o.fields.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")) }
        if let site = e.callSite { lines.append("    call site: \(site)") }
        for d in e.diagnostics { lines.append("    \(d.severity.rawValue) \(d.code.rawValue): \(d.message)") }
        return lines.joined(separator: "\n")
    }
}
