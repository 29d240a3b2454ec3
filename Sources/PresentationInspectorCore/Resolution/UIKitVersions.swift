/// Where a rule of the version table comes from: Apple's page or the SDK header that states it,
/// in its own words.
@_spi(Package) public struct VersionEvidence: Sendable, Hashable {
    /// What states it: a documentation page's symbol or an SDK header.
    @_spi(Package) public let source: String
    /// The page's address, or the header's path and line in the iOS 26.2 SDK.
    @_spi(Package) public let location: String
    /// The words that state the rule.
    @_spi(Package) public let quote: String
}

/// One UIKit behaviour that changed between iOS versions (or holds from one), as rows: from each
/// version on, the value until the next row. The rules read it through ``value(at:)``; nothing in
/// the resolver compares versions itself.
@_spi(Package) public struct VersionRule<Value: Sendable>: Sendable {
    /// A row: from `since` on, `value`.
    @_spi(Package) public struct Row: Sendable {
        @_spi(Package) public let since: SystemVersion
        @_spi(Package) public let value: Value
    }

    /// A short name, as the docs' table shows it.
    @_spi(Package) public let name: String
    /// The rows, oldest first.
    @_spi(Package) public let rows: [Row]
    /// How a row's value reads in the docs' table.
    let describe: @Sendable (Value) -> String
    /// Apple's words for it.
    @_spi(Package) public let evidence: [VersionEvidence]
    /// What the model does with it, and anything the sources leave open.
    @_spi(Package) public let note: String

    init(_ name: String, _ rows: [(SystemVersion, Value)], describe: @escaping @Sendable (Value) -> String,
         evidence: [VersionEvidence], note: String) {
        self.name = name
        self.rows = rows.map { Row(since: $0.0, value: $0.1) }
        self.describe = describe
        self.evidence = evidence
        self.note = note
    }

    /// The value in `version`: the last row that starts at or before it (nil before the first).
    @_spi(Package) public func value(at version: SystemVersion) -> Value? {
        rows.last { $0.since <= version }?.value
    }

    /// The rows as the docs show them: `15.0: pageSheet`, …
    @_spi(Package) public var describedRows: [(since: SystemVersion, value: String)] {
        rows.map { ($0.since, describe($0.value)) }
    }
}

/// UIKit's presentation rules that depend on the iOS version, each citing Apple's page or the SDK
/// header that states it (DESIGN "UIKit by iOS version"). The resolver, the simulator, the
/// diagnostics and the docs (`pinspect uikit-versions`) all read these rows.
///
/// The model follows the version the app runs on (a scenario's `environment.iOS`, a device's own);
/// without one it follows the newest modelled. The supported range starts at the package's
/// deployment target: an older version is refused, never silently modelled as the newest.
@_spi(Package) public enum UIKitVersions {
    /// The oldest version modelled: the package's deployment target (`Package.swift`,
    /// `platforms: [.iOS(.v15)]`; `UIKitVersionsTests` holds the two together).
    @_spi(Package) public static let oldestSupported = SystemVersion(constant: 15, 0)
    /// The newest version whose rules the sources state: the iOS 26.2 SDK's headers and Apple's
    /// pages of the same time. A newer system is modelled by these rules.
    @_spi(Package) public static let newestModelled = SystemVersion(constant: 26, 2)

    /// The version whose rules the model applies for an app running `running` (nil: unknown, the
    /// newest): the version itself within the range, the newest modelled above it, the oldest
    /// supported below it (which a scenario cannot name and a device cannot run).
    @_spi(Package) public static func rulesVersion(for running: SystemVersion?) -> SystemVersion {
        guard let running else { return newestModelled }
        return min(max(running, oldestSupported), newestModelled)
    }

    /// The range a scenario or configuration may name, as its errors state it.
    @_spi(Package) public static var supportedRangeText: String {
        "iOS \(oldestSupported) or later (the package's deployment target; rules modelled up to iOS \(newestModelled))"
    }

