@_spi(Package) import PresentationInspectorCore

extension Scenario {
    /// A step's `observed` object: UIKit answering differently from the model. Controllers are
    /// scenario ids; the simulation follows these answers and records them with the drift.
    public struct Observed: Sendable, Equatable {
        /// present: the controller UIKit made `presentingViewController`.
        public var presenting: String?
        /// present: the controller whose area the presentation covers.
        public var contextProvider: String?
        /// present: the style in effect after adaptation.
        public var effectiveStyle: PresentationStyle?
        /// present: the transition style in effect.
        public var effectiveTransition: TransitionStyle?
        /// present: the class name of UIKit's presentation controller (recorded, never drifts).
        public var presentationControllerClass: String?
        /// dismiss: the controllers that really went away, top first.
        public var dismissed: [String]?
        /// dismiss: the controller that really performed the dismissal.
        public var handledBy: String?

        public init() {}

        /// The keys a present step's `observed` accepts.
        static let presentKeys: Set<String> = ["presenting", "contextProvider", "effectiveStyle", "effectiveTransition", "presentationControllerClass", "comment"]
        /// The keys a present step's `observedAtEnd` accepts: what the end of a transition can
        /// show differently from the call (not the presenting controller, which UIKit sets at the call).
        static let presentEndKeys: Set<String> = ["contextProvider", "effectiveStyle", "effectiveTransition", "presentationControllerClass", "comment"]
        /// The keys a dismiss step's `observed` accepts.
        static let dismissKeys: Set<String> = ["dismissed", "handledBy", "comment"]
    }
}

extension ScenarioReader {
    /// Reads a step's `observed` object (or a present's `observedAtEnd`, named by `key`);
    /// unknown keys and ids are errors naming the key.
    func readObserved(_ step: JSONObject, kind: String, ids: Set<String>, key: String = "observed") throws(ScenarioError) -> Scenario.Observed? {
        guard let v = step[key] else { return nil }
        guard let o = v.objectValue else { throw fail(key, "must be an object, found \(v.typeDescription)") }
        var seen = Set<String>()
        for k in o.keys where !seen.insert(k).inserted { throw fail("\(key).\(k)", "appears twice", at: [.key(key), .key(k)]) }
        let allowed = key != "observed" ? Scenario.Observed.presentEndKeys
            : kind == "present" ? Scenario.Observed.presentKeys : Scenario.Observed.dismissKeys
        func observedFailure(_ k: String, _ message: String) -> ScenarioError {
            fail("\(key).\(k)", message, at: [.key(key), .key(k)])
        }
        for k in o.keys where !allowed.contains(k) {
            throw observedFailure(k, "unknown key (expected one of: \(allowed.sorted().joined(separator: ", ")))")
        }
        func id(_ k: String) throws(ScenarioError) -> String? {
            guard let raw = o[k] else { return nil }
            guard let s = raw.stringValue else { throw observedFailure(k, "must be a controller id, found \(raw.typeDescription)") }
            guard ids.contains(s) else { throw observedFailure(k, "unknown controller id \"\(s)\"") }
            return s
        }
        var r = Scenario.Observed()
        r.presenting = try id("presenting")
        r.contextProvider = try id("contextProvider")
        r.handledBy = try id("handledBy")
        if let s = o["effectiveStyle"] {
            // UIKit resolves automatic before it presents: it is never the style in effect.
            guard let name = s.stringValue, let style = PresentationStyle(name: name), style != .automatic else {
                throw observedFailure("effectiveStyle", "must be a presentation style in effect (one of: \(PresentationStyle.allCases.filter { $0 != .automatic }.map(\.name).joined(separator: ", ")))")
            }
            r.effectiveStyle = style
        }
        if let s = o["effectiveTransition"] {
            guard let name = s.stringValue, let t = TransitionStyle(name: name) else {
                throw observedFailure("effectiveTransition", "unknown transition style (expected one of: \(TransitionStyle.allCases.map(\.name).joined(separator: ", ")))")
            }
            r.effectiveTransition = t
        }
        if let s = o["presentationControllerClass"] {
            guard let name = s.stringValue else { throw observedFailure("presentationControllerClass", "must be a string, found \(s.typeDescription)") }
            r.presentationControllerClass = name
        }
        if let d = o["dismissed"] {
            guard let a = d.arrayValue else { throw observedFailure("dismissed", "must be an array of controller ids, found \(d.typeDescription)") }
            var list: [String] = []
            for (i, item) in a.enumerated() {
                guard let s = item.stringValue, ids.contains(s) else {
                    throw fail("\(key).dismissed[\(i)]", "must be a declared controller id, found \(item.stringValue.map { "\"\($0)\"" } ?? item.typeDescription)",
                               at: [.key(key), .key("dismissed"), .index(i)])
                }
                list.append(s)
            }
            r.dismissed = list
        }
        return r
    }
}
