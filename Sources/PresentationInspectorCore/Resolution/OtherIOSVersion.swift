/// What the same `present` would look like on the other iOS versions the app supports: the
/// resolver asked once more per span of versions whose rules differ (``UIKitVersions``), over the
/// same reads of the hierarchy.
///
/// A team that tests on one iOS version does not see what another does with the same call: from
/// iOS 18 a controller left at `.automatic` is a formSheet, smaller than the pageSheet it was
/// before, on every iPad. The comparison turns the differences a user would see into one
/// `other-ios-version` note (info) on the event (DESIGN, rule 12):
/// - another style, where the two look different (a pageSheet and a formSheet look alike in
///   compact width or height: a sheet, or full screen);
/// - another transition (a preferred zoom from iOS 18);
/// - another presenting controller or context provider, or a refusal there.
/// A present refused here gets none: its own diagnostic comes first. It keeps nothing.
///
/// The version enters the rules only through the style (``UIKitVersions/automaticStyle``, the
/// system controllers' own rows) and the transition (``UIKitVersions/preferredTransition``), and
/// a sheet's style changes nothing else (no context, no anchor): a span whose style is this
/// present's, or a sheet where this one is a sheet, has this present's answer but for the style
/// and transition, and is not resolved again (`OtherIOSVersionPremiseTests` holds the rules to
/// that premise). The spans are computed once per supported range (``Supported``).
enum OtherIOSVersion {
    /// The versions an app supports and the spans whose rules differ among them, computed once.
    struct Supported: Sendable {
        let range: ClosedRange<SystemVersion>
        let spans: [Span]
        init(_ range: ClosedRange<SystemVersion>) {
            self.range = range
            spans = OtherIOSVersion.spans(in: range)
        }
    }

    /// What the comparison reads of a present's resolution, as plain values, taken once by the
    /// resolver: deciding the common case (nothing differs) asks the runtime for nothing.
    struct Inputs: Sendable {
        let style: StyleInputs
        let sizeClass: SizeClass
        /// The transition before a preferred transition replaced it.
        let transitionWithoutPreferred: TransitionStyle
        let effectiveStyle: PresentationStyle
        let effectiveTransition: TransitionStyle
        let rulesVersion: SystemVersion
        let styleIsPredicted: Bool
    }

    /// The `other-ios-version` note for a present resolved as `here`, comparing the spans of
    /// `supported` (the app's minimum to the newest modelled), or nil when none looks different.
    static func diagnostic<N: PresentationNode>(for here: PresentResolution<N>, options: ResolverOptions,
                                                supported: Supported) -> Diagnostic? {
        guard supported.spans.count > 1, here.rejection == nil, let inputs = here.versionInputs else { return nil }
        var styles: [(span: Span, style: PresentationStyle)] = []
        var transitions: [(span: Span, transition: TransitionStyle)] = []
        var resolveOn: [Span] = []
        for span in supported.spans {
            if span.contains(inputs.rulesVersion) {
                styles.append((span, inputs.effectiveStyle))
                transitions.append((span, inputs.effectiveTransition))
                continue
            }
            let style = SystemControllerRules.effectiveStyle(inputs.style, sizeClass: inputs.sizeClass, version: span.start).style
            styles.append((span, style))
            transitions.append((span, transitionThere(inputs, version: span.start)))
            // Another style that is not a sheet where this one is (or the reverse) may change who
            // presents and what the checks find: resolved there. The same style, or two sheets,
            // give this present's answer but for the style (the premise above).
            if style != inputs.effectiveStyle, !(style.isSheet && inputs.effectiveStyle.isSheet) { resolveOn.append(span) }
        }
        let styleDiffers = inputs.styleIsPredicted && styles.contains { $0.style != inputs.effectiveStyle }
            && !lookAlike(styles.map(\.style), in: inputs.sizeClass)
        let transitionDiffers = transitions.contains { $0.transition != inputs.effectiveTransition }
        guard styleDiffers || transitionDiffers || !resolveOn.isEmpty else { return nil }
        var answers: [String] = []
        for span in resolveOn {
            var there = options
            there.systemVersion = span.start
            if let text = answerText(here: here, there: PresentationResolver.resolvePresent(here.reads, options: there), on: span) {
                answers.append(text)
            }
        }
        guard styleDiffers || transitionDiffers || !answers.isEmpty else { return nil }

        // Only now, with something to say: the words.
        var sentences: [String] = []
        var fixes: [String] = []
        let p = here.refs.presented.consoleDescription
        let current = "this run follows iOS \(inputs.rulesVersion)"
        if styleDiffers {
            let listed = styles.map { "\($0.style.name)\(describe($0.style, among: styles.map(\.style))) on \($0.span.text)" }
            let mapping = UIKitVersions.automaticStyle.rows.map { "\($0.value.name) from iOS \($0.since.major)" }.joined(separator: " and to ")
            let why = inputs.style.requested == .automatic ? " (left at .automatic, which UIKit maps to \(mapping))" : ""
            sentences.append("\(p) is a \(listed.joined(separator: ", a "))\(why); \(current).")
            fixes.append(inputs.style.requested == .automatic
                ? "where one look matters on every version, set \(p)'s modalPresentationStyle explicitly: .pageSheet keeps the page-sized sheet, .formSheet with preferredContentSize the smaller one"
                : "check \(p)'s layout in each style")
        }
        if transitionDiffers {
            let listed = transitions.map { "\($0.transition.name) on \($0.span.text)" }
            sentences.append("Its transition is \(listed.joined(separator: ", ")) (preferredTransition exists from iOS 18); \(current).")
            fixes.append("check the \(transitions.first { $0.transition != .zoom }?.transition.name ?? "other") transition where preferredTransition does not apply")
        }
        sentences += answers
        if !answers.isEmpty { fixes.append("make the present valid on every supported version") }
        return Diagnostic(code: .otherIOSVersion, severity: .info,
                          message: "On other iOS versions this app supports (\(supported.range.lowerBound) to \(supported.range.upperBound)): " + sentences.joined(separator: " "),
                          fix: fixes.joined(separator: "; "))
    }