    // MARK: the rows

    /// What `.automatic` becomes for a controller that does not resolve it itself.
    @_spi(Package) public static let automaticStyle = VersionRule<PresentationStyle>(
        "automatic style", [(v(13), .pageSheet), (v(18), .formSheet)], describe: \.name,
        evidence: [
            VersionEvidence(source: "UIModalPresentationStyle.automatic",
                            location: "https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/automatic",
                            quote: "For most view controllers, UIKit maps this style to: formSheet in iOS 18 and later; pageSheet in versions of iOS earlier than iOS 18. Some system view controllers may map it to a different style."),
            VersionEvidence(source: "UIViewController.h, modalPresentationStyle",
                            location: "UIKit.framework/Headers/UIViewController.h:288-289",
                            quote: "If this property has been set to UIModalPresentationAutomatic, reading it will always return a concrete presentation style. … Prior to iOS 18.0, UIModalPresentationAutomatic resolves to UIModalPresentationPageSheet instead of UIModalPresentationFormSheet for standard view controllers."),
        ],
        note: "A controller left at .automatic is a pageSheet before iOS 18 and a formSheet from iOS 18; in compact width or height the two look alike (a sheet, or full screen), in regular width and height the formSheet is smaller (sized by preferredContentSize). On a device the getter already returns the concrete style: the inspector learns that the app left .automatic from its own setter hook (docs/IOS.md).")

    /// The style a `.popover` adapts to where the width or the height is compact.
    @_spi(Package) public static let popoverInCompact = VersionRule<PresentationStyle>(
        "popover in compact width or height", [(v(13), .formSheet)], describe: \.name,
        evidence: [
            VersionEvidence(source: "UIModalPresentationStyle.popover",
                            location: "https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/popover",
                            quote: "In iOS 13 and later, for horizontally or vertically compact environments, this option behaves the same as UIModalPresentationStyle.formSheet."),
        ],
        note: "Unchanged in the supported range; before iOS 13 a popover adapted to full screen.")

    /// Whether `UIPopoverPresentationController.sourceItem` exists.
    @_spi(Package) public static let sourceItem = VersionRule<Bool>(
        "popover sourceItem", [(v(16), true)], describe: { $0 ? "available" : "absent" },
        evidence: [
            VersionEvidence(source: "UIPopoverPresentationController.h, sourceItem",
                            location: "UIKit.framework/Headers/UIPopoverPresentationController.h:58",
                            quote: "@property (nullable, nonatomic, strong) id<UIPopoverPresentationControllerSourceItem> sourceItem API_AVAILABLE(ios(16.0))"),
        ],
        note: "Absent on iOS 15: a scenario naming iOS 15 cannot anchor with sourceItem, and fixes for iOS 15 name sourceView (with sourceRect) or barButtonItem.")

    /// Whether `barButtonItem` is deprecated in favour of `sourceItem` (softly: it still works).
    @_spi(Package) public static let barButtonItemDeprecated = VersionRule<Bool>(
        "popover barButtonItem", [(v(8), false), (v(16), true)], describe: { $0 ? "deprecated: use sourceItem" : "current" },
        evidence: [
            VersionEvidence(source: "UIPopoverPresentationController.h, barButtonItem",
                            location: "UIKit.framework/Headers/UIPopoverPresentationController.h:60",
                            quote: "API_DEPRECATED_WITH_REPLACEMENT(\"sourceItem\", ios(8.0, API_TO_BE_DEPRECATED), visionos(1.0, API_TO_BE_DEPRECATED))"),
        ],
        note: "A soft deprecation: barButtonItem still anchors a popover. Fixes lead with sourceItem where it exists.")

