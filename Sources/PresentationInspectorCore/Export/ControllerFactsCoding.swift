/// The log form of ``ControllerFacts``: an event's `facts` array, one object per controller.
extension EventCoding {
    /// Writes `"facts":[…]` when the event carries facts.
    static func writeFacts(_ facts: [ControllerFacts], _ w: inout JSONWriter) {
        guard !facts.isEmpty else { return }
        w.key("facts")
        w.beginArray()
        for f in facts {
            w.beginObject()
            w.field("id", f.id)
            w.field("type", f.type)
            if let v = f.title { w.field("title", v) }
            if let v = f.container { w.field("container", v.rawValue) }
            if let v = f.parent { w.field("parent", v) }
            if let v = f.children {
                w.key("children"); w.beginArray()
                for c in v { w.string(c) }
                w.endArray()
            }
            if let v = f.selected { w.field("selected", v) }
            if let v = f.modalPresentationStyle { w.field("modalPresentationStyle", v.name) }
            if let v = f.modalTransitionStyle { w.field("modalTransitionStyle", v.name) }
            if let v = f.preferredTransition {
                if let t = v { w.field("preferredTransition", t.name) } else { w.key("preferredTransition"); w.null() }
            }
            if let v = f.definesPresentationContext { w.field("definesPresentationContext", v) }
            if let v = f.providesPresentationContextTransitionStyle { w.field("providesPresentationContextTransitionStyle", v) }
            if let v = f.isModalInPresentation { w.field("isModalInPresentation", v) }
            // Known: `hasPopoverAnchor` as logs have always said it; unknown: `popoverAnchor`.
            switch f.popoverAnchor {
            case .anchored?: w.field("hasPopoverAnchor", true)
            case .missing?: w.field("hasPopoverAnchor", false)
            case .unknown?: w.field("popoverAnchor", PopoverAnchorState.unknown.rawValue)
            case nil: break
            }
            if let v = f.systemController { w.field("systemController", v.name) }
            if let v = f.preferredStyle { w.field("preferredStyle", v.rawValue) }
            if let v = f.window { w.field("window", v) }
            if let v = f.windowRoot { w.field("windowRoot", v) }
            if let v = f.horizontalSizeClass { w.field("horizontalSizeClass", v.rawValue) }
            if let v = f.verticalSizeClass { w.field("verticalSizeClass", v.rawValue) }
            if let v = f.presentedBy { w.field("presentedBy", v) }
            if let v = f.presentedAs { w.field("presentedAs", v.name) }
            w.endObject()
        }
        w.endArray()
    }

    /// The most children one controller's facts may list: far beyond any real container.
    static let maximumFactsChildren = 100_000

