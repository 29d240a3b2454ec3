@_spi(Package) import PresentationInspectorCore

extension Scenario {
    /// The scenario as a file `Scenario.parse(_:file:)` reads back (docs/SCENARIOS.md): one
    /// controller, window or step per line, so that it diffs well and reads in review.
    public var jsonText: String {
        func object(_ body: (inout JSONWriter) -> Void) -> String {
            var w = JSONWriter()
            w.beginObject()
            body(&w)
            w.endObject()
            return w.text
        }
        func quoted(_ s: String) -> String { var out = ""; JSONWriter.appendQuoted(s, to: &out); return out }
        var out = "{ \"name\": \(quoted(name)),\n"
        if let comment { out += "  \"comment\": \(quoted(comment)),\n" }
        out += "  \"environment\": " + object { w in
            w.field("idiom", environment.idiom.rawValue)
            w.field("horizontalSizeClass", environment.horizontalSizeClass.rawValue)
            if environment.verticalSizeClass == .compact { w.field("verticalSizeClass", environment.verticalSizeClass.rawValue) }
            if let v = environment.systemVersion { w.field("iOS", v.description) }
        } + ",\n"
        if checksOtherSizeClass != nil || checksOtherIOSVersions != nil || minimumIOS != nil {
            out += "  \"options\": " + object { w in
                if let v = checksOtherSizeClass { w.field("checksOtherSizeClass", v) }
                if let v = checksOtherIOSVersions { w.field("checksOtherIOSVersions", v) }
                if let v = minimumIOS { w.field("minimumIOS", v.description) }
            } + ",\n"
        }
        out += "  \"controllers\": [\n"
        out += controllers.map { c in
            "    " + object { w in
                w.field("id", c.id)
                w.field("type", c.type)
                if let v = c.title { w.field("title", v) }
                if let v = c.container, v != .none { w.field("container", v.rawValue) }
                if !c.children.isEmpty {
                    w.key("children"); w.beginArray()
                    for id in c.children { w.string(id) }
                    w.endArray()
                }
                if c.selected != 0 { w.field("selected", c.selected) }
                if let v = c.modalPresentationStyle { w.field("modalPresentationStyle", v.name) }
                if let v = c.modalTransitionStyle { w.field("modalTransitionStyle", v.name) }
                if let v = c.preferredTransition { w.field("preferredTransition", v.name) }
                if let v = c.definesPresentationContext { w.field("definesPresentationContext", v) }
                if let v = c.providesPresentationContextTransitionStyle { w.field("providesPresentationContextTransitionStyle", v) }
                if let v = c.isModalInPresentation { w.field("isModalInPresentation", v) }
                if let v = c.popoverAnchor { Self.writeAnchor(v, &w) }
                if let v = c.systemController, v != SystemControllerKind(name: c.type) { w.field("systemController", v.name) }
                if let v = c.preferredStyle { w.field("preferredStyle", v.rawValue) }
                if let v = c.detents { w.key("detents"); Self.strings(v, &w) }
                if let v = c.selectedDetent { w.field("selectedDetent", v) }
                if let v = c.largestUndimmedDetent { w.field("largestUndimmedDetent", v) }
                if let v = c.prefersGrabberVisible { w.field("prefersGrabberVisible", v) }
                if let v = c.prefersEdgeAttachedInCompactHeight { w.field("prefersEdgeAttachedInCompactHeight", v) }
                if let v = c.prefersPageSizing { w.field("prefersPageSizing", v) }
                if c.leaks { w.field("leaks", true) }
                if let v = c.comment { w.field("comment", v) }
            }
        }.joined(separator: ",\n")
        out += " ],\n"
        out += "  \"windows\": [\n"
        out += windows.map { win in
            "    " + object { w in
                w.field("id", win.id)
                w.field("root", win.root)
                if win.level != 0 { w.field("level", number: win.level) }
                if win.key { w.field("key", true) }
            }
        }.joined(separator: ",\n")
        out += " ],\n"
        out += "  \"steps\": [\n"
        out += steps.map { step in "    " + object { w in Self.write(step, &w) } }.joined(separator: ",\n")
        out += " ] }\n"
        return out
    }