    /// Whether `UIViewController.preferredTransition` (`.zoom`) exists.
    @_spi(Package) public static let preferredTransition = VersionRule<Bool>(
        "preferredTransition", [(v(18), true)], describe: { $0 ? "available" : "absent" },
        evidence: [
            VersionEvidence(source: "UIViewController.h, preferredTransition",
                            location: "UIKit.framework/Headers/UIViewController.h:279-284",
                            quote: "Preferred system provided transition to use when displaying this view controller. Note that this only indicates a preference. The provided transition may be ignored if not supported by the current context. … API_AVAILABLE(ios(18.0))"),
        ],
        note: "From iOS 18 a controller's preferredTransition replaces its modalTransitionStyle: the log records zoom where it is zoom. Apple says it may be ignored where the context does not support it, without saying where: the transition in effect is then observed only.")

    /// `UISheetPresentationController.prefersPageSizing`'s default (the property exists from iOS 17).
    @_spi(Package) public static let prefersPageSizingDefault = VersionRule<Bool>(
        "prefersPageSizing default", [(v(17), true), (v(18), false)], describe: { $0 ? "true" : "false" },
        evidence: [
            VersionEvidence(source: "UISheetPresentationController.h, prefersPageSizing",
                            location: "UIKit.framework/Headers/UISheetPresentationController.h:108-109",
                            quote: "Default: NO on iOS 18.0 and later, YES on earlier releases"),
            VersionEvidence(source: "UISheetPresentationController.prefersPageSizing",
                            location: "https://developer.apple.com/documentation/uikit/uisheetpresentationcontroller/preferspagesizing",
                            quote: "The default value is true."),
        ],
        note: "The page and the header disagree. The model follows the header of the iOS 26.2 SDK: it is the newer text, it names the version that changed (as the .automatic page does for the same iOS 18 change to smaller sheets), and the page states one default for every version.")

    /// Whether `UISheetPresentationController` exists, with its detents (DESIGN "Sheets").
    @_spi(Package) public static let sheetDetents = VersionRule<Bool>(
        "sheet detents", [(v(15), true)], describe: { $0 ? "available" : "absent" },
        evidence: [
            VersionEvidence(source: "UISheetPresentationController.h, detents",
                            location: "UIKit.framework/Headers/UISheetPresentationController.h:95-96,130-134",
                            quote: "API_AVAILABLE(ios(15.0)) API_UNAVAILABLE(tvos, watchos) NS_SWIFT_UI_ACTOR @interface UISheetPresentationController : UIPresentationController … Detents must be specified in order from smallest to largest height. Default: an array of only [UISheetPresentationControllerDetent largeDetent]"),
            VersionEvidence(source: "UISheetPresentationController.largestUndimmedDetentIdentifier",
                            location: "https://developer.apple.com/documentation/uikit/uisheetpresentationcontroller/largestundimmeddetentidentifier",
                            quote: "The default value is nil, which means the system adds a noninteractive dimming view underneath the sheet at all detents. … Without a dimming view, the undimmed area around the sheet responds to user interaction, allowing for a nonmodal experience."),
        ],
        note: "From iOS 15, the package's deployment target: every sheet has detents (medium, large), a selected detent and a largest undimmed detent. The model reads which controllers stay interactive below a sheet from them.")

    /// Whether a sheet may have custom detents (`UISheetPresentationController.Detent.custom`).
    @_spi(Package) public static let customDetents = VersionRule<Bool>(
        "custom sheet detents", [(v(15), false), (v(16), true)], describe: { $0 ? "available" : "absent" },
        evidence: [
            VersionEvidence(source: "UISheetPresentationController.h, customDetentWithIdentifier:resolver:",
                            location: "UIKit.framework/Headers/UISheetPresentationController.h:59,63",
                            quote: "If no identifier is specified, a random one will be generated. … + (instancetype)customDetentWithIdentifier:(nullable UISheetPresentationControllerDetentIdentifier)identifier resolver:… API_AVAILABLE(ios(16.0))"),
        ],
        note: "A scenario on iOS 15 may name only medium and large. A custom detent is named by its identifier; one made without an identifier gets a random one, which is what a device records. The model takes a custom detent as active: whether its resolver returns nil (inactive) where it is shown is unknown to it.")

