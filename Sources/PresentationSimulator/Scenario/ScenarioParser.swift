import Foundation
@_spi(Package) import PresentationInspectorCore

extension Scenario {
    /// The line of each offset, in one pass (`offsets` ascending).
    static func lines(of offsets: [Int], in bytes: [UInt8]) -> [Int] {
        var lines: [Int] = []
        lines.reserveCapacity(offsets.count)
        var line = 1, position = 0
        for offset in offsets {
            while position < min(offset, bytes.count) {
                if bytes[position] == 0x0A { line += 1 }
                position += 1
            }
            lines.append(line)
        }
        return lines
    }

    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1, col = 1
        for b in bytes.prefix(offset) {
            if b == 0x0A { line += 1; col = 1 } else if b & 0xC0 != 0x80 { col += 1 }
        }
        return (line, col)
    }
}

/// Turns a parsed JSON document into a ``Scenario``, failing on the first unknown key,
/// wrong type or unknown id with the location and key named.
struct ScenarioReader {
    let file: String
    /// The document's text, to give an error the line of what it names.
    let bytes: [UInt8]
    /// Where in the document the reader is: `steps`, 3 is `steps[3]`.
    var path: [JSONParser.PathComponent] = []
    /// The action of the step being read, named after its location: `steps[3] (present)`.
    var stepKind: String?
    /// Seconds the `advance` steps read so far add up to (see ``maximumTotalAdvance``).
    var totalAdvance: Double = 0
    /// The environment's iOS version, once read: what a popover anchor is checked against.
    var systemVersion: SystemVersion?
    /// Each controller's sheet detents as the declarations and the steps read so far leave them:
    /// what a detent identifier is checked against.
    var detentsOf: [String: [String]] = [:]
    /// The `advance` steps of one scenario add up to at most 10⁸ s (about three years), so that
    /// every simulated time (advances plus 0.35 s transitions) stays inside ValueRanges.time and
    /// the log the simulator writes is one its reader accepts.
    static let maximumTotalAdvance: Double = 100_000_000

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
    }

    /// `environment`, `controllers[1]`, `steps[3] (present)`: the path as errors name it.
    var location: String? {
        guard !path.isEmpty else { return nil }
        var s = ""
        for component in path {
            switch component {
            case .key(let k): s += s.isEmpty ? k : ".\(k)"
            case .index(let i): s += "[\(i)]"
            }
        }
        return stepKind.map { s + " (\($0))" } ?? s
    }

    /// An error at `key` of the current location (`at` the key's path when it is nested, as
    /// `observed.dismissed[2]`), with the line and column of the deepest part of it found.
    func fail(_ key: String?, _ message: String, at keyPath: [JSONParser.PathComponent]? = nil) -> ScenarioError {
        let target = path + (keyPath ?? key.map { [.key($0)] } ?? [])
        var error = ScenarioError(file: file, location: location, key: key, message: message)
        if let offset = JSONParser.offset(of: target, in: bytes) {
            (error.line, error.column) = Scenario.lineAndColumn(of: offset, in: bytes)
        }
        return error
    }

    func object(_ v: JSONValue, _ what: String) throws(ScenarioError) -> JSONObject {
        guard let o = v.objectValue else { throw fail(nil, "\(what) must be an object, found \(v.typeDescription)") }
        var seen = Set<String>()
        for k in o.keys where !seen.insert(k).inserted { throw fail(k, "appears twice") }
        return o
    }

    func checkKeys(_ o: JSONObject, allowed: Set<String>) throws(ScenarioError) {
        for k in o.keys where !allowed.contains(k) {
            throw fail(k, "unknown key (expected one of: \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    func string(_ o: JSONObject, _ k: String) throws(ScenarioError) -> String? {
        guard let v = o[k] else { return nil }
        guard let s = v.stringValue else { throw fail(k, "must be a string, found \(v.typeDescription)") }
        return s
    }

    func requiredString(_ o: JSONObject, _ k: String) throws(ScenarioError) -> String {
        guard let s = try string(o, k) else { throw fail(k, "is required") }
        guard !s.isEmpty else { throw fail(k, "must not be empty") }
        return s
    }

    func bool(_ o: JSONObject, _ k: String) throws(ScenarioError) -> Bool? {
        guard let v = o[k] else { return nil }
        guard let b = v.boolValue else { throw fail(k, "must be true or false, found \(v.typeDescription)") }
        return b
    }

    func number(_ o: JSONObject, _ k: String) throws(ScenarioError) -> Double? {
        guard let v = o[k] else { return nil }
        guard let n = v.numberValue else { throw fail(k, "must be a number, found \(v.typeDescription)") }
        guard n.isFinite else { throw fail(k, "must be a finite number, found \(n)") }
        return n
    }

    func int(_ o: JSONObject, _ k: String) throws(ScenarioError) -> Int? {
        guard let v = o[k] else { return nil }
        guard let n = v.intValue else {
            guard let x = v.numberValue else { throw fail(k, "must be an integer, found \(v.typeDescription)") }
            throw fail(k, x == x.rounded() ? "is out of range: \(x)" : "must be an integer, found \(x)")
        }
        return n
    }

    func presentationStyle(_ o: JSONObject, _ k: String) throws(ScenarioError) -> PresentationStyle? {
        guard let s = try string(o, k) else { return nil }
        guard let v = PresentationStyle(name: s) else {
            throw fail(k, "unknown presentation style \"\(s)\" (expected one of: \(PresentationStyle.allCases.map(\.name).joined(separator: ", ")))")
        }
        return v
    }

    /// Reads a `modalTransitionStyle`: one of UIKit's four (zoom is a `preferredTransition`).
    func transitionStyle(_ o: JSONObject, _ k: String) throws(ScenarioError) -> TransitionStyle? {
        guard let s = try string(o, k) else { return nil }
        guard let v = TransitionStyle(name: s) else {
            throw fail(k, "unknown transition style \"\(s)\" (expected one of: \(TransitionStyle.modalStyles.map(\.name).joined(separator: ", ")))")
        }
        guard v != .zoom else {
            throw fail(k, "zoom is no modalTransitionStyle: it is a preferredTransition (iOS 18 and later): use \"preferredTransition\": \"zoom\"")
        }
        return v
    }

    /// Reads a `preferredTransition`, checked against the environment's iOS version.
    func preferredTransition(_ o: JSONObject, _ k: String) throws(ScenarioError) -> TransitionStyle? {
        guard let s = try string(o, k) else { return nil }
        guard let v = TransitionStyle(name: s) else {
            throw fail(k, "unknown transition \"\(s)\" (expected one of: \(TransitionStyle.allCases.map(\.name).joined(separator: ", ")))")
        }
        let version = UIKitVersions.rulesVersion(for: systemVersion)
        guard UIKitVersions.preferredTransition.value(at: version) == true else {
            throw fail(k, "preferredTransition exists from iOS 18; the environment names iOS \(version): use modalTransitionStyle")
        }
        return v
    }

    static let controllerKeys: Set<String> = Set<String>([
        "id", "type", "title", "container", "children", "selected", "modalPresentationStyle", "modalTransitionStyle",
        "definesPresentationContext", "providesPresentationContextTransitionStyle", "isModalInPresentation",
        "hasPopoverAnchor", "popoverAnchor", "systemController", "preferredStyle", "preferredTransition", "leaks", "comment",
    ]).union(sheetKeys)
    static let settableKeys: Set<String> = Set<String>([
        "title", "modalPresentationStyle", "modalTransitionStyle", "preferredTransition", "definesPresentationContext",
        "providesPresentationContextTransitionStyle", "isModalInPresentation", "hasPopoverAnchor", "popoverAnchor",
    ]).union(sheetKeys)
    /// The largest number a `startRecording` step gives the next event: 2^53, the largest integer
    /// every JSON reader keeps exactly.
    static let maximumStartSeq = 1 << 53
    static let stepKinds = ["present", "dismiss", "push", "pop", "select", "addChild", "removeFromParent", "set", "advance", "swipeDown",
                            "release", "startRecording", "selectDetent"]

    mutating func read(_ root: JSONValue) throws(ScenarioError) -> Scenario {
        let doc = try object(root, "the scenario")
        try checkKeys(doc, allowed: ["name", "environment", "options", "controllers", "windows", "steps", "comment"])
        var scenario = Scenario(name: try string(doc, "name") ?? (file as NSString).lastPathComponent)
        scenario.file = file
        scenario.comment = try string(doc, "comment")

        if let envValue = doc["environment"] {
            path = [.key("environment")]
            let env = try object(envValue, "environment")
            try checkKeys(env, allowed: ["idiom", "horizontalSizeClass", "verticalSizeClass", "iOS"])
            var idiom = Scenario.Idiom.phone
            if let s = try string(env, "idiom") {
                guard let i = Scenario.Idiom(rawValue: s) else { throw fail("idiom", "must be \"phone\" or \"pad\", found \"\(s)\"") }
                idiom = i
            }
            var size: SizeClass?
            if let s = try string(env, "horizontalSizeClass") {
                guard let c = SizeClass(rawValue: s) else { throw fail("horizontalSizeClass", "must be \"compact\" or \"regular\", found \"\(s)\"") }
                size = c
            }
            var vertical = SizeClass.regular
            if let s = try string(env, "verticalSizeClass") {
                guard let c = SizeClass(rawValue: s) else { throw fail("verticalSizeClass", "must be \"compact\" or \"regular\", found \"\(s)\"") }
                vertical = c
            }
            systemVersion = try version(env, "iOS")
            scenario.environment = Scenario.Environment(idiom: idiom, horizontalSizeClass: size, verticalSizeClass: vertical,
                                                        systemVersion: systemVersion)
        }

        if let optionsValue = doc["options"] {
            path = [.key("options")]
            let options = try object(optionsValue, "options")
            try checkKeys(options, allowed: ["checksOtherSizeClass", "checksOtherIOSVersions", "minimumIOS"])
            scenario.checksOtherSizeClass = try bool(options, "checksOtherSizeClass")
            scenario.checksOtherIOSVersions = try bool(options, "checksOtherIOSVersions")
            if let minimum = try version(options, "minimumIOS") {
                if let running = systemVersion, running < minimum {
                    throw fail("minimumIOS", "is iOS \(minimum), newer than the environment's iOS \(running): an app does not run below its minimum")
                }
                scenario.minimumIOS = minimum
            }
        }

        path = []
        guard let controllersValue = doc["controllers"] else { throw fail("controllers", "is required") }
        guard let controllers = controllersValue.arrayValue else { throw fail("controllers", "must be an array, found \(controllersValue.typeDescription)") }
        var ids = Set<String>()
        for (i, cv) in controllers.enumerated() {
            path = [.key("controllers"), .index(i)]
            let o = try object(cv, "a controller")
            try checkKeys(o, allowed: Self.controllerKeys)
            var c = Scenario.Controller(id: try requiredString(o, "id"), type: try requiredString(o, "type"))
            guard ids.insert(c.id).inserted else { throw fail("id", "duplicate controller id \"\(c.id)\"") }
            c.title = try string(o, "title")
            if let k = try string(o, "container") {
                guard let kind = ContainerKind(rawValue: k), kind != .none else {
                    throw fail("container", "must be one of navigation, tabBar, split, plain; found \"\(k)\"")
                }
                c.container = kind
            }
            if let v = o["children"] {
                guard let a = v.arrayValue else { throw fail("children", "must be an array of controller ids, found \(v.typeDescription)") }
                for item in a {
                    guard let s = item.stringValue else { throw fail("children", "must contain controller ids (strings), found \(item.typeDescription)") }
                    c.children.append(s)
                }
            }
            c.selected = try int(o, "selected") ?? 0
            c.modalPresentationStyle = try presentationStyle(o, "modalPresentationStyle")
            c.modalTransitionStyle = try transitionStyle(o, "modalTransitionStyle")
            c.preferredTransition = try preferredTransition(o, "preferredTransition")
            c.definesPresentationContext = try bool(o, "definesPresentationContext")
            c.providesPresentationContextTransitionStyle = try bool(o, "providesPresentationContextTransitionStyle")
            c.isModalInPresentation = try bool(o, "isModalInPresentation")
            c.popoverAnchor = try bool(o, "hasPopoverAnchor").map { $0 ? .anchored : .missing }
            try readSystemController(o, into: &c)
            try readSheetKeys(o, into: &c)
            c.leaks = try bool(o, "leaks") ?? false
            c.comment = try string(o, "comment")
            scenario.controllers.append(c)
        }

        // Children: known ids, one parent each, no cycles, selection in range.
        var parentOf: [String: String] = [:]
        for (i, c) in scenario.controllers.enumerated() {
            path = [.key("controllers"), .index(i)]
            if !c.children.isEmpty && (c.container ?? ContainerKind.implied(byType: c.type)) == nil {
                throw fail("children", "\(c.id) has children but is no container: set \"container\" (navigation, tabBar, split, plain) or use a UIKit container type")
            }
            for child in c.children {
                guard ids.contains(child) else { throw fail("children", "unknown controller id \"\(child)\"") }
                guard child != c.id else { throw fail("children", "\(c.id) cannot be its own child") }
                if let other = parentOf[child] { throw fail("children", "\"\(child)\" is already a child of \"\(other)\"; a controller has one parent") }
                parentOf[child] = c.id
            }
            let kind = c.container ?? ContainerKind.implied(byType: c.type)
            if kind == .tabBar, !c.children.isEmpty, !(0..<c.children.count).contains(c.selected) {
                throw fail("selected", "index \(c.selected) is out of range (0…\(c.children.count - 1))")
            }
        }
        // Cycles and containment depth in linear time: each controller's depth (levels above it)
        // is found once; a walk stops at the first controller whose depth is known.
        var depthOf: [String: Int] = [:]
        for (i, c) in scenario.controllers.enumerated() where depthOf[c.id] == nil {
            var walk: [String] = [], onPath: Set<String> = []
            var cur = c.id
            var base = 0
            while true {
                if let d = depthOf[cur] { base = d + 1; break }
                guard onPath.insert(cur).inserted else {
                    path = [.key("controllers"), .index(i)]
                    throw fail("children", "cycle through \"\(cur)\": a controller cannot be its own ancestor")
                }
                walk.append(cur)
                guard let p = parentOf[cur] else { break }
                cur = p
            }
            for (k, id) in walk.enumerated() {
                let depth = base + walk.count - 1 - k
                guard depth <= Scenario.maximumContainmentDepth else {
                    path = [.key("controllers"), .index(i)]
                    throw fail("children", "\(id) is nested \(depth) levels deep; containment deeper than \(Scenario.maximumContainmentDepth) levels is not supported")
                }
                depthOf[id] = depth
            }
        }

        path = []
        guard let windowsValue = doc["windows"] else { throw fail("windows", "is required") }
        guard let windows = windowsValue.arrayValue else { throw fail("windows", "must be an array, found \(windowsValue.typeDescription)") }
        var windowIDs = Set<String>(), roots = Set<String>()
        for (i, wv) in windows.enumerated() {
            path = [.key("windows"), .index(i)]
            let o = try object(wv, "a window")
            try checkKeys(o, allowed: ["id", "root", "level", "key", "comment"])
            var w = Scenario.Window(id: try requiredString(o, "id"), root: try requiredString(o, "root"))
            guard windowIDs.insert(w.id).inserted else { throw fail("id", "duplicate window id \"\(w.id)\"") }
            guard ids.contains(w.root) else { throw fail("root", "unknown controller id \"\(w.root)\"") }
            if let p = parentOf[w.root] { throw fail("root", "\"\(w.root)\" is a child of \"\(p)\" and cannot be a window's root") }
            guard roots.insert(w.root).inserted else { throw fail("root", "\"\(w.root)\" is already the root of another window") }
            w.level = try number(o, "level") ?? 0
            // UIWindow.Level values in use span about ±10⁷ (alert is 2000); more is a mistake.
            guard w.level.isFinite, abs(w.level) <= 10_000_000 else {
                throw fail("level", "out of range: \(w.level) is not in -1e7…1e7")
            }
            w.key = try bool(o, "key") ?? false
            scenario.windows.append(w)
        }

        path = []
        if let stepsValue = doc["steps"] {
            guard let steps = stepsValue.arrayValue else { throw fail("steps", "must be an array, found \(stepsValue.typeDescription)") }
            let lines = Scenario.lines(of: JSONParser.offsets(ofElementsAt: [.key("steps")], in: bytes), in: bytes)
            for (i, sv) in steps.enumerated() {
                path = [.key("steps"), .index(i)]
                var step = try readStep(sv, ids: ids)
                step.line = i < lines.count ? lines[i] : nil
                scenario.steps.append(step)
            }
        }
        return scenario
    }

    mutating func readStep(_ v: JSONValue, ids: Set<String>) throws(ScenarioError) -> Scenario.Step {
        let o = try object(v, "a step")
        let kinds = o.keys.filter { Self.stepKinds.contains($0) }
        guard kinds.count == 1, let kind = kinds.first else {
            if kinds.isEmpty { throw fail(o.keys.first, "a step needs exactly one of: \(Self.stepKinds.joined(separator: ", "))") }
            throw fail(kinds[1], "a step has one action; found both \"\(kinds[0])\" and \"\(kinds[1])\"")
        }
        stepKind = kind
        defer { stepKind = nil }
        func id(_ k: String) throws(ScenarioError) -> String {
            let s = try requiredString(o, k)
            guard ids.contains(s) else { throw fail(k, "unknown controller id \"\(s)\"") }
            return s
        }
        let thread = try string(o, "thread") ?? "main"
        let common: Set<String> = [kind, "comment", "thread"]
        let action: Scenario.Action
        switch kind {
        case "present":
            try checkKeys(o, allowed: common.union(["from", "animated", "observed", "observedAtEnd"]))
            action = .present(try id("present"), from: try id("from"), animated: try bool(o, "animated") ?? true)
        case "dismiss":
            try checkKeys(o, allowed: common.union(["animated", "observed"]))
            action = .dismiss(try id("dismiss"), animated: try bool(o, "animated") ?? true)
        case "push":
            try checkKeys(o, allowed: common.union(["onto", "animated"]))
            action = .push(try id("push"), onto: try id("onto"), animated: try bool(o, "animated") ?? true)
        case "pop":
            try checkKeys(o, allowed: common.union(["animated"]))
            action = .pop(try id("pop"), animated: try bool(o, "animated") ?? true)
        case "select":
            try checkKeys(o, allowed: common.union(["in"]))
            guard let index = try int(o, "select") else { throw fail("select", "is required") }
            action = .select(index, in: try id("in"))
        case "addChild":
            try checkKeys(o, allowed: common.union(["to"]))
            action = .addChild(try id("addChild"), to: try id("to"))
        case "removeFromParent":
            try checkKeys(o, allowed: common)
            action = .removeFromParent(try id("removeFromParent"))
        case "set":
            // Structure is not a property: say what changes it instead of "unknown key".
            let structural = [("container", "give it in the controller's declaration"), ("children", "use addChild, removeFromParent, push or pop"),
                              ("selected", "use a select step"), ("leaks", "give it in the controller's declaration"), ("type", "a controller's type is fixed")]
            if let (key, how) = structural.first(where: { o[$0.0] != nil }) {
                throw fail(key, "cannot be changed by a set step (\(how)); set changes only: \(Self.settableKeys.sorted().joined(separator: ", "))")
            }
            try checkKeys(o, allowed: common.union(Self.settableKeys))
            var props: [Scenario.Property] = []
            for k in o.keys where Self.settableKeys.contains(k) {
                switch k {
                case "title":
                    if o[k] == .null { props.append(.title(nil)) } else { props.append(.title(try string(o, k))) }
                case "modalPresentationStyle": if let v = try presentationStyle(o, k) { props.append(.modalPresentationStyle(v)) }
                case "modalTransitionStyle": if let v = try transitionStyle(o, k) { props.append(.modalTransitionStyle(v)) }
                case "preferredTransition":
                    if o[k] == .null { props.append(.preferredTransition(nil)) } else if let v = try preferredTransition(o, k) { props.append(.preferredTransition(v)) }
                case "definesPresentationContext": if let v = try bool(o, k) { props.append(.definesPresentationContext(v)) }
                case "providesPresentationContextTransitionStyle":
                    if let v = try bool(o, k) { props.append(.providesPresentationContextTransitionStyle(v)) }
                case "isModalInPresentation": if let v = try bool(o, k) { props.append(.isModalInPresentation(v)) }
                case "hasPopoverAnchor":
                    if o["popoverAnchor"] != nil { throw fail(k, "give either hasPopoverAnchor or popoverAnchor, not both") }
                    if let v = try bool(o, k) { props.append(.popoverAnchor(v ? .anchored : .missing)) }
                case "popoverAnchor": if let v = try popoverAnchor(o, k) { props.append(.popoverAnchor(v.state)) }
                default: break  // the sheet's keys, read below
                }
            }
            props += try sheetProperties(o, target: o["set"]?.stringValue.flatMap { ids.contains($0) ? $0 : nil })
            guard !props.isEmpty else { throw fail("set", "names no property to change (one of: \(Self.settableKeys.sorted().joined(separator: ", ")))") }
            action = .set(try id("set"), props)
        case "advance":
            try checkKeys(o, allowed: common)
            guard let s = try number(o, "advance") else { throw fail("advance", "is required") }
            guard s >= 0, s <= 86_400 else { throw fail("advance", "must be between 0 and 86400 seconds, found \(s)") }
            totalAdvance += s
            guard totalAdvance <= Self.maximumTotalAdvance else {
                throw fail("advance", "the advance steps add up to \(totalAdvance) s, past the limit of 1e8 s (about three years) for one scenario")
            }
            action = .advance(s)
        case "swipeDown":
            try checkKeys(o, allowed: common.union(["complete"]))
            action = .swipeDown(try id("swipeDown"), complete: try bool(o, "complete") ?? true)
        case "release":
            try checkKeys(o, allowed: common)
            action = .release(try id("release"))
        case "startRecording":
            try checkKeys(o, allowed: common)
            guard let seq = try int(o, "startRecording") else { throw fail("startRecording", "is required") }
            guard seq >= 1, seq <= Self.maximumStartSeq else {
                throw fail("startRecording", "must be an event number between 1 and \(Self.maximumStartSeq), found \(seq)")
            }
            action = .startRecording(seq)
        case "selectDetent":
            try checkKeys(o, allowed: common.union(["in"]))
            action = try selectDetent(o, sheet: try id("in"))
        default:
            throw fail(kind, "unknown step")
        }
        var step = Scenario.Step(action, thread: thread)
        step.observed = try readObserved(o, kind: kind, ids: ids)
        step.observedAtEnd = try readObserved(o, kind: kind, ids: ids, key: "observedAtEnd")
        step.comment = try string(o, "comment")
        return step
    }
}