    private static func write(_ step: Step, _ w: inout JSONWriter) {
        if let c = step.comment { w.field("comment", c) }
        switch step.action {
        case let .present(p, from, animated):
            w.field("present", p); w.field("from", from); w.field("animated", animated)
        case let .dismiss(r, animated):
            w.field("dismiss", r); w.field("animated", animated)
        case let .push(c, nav, animated):
            w.field("push", c); w.field("onto", nav); w.field("animated", animated)
        case let .pop(nav, animated):
            w.field("pop", nav); w.field("animated", animated)
        case let .select(i, tabs):
            w.field("select", i); w.field("in", tabs)
        case let .addChild(c, parent):
            w.field("addChild", c); w.field("to", parent)
        case let .removeFromParent(c):
            w.field("removeFromParent", c)
        case let .set(id, props):
            w.field("set", id)
            for p in props {
                switch p {
                case .modalPresentationStyle(let v): w.field("modalPresentationStyle", v.name)
                case .modalTransitionStyle(let v): w.field("modalTransitionStyle", v.name)
                case .preferredTransition(let v):
                    if let v { w.field("preferredTransition", v.name) } else { w.key("preferredTransition"); w.null() }
                case .definesPresentationContext(let v): w.field("definesPresentationContext", v)
                case .providesPresentationContextTransitionStyle(let v): w.field("providesPresentationContextTransitionStyle", v)
                case .isModalInPresentation(let v): w.field("isModalInPresentation", v)
                case .popoverAnchor(let v): Self.writeAnchor(v, &w)
                case .title(let v):
                    if let v { w.field("title", v) } else { w.key("title"); w.null() }
                case .detents(let v): w.key("detents"); strings(v, &w)
                case .selectedDetent(let v):
                    if let v { w.field("selectedDetent", v) } else { w.key("selectedDetent"); w.null() }
                case .largestUndimmedDetent(let v):
                    if let v { w.field("largestUndimmedDetent", v) } else { w.key("largestUndimmedDetent"); w.null() }
                case .prefersGrabberVisible(let v): w.field("prefersGrabberVisible", v)
                case .prefersEdgeAttachedInCompactHeight(let v): w.field("prefersEdgeAttachedInCompactHeight", v)
                case .prefersPageSizing(let v): w.field("prefersPageSizing", v)
                }
            }
        case let .advance(s):
            w.field("advance", number: s)
        case let .swipeDown(sheet, complete):
            w.field("swipeDown", sheet); w.field("complete", complete)
        case let .release(id):
            w.field("release", id)
        case let .startRecording(seq):
            w.field("startRecording", seq)
        case let .selectDetent(detent, sheet):
            if let detent { w.field("selectDetent", detent) } else { w.key("selectDetent"); w.null() }
            w.field("in", sheet)
        }
        if step.thread != "main" { w.field("thread", step.thread) }
        if let o = step.observed { write(o, as: "observed", to: &w) }
        if let o = step.observedAtEnd { write(o, as: "observedAtEnd", to: &w) }
    }

    /// An array of strings.
    private static func strings(_ values: [String], _ w: inout JSONWriter) {
        w.beginArray()
        for v in values { w.string(v) }
        w.endArray()
    }

    /// A step's `observed` (or `observedAtEnd`) object, its set fields only.
    /// A known anchor as `hasPopoverAnchor`, an unknown one as `"popoverAnchor": "unknown"` (what a
    /// recording could not see stays unknown in the scenario, so a replay warns no more than the device).
    private static func writeAnchor(_ anchor: PopoverAnchorState, _ w: inout JSONWriter) {
        switch anchor {
        case .anchored: w.field("hasPopoverAnchor", true)
        case .missing: w.field("hasPopoverAnchor", false)
        case .unknown: w.field("popoverAnchor", PopoverAnchor.unknown.rawValue)
        }
    }

    private static func write(_ o: Scenario.Observed, as key: StaticString, to w: inout JSONWriter) {
        w.key(key); w.beginObject()
        if let v = o.presenting { w.field("presenting", v) }
        if let v = o.contextProvider { w.field("contextProvider", v) }
        if let v = o.effectiveStyle { w.field("effectiveStyle", v.name) }
        if let v = o.effectiveTransition { w.field("effectiveTransition", v.name) }
        if let v = o.presentationControllerClass { w.field("presentationControllerClass", v) }
        if let d = o.dismissed {
            w.key("dismissed"); w.beginArray()
            for id in d { w.string(id) }
            w.endArray()
        }
        if let v = o.handledBy { w.field("handledBy", v) }
        w.endObject()
    }
}