    /// Whether the medium detent is inactive where the height is compact.
    @_spi(Package) public static let mediumDetentInCompactHeight = VersionRule<Bool>(
        "medium detent in compact height", [(v(15), true)], describe: { $0 ? "inactive" : "active" },
        evidence: [
            VersionEvidence(source: "UISheetPresentationController.h, mediumDetent",
                            location: "UIKit.framework/Headers/UISheetPresentationController.h:50",
                            quote: "A system detent for a sheet that is approximately half the height of the screen, and is inactive in compact height."),
        ],
        note: "In a compact height (an iPhone in landscape) a sheet is full screen unless prefersEdgeAttachedInCompactHeight; edge-attached, it cannot rest at medium. Where a sheet is set to rest at an inactive detent, the header does not say where it rests: the model says unknown.")

    /// Whether `UISheetPresentationController.prefersPageSizing` exists (its default: ``prefersPageSizingDefault``).
    @_spi(Package) public static let prefersPageSizing = VersionRule<Bool>(
        "sheet prefersPageSizing", [(v(15), false), (v(17), true)], describe: { $0 ? "available" : "absent" },
        evidence: [
            VersionEvidence(source: "UISheetPresentationController.h, prefersPageSizing",
                            location: "UIKit.framework/Headers/UISheetPresentationController.h:105-109",
                            quote: "Whether the sheet sizes itself for readable content. … @property (nonatomic) BOOL prefersPageSizing API_AVAILABLE(ios(17.0))"),
        ],
        note: "Absent before iOS 17: a scenario naming iOS 15 or 16 cannot set it, and a sheet's recorded prefersPageSizing is then absent.")

    /// The style `GroupActivitySharingController` is presented with, whatever the app sets.
    @_spi(Package) public static let groupActivitySharingStyle = VersionRule<PresentationStyle>(
        "GroupActivitySharingController style", [(v(15, 4), .pageSheet)], describe: \.name,
        evidence: [
            VersionEvidence(source: "GroupActivitySharingController.modalPresentationStyle",
                            location: "https://developer.apple.com/documentation/groupactivities/groupactivitysharingcontroller-ybcy/modalpresentationstyle",
                            quote: "This property always sets the presentation style for the view controller to pageSheet."),
        ],
        note: "The class exists from iOS 15.4. The other system controllers' own mappings of .automatic are not documented: their style stays observed only (DESIGN \"System controllers\").")

    /// The rows as the docs list them, each with its name, rows, evidence and note.
    @_spi(Package) public static var table: [(name: String, rows: [(since: SystemVersion, value: String)], evidence: [VersionEvidence], note: String)] {
        [entry(automaticStyle), entry(popoverInCompact), entry(sourceItem), entry(barButtonItemDeprecated),
         entry(preferredTransition), entry(sheetDetents), entry(customDetents), entry(mediumDetentInCompactHeight),
         entry(prefersPageSizing), entry(prefersPageSizingDefault), entry(groupActivitySharingStyle)]
    }

    /// The versions where some row starts, within `range`, and the range's own start: the
    /// versions whose rules can differ. `other-ios-version` resolves once per such version.
    @_spi(Package) public static func eraStarts(in range: ClosedRange<SystemVersion>) -> [SystemVersion] {
        let starts = [automaticStyle.rows.map(\.since), preferredTransition.rows.map(\.since)].joined()
        return ([range.lowerBound] + starts.filter { range.contains($0) && $0 > range.lowerBound })
            .reduce(into: [SystemVersion]()) { if !$0.contains($1) { $0.append($1) } }
            .sorted()
    }

    private static func entry<V>(_ rule: VersionRule<V>) -> (name: String, rows: [(since: SystemVersion, value: String)], evidence: [VersionEvidence], note: String) {
        (rule.name, rule.describedRows, rule.evidence, rule.note)
    }

    private static func v(_ major: Int, _ minor: Int = 0) -> SystemVersion { SystemVersion(constant: major, minor) }
}