    /// Reads an event's `facts`; unknown members are ignored like unknown event fields, known ones
    /// are checked (a selected index is a non-negative integer, names are known names).
    static func decodeFacts(_ value: JSONValue) throws(EventDecodingError) -> [ControllerFacts] {
        if value == .null { return [] }
        guard let items = value.arrayValue else {
            throw EventDecodingError(key: "facts", message: "expected an array, found \(value.typeDescription)")
        }
        var out: [ControllerFacts] = []
        out.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            let at = "facts[\(i)]"
            guard let o = item.objectValue else { throw EventDecodingError(key: at, message: "expected an object, found \(item.typeDescription)") }
            let members = ObjectMembers(object: o, path: at)
            func string(_ k: String) throws(EventDecodingError) -> String? { try members.string(k) }
            func bool(_ k: String) throws(EventDecodingError) -> Bool? { try members.bool(k) }
            func named<T>(_ k: String, _ make: (String) -> T?, _ known: [String]) throws(EventDecodingError) -> T? {
                try members.named(k, make, known)
            }
            guard let id = try string("id") else { throw EventDecodingError(key: "\(at).id", message: "missing") }
            guard let type = try string("type") else { throw EventDecodingError(key: "\(at).type", message: "missing") }
            var f = ControllerFacts(id: id, type: type, title: try string("title"))
            f.container = try named("container", ControllerFacts.Container.init(rawValue:), ControllerFacts.Container.allCases.map(\.rawValue))
            f.parent = try string("parent")
            if let v = o["children"], v != .null {
                guard let a = v.arrayValue, a.count <= maximumFactsChildren else {
                    throw EventDecodingError(key: "\(at).children", message: "expected an array of at most \(maximumFactsChildren) ids, found \(v.typeDescription)")
                }
                var ids: [String] = []
                ids.reserveCapacity(a.count)
                for (j, c) in a.enumerated() {
                    guard let s = c.stringValue else { throw EventDecodingError(key: "\(at).children[\(j)]", message: "expected a string, found \(c.typeDescription)") }
                    ids.append(s)
                }
                f.children = ids
            }
            if let v = o["selected"], v != .null {
                guard let n = v.intValue, n >= 0, n <= maximumFactsChildren else {
                    throw EventDecodingError(key: "\(at).selected", message: "expected an integer in 0 … \(maximumFactsChildren), found \(v.numberValue.map { "\($0)" } ?? v.typeDescription)")
                }
                f.selected = n
            }
            f.modalPresentationStyle = try named("modalPresentationStyle", PresentationStyle.init(name:), PresentationStyle.allCases.map(\.name))
            f.modalTransitionStyle = try named("modalTransitionStyle", TransitionStyle.init(name:), TransitionStyle.modalStyles.map(\.name))
            if let v = o["preferredTransition"] {
                f.preferredTransition = v == .null ? .some(nil)
                    : .some(try named("preferredTransition", TransitionStyle.init(name:), TransitionStyle.allCases.map(\.name)))
            }
            f.definesPresentationContext = try bool("definesPresentationContext")
            f.providesPresentationContextTransitionStyle = try bool("providesPresentationContextTransitionStyle")
            f.isModalInPresentation = try bool("isModalInPresentation")
            f.popoverAnchor = try bool("hasPopoverAnchor").map { $0 ? .anchored : .missing }
            if let anchor = try string("popoverAnchor") {
                guard anchor == PopoverAnchorState.unknown.rawValue else {
                    throw EventDecodingError(key: "\(at).popoverAnchor", message: "unknown value \"\(anchor)\" (known: unknown; a known anchor is written hasPopoverAnchor)")
                }
                guard f.popoverAnchor == nil else {
                    throw EventDecodingError(key: "\(at).popoverAnchor", message: "give either hasPopoverAnchor or popoverAnchor, not both")
                }
                f.popoverAnchor = .unknown
            }
            f.systemController = try named("systemController", SystemControllerKind.init(name:), SystemControllerKind.allCases.map(\.name))
            f.preferredStyle = try named("preferredStyle", AlertControllerStyle.init(rawValue:), AlertControllerStyle.allCases.map(\.rawValue))
            f.window = try string("window")
            f.windowRoot = try string("windowRoot")
            f.horizontalSizeClass = try named("horizontalSizeClass", SizeClass.init(rawValue:), SizeClass.allCases.map(\.rawValue))
            f.verticalSizeClass = try named("verticalSizeClass", SizeClass.init(rawValue:), SizeClass.allCases.map(\.rawValue))
            f.presentedBy = try string("presentedBy")
            f.presentedAs = try named("presentedAs", PresentationStyle.init(name:), PresentationStyle.allCases.map(\.name))
            out.append(f)
        }
        return out
    }
}

/// The members of a nested object of an event (`facts[2]`, `sheet`), read with errors that name
/// their key path (`facts[2].selected`); a missing member or `null` reads as nil.
struct ObjectMembers {
    let object: JSONObject
    /// The object's own path, before each member's key.
    let path: String

    func string(_ k: String) throws(EventDecodingError) -> String? {
        guard let v = object[k], v != .null else { return nil }
        guard let s = v.stringValue else { throw EventDecodingError(key: "\(path).\(k)", message: "expected a string, found \(v.typeDescription)") }
        return s
    }

    func bool(_ k: String) throws(EventDecodingError) -> Bool? {
        guard let v = object[k], v != .null else { return nil }
        guard let b = v.boolValue else { throw EventDecodingError(key: "\(path).\(k)", message: "expected a boolean, found \(v.typeDescription)") }
        return b
    }

    /// A name one of `known` (`make` gives its value), or nil when absent.
    func named<T>(_ k: String, _ make: (String) -> T?, _ known: [String]) throws(EventDecodingError) -> T? {
        guard let s = try string(k) else { return nil }
        guard let v = make(s) else {
            throw EventDecodingError(key: "\(path).\(k)", message: "unknown value \"\(s)\" (known: \(known.joined(separator: ", ")))")
        }
        return v
    }
}
