/// The log form of ``Observation``: an `observed` object with the event's field names.
extension EventCoding {
    /// Writes `"observed":{…}` when the event carries an observation.
    static func writeObserved(_ o: Observation?, _ w: inout JSONWriter) {
        guard let o, !o.isEmpty else { return }
        w.key("observed")
        w.beginObject()
        if let v = o.outcome { w.field("outcome", v.rawValue) }
        if let r = o.presenting { w.key("presenting"); writeRef(r, &w) }
        if let r = o.contextProvider { w.key("contextProvider"); writeRef(r, &w) }
        if let v = o.effectiveStyle { w.field("effectiveStyle", v.name) }
        if let v = o.effectiveTransition { w.field("effectiveTransition", v.name) }
        if let v = o.window { w.field("window", v) }
        if let r = o.covered { w.key("covered"); writeRef(r, &w) }
        if let v = o.presentationControllerClass { w.field("presentationControllerClass", v) }
        if let d = o.dismissed {
            w.key("dismissed"); w.beginArray()
            for r in d { writeRef(r, &w) }
            w.endArray()
        }
        if let r = o.handledBy { w.key("handledBy"); writeRef(r, &w) }
        w.endObject()
    }

    /// Reads an `observed` object; unknown members are ignored like unknown event fields.
    static func decodeObserved(_ value: JSONValue) throws(EventDecodingError) -> Observation? {
        if value == .null { return nil }
        guard let obj = value.objectValue else {
            throw EventDecodingError(key: "observed", message: "expected an object, found \(value.typeDescription)")
        }
        var o = Observation()
        func ref(_ k: String, _ v: JSONValue) throws(EventDecodingError) -> ControllerRef? {
            if v == .null { return nil }
            guard let r = v.objectValue else { throw EventDecodingError(key: "observed.\(k)", message: "expected a controller reference object, found \(v.typeDescription)") }
            return try decodeObservedRef("observed.\(k)", r)
        }
        func string(_ k: String, _ v: JSONValue) throws(EventDecodingError) -> String? {
            if v == .null { return nil }
            guard let s = v.stringValue else { throw EventDecodingError(key: "observed.\(k)", message: "expected a string, found \(v.typeDescription)") }
            return s
        }
        for (k, v) in obj.members {
            switch k {
            case "presenting": o.presenting = try ref(k, v)
            case "contextProvider": o.contextProvider = try ref(k, v)
            case "covered": o.covered = try ref(k, v)
            case "handledBy": o.handledBy = try ref(k, v)
            case "window": o.window = try string(k, v)
            case "presentationControllerClass": o.presentationControllerClass = try string(k, v)
            case "outcome":
                guard let s = try string(k, v) else { continue }
                guard let oc = Outcome(rawValue: s) else { throw EventDecodingError(key: "observed.\(k)", message: "unknown outcome \"\(s)\"") }
                o.outcome = oc
            case "effectiveStyle":
                guard let s = try string(k, v) else { continue }
                guard let st = PresentationStyle(name: s) else { throw EventDecodingError(key: "observed.\(k)", message: "unknown presentation style \"\(s)\"") }
                o.effectiveStyle = st
            case "effectiveTransition":
                guard let s = try string(k, v) else { continue }
                guard let t = TransitionStyle(name: s) else { throw EventDecodingError(key: "observed.\(k)", message: "unknown transition style \"\(s)\"") }
                o.effectiveTransition = t
            case "dismissed":
                if v == .null { continue }
                guard let a = v.arrayValue else { throw EventDecodingError(key: "observed.dismissed", message: "expected an array, found \(v.typeDescription)") }
                var refs: [ControllerRef] = []
                for (i, item) in a.enumerated() {
                    let path = "observed.dismissed[\(i)]"
                    if let s = item.stringValue { refs.append(ControllerRef(id: s, type: "?")); continue }
                    guard let r = item.objectValue else { throw EventDecodingError(key: path, message: "expected a controller reference, found \(item.typeDescription)") }
                    refs.append(try decodeObservedRef(path, r))
                }
                o.dismissed = refs
            default: continue  // forward compatibility
            }
        }
        return o.isEmpty ? nil : o
    }

    private static func decodeObservedRef(_ key: String, _ o: JSONObject) throws(EventDecodingError) -> ControllerRef {
        guard let id = o["id"]?.stringValue else { throw EventDecodingError(key: key + ".id", message: "missing or not a string") }
        guard let type = o["type"]?.stringValue else { throw EventDecodingError(key: key + ".type", message: "missing or not a string") }
        return ControllerRef(id: id, type: type, title: o["title"]?.stringValue)
    }
}