    /// What another version's answer `there` (on `span`) says that this present's does not: a
    /// refusal, or another presenting controller or context; nil when they agree.
    private static func answerText<N: PresentationNode>(here: PresentResolution<N>, there: PresentResolution<N>, on span: Span) -> String? {
        if let refused = there.rejection {
            let consequence = refused.severity == .error ? "UIKit raises (the app crashes)" : "UIKit refuses the present"
            return "On \(span.text) \(consequence): \(refused.message)"
        }
        guard there.presenting !== here.presenting || there.contextProvider !== here.contextProvider else { return nil }
        return "On \(span.text) \(here.refs.presented.consoleDescription) is presented by \(there.refs.presenting.consoleDescription) "
            + "and covers the area of \(there.refs.contextProvider.consoleDescription)."
    }

    /// The transition the presented controller has by the rules of `version`: its preferred
    /// transition where the version has them, else the one it resolved without it.
    static func transitionThere(_ inputs: Inputs, version: SystemVersion) -> TransitionStyle {
        guard UIKitVersions.preferredTransition.value(at: version) == true, let preferred = inputs.style.preferredTransition else {
            return inputs.transitionWithoutPreferred
        }
        return preferred
    }

    /// A run of versions with the same rules: from `start` up to (not including) `end`, or to the
    /// end of the supported range.
    struct Span {
        let start: SystemVersion
        let end: SystemVersion?

        func contains(_ v: SystemVersion) -> Bool { v >= start && (end.map { v < $0 } ?? true) }

        /// `iOS 15–17`, `iOS 17.4 to 18.0`, `iOS 18 and later`.
        var text: String {
            guard let end else { return "iOS \(Self.short(start)) and later" }
            if start.minor == 0, end.minor == 0 {
                return end.major - 1 == start.major ? "iOS \(start.major)" : "iOS \(start.major)–\(end.major - 1)"
            }
            return "iOS \(start) up to \(end)"
        }

        private static func short(_ v: SystemVersion) -> String { v.minor == 0 ? "\(v.major)" : "\(v)" }
    }

    /// The spans of `supported` whose rules can differ (``UIKitVersions/eraStarts(in:)``).
    static func spans(in supported: ClosedRange<SystemVersion>) -> [Span] {
        let starts = UIKitVersions.eraStarts(in: supported)
        return starts.indices.map { Span(start: starts[$0], end: $0 + 1 < starts.count ? starts[$0 + 1] : nil) }
    }

    /// Whether these styles look the same in `sizeClass` as the rules see it: a pageSheet and a
    /// formSheet are both "a sheet with part of the background content visible near the top" in
    /// compact width and full screen in compact height (Apple, UIModalPresentationStyle.pageSheet
    /// and .formSheet); in regular width and height the formSheet is smaller.
    static func lookAlike(_ styles: [PresentationStyle], in sizeClass: SizeClass) -> Bool {
        sizeClass == .compact && styles.allSatisfy(\.isSheet)
    }

    /// What a reader should know of a sheet's size where pageSheet and formSheet both appear.
    private static func describe(_ style: PresentationStyle, among styles: [PresentationStyle]) -> String {
        guard styles.contains(.pageSheet), styles.contains(.formSheet) else { return "" }
        return style == .formSheet ? " (smaller; sized by preferredContentSize)" : " (page-sized)"
    }
}
