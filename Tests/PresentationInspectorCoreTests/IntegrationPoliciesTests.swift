import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import TestSupport

/// Exclusions, title redaction, the release gate, call sites and off-main events.
final class IntegrationPoliciesTests: XCTestCase {
    // MARK: Exclusions

    func testBuiltInExclusionsCoverTheInspectorAndFLEX() {
        let policy = ExclusionPolicy.inspectorAndFLEX
        XCTAssertTrue(policy.excludes(ControllerRef(id: "0x1", type: "FLEXNavigationController")))
        XCTAssertTrue(policy.excludes(ControllerRef(id: "0x1", type: "FLEXExplorerViewController")))
        XCTAssertTrue(policy.excludes(ControllerRef(id: "0x1", type: "PresentationInspector.TimelineViewController")))
        XCTAssertFalse(policy.excludes(ControllerRef(id: "0x1", type: "UINavigationController")))
        XCTAssertFalse(policy.excludes(ControllerRef(id: "0x1", type: "PresentationInspectorDemo.ListViewController")),
                       "only the inspector's own module is excluded, not a module whose name starts alike")
        let app = [ControllerRef(id: "0x2", type: "MyApp.ListViewController")]
        XCTAssertTrue(policy.excludesCall(controllers: app, windowTypeNames: ["UIWindow", "FLEXWindow"]))
        XCTAssertTrue(policy.excludesCall(controllers: app, windowTypeNames: [ExclusionPolicy.overlayWindowTypeName]))
        XCTAssertFalse(policy.excludesCall(controllers: app, windowTypeNames: ["UIWindow", nil]))
    }

    /// The hooks' form (no arrays) answers as the array form for every place an excluded name can be.
    func testTheHooksFormOfTheCallCheckAnswersAsTheArrayForm() {
        let policy = ExclusionPolicy.inspectorAndFLEX
        let app = ControllerRef(id: "0x2", type: "MyApp.ListViewController")
        let flex = ControllerRef(id: "0x3", type: "FLEXNavigationController")
        for first in [app, flex] {
            for other in [nil, app, flex] {
                for window in [nil, "UIWindow", "FLEXWindow"] as [String?] {
                    XCTAssertEqual(policy.excludesCall(first, other, windowTypeName: window),
                                   policy.excludesCall(controllers: [first] + (other.map { [$0] } ?? []), windowTypeNames: [window]),
                                   "\(first.type), \(other?.type ?? "nil"), \(window ?? "nil")")
                }
            }
        }
        XCTAssertTrue(policy.excludesCall(app, flex, windowTypeName: nil), "the second controller is checked")
        XCTAssertTrue(policy.excludesCall(app, windowTypeName: "FLEXWindow"), "the window is checked")
        XCTAssertFalse(policy.excludesCall(app, app, windowTypeName: "UIWindow"))
        XCTAssertTrue(ExclusionPolicy(predicate: { $0.id == "0x2" }).excludesCall(flex, app, windowTypeName: nil), "the predicate is asked")
    }

    func testExcludedNamesChangedAfterCreationAreFollowed() {
        var policy = ExclusionPolicy.none
        let debug = ControllerRef(id: "0x1", type: "MyApp.DebugMenuViewController")
        XCTAssertFalse(policy.excludes(debug))
        policy.controllerTypeNames.insert(debug.type)
        XCTAssertTrue(policy.excludes(debug), "a name added later is looked up")
        XCTAssertFalse(policy.excludes(ControllerRef(id: "0x1", type: "MyApp.DebugMenuViewControllex")), "same length, other name")
        XCTAssertFalse(policy.excludesCall(controllers: [], windowTypeNames: ["MyApp.OverlayWindow"]))
        policy.windowTypeNames = ["MyApp.OverlayWindow"]
        XCTAssertTrue(policy.excludesCall(controllers: [], windowTypeNames: ["MyApp.OverlayWindow"]))
        // Lengths of 63 bytes and more share one bit.
        let long = String(repeating: "A", count: 80)
        policy.controllerTypeNames = [long]
        XCTAssertTrue(policy.excludes(ControllerRef(id: "1", type: long)))
        XCTAssertTrue(policy.excludes(ControllerRef(id: "1", type: String(repeating: "A", count: 79) + "\u{41}")))
        XCTAssertFalse(policy.excludes(ControllerRef(id: "1", type: String(repeating: "A", count: 90))))
        XCTAssertFalse(policy.excludes(ControllerRef(id: "1", type: String(repeating: "A", count: 63))))
        // A member that is not ASCII.
        policy.controllerTypeNames = [long, "Mörk.Skärm"]
        XCTAssertTrue(policy.excludes(ControllerRef(id: "1", type: long)))
        XCTAssertFalse(policy.excludes(ControllerRef(id: "1", type: String(repeating: "A", count: 90))))
        XCTAssertTrue(policy.excludes(ControllerRef(id: "1", type: "Mörk.Skärm")))
        XCTAssertFalse(policy.excludes(debug), "a name taken out is not excluded any more")
        // Swift's strings are equal by canonical equivalence, whatever their UTF-8 lengths:
        // U+037E GREEK QUESTION MARK is `;`, and `e` with a combining acute accent is `é`.
        policy.controllerTypeNames = ["MyApp.A;B"]
        XCTAssertTrue(policy.excludes(ControllerRef(id: "1", type: "MyApp.A\u{037E}B")), "ASCII member, longer equal name")
        policy.controllerTypeNames = ["MyApp.Caf\u{E9}"]
        XCTAssertTrue(policy.excludes(ControllerRef(id: "1", type: "MyApp.Cafe\u{301}")), "member of other scalars, longer equal name")
        policy.windowTypeNames = ["MyApp.Caf\u{E9}Window"]
        XCTAssertTrue(policy.excludesCall(controllers: [], windowTypeNames: ["MyApp.Cafe\u{301}Window"]))
    }

    func testConfigurationCombinesBuiltInExclusionsWithTheAppPredicate() {
        var config = InspectorConfiguration(ignore: { $0.type.hasSuffix("Banner") })
        XCTAssertTrue(config.exclusionPolicy.excludes(ControllerRef(id: "1", type: "PromoBanner")))
        XCTAssertTrue(config.exclusionPolicy.excludes(ControllerRef(id: "1", type: "FLEXNavigationController")))
        config.excludesInspectorAndFLEX = false
        XCTAssertTrue(config.exclusionPolicy.excludes(ControllerRef(id: "1", type: "PromoBanner")))
        XCTAssertFalse(config.exclusionPolicy.excludes(ControllerRef(id: "1", type: "FLEXNavigationController")))
        XCTAssertTrue(config.exclusionPolicy.windowTypeNames.isEmpty)
        config.ignore = nil
        XCTAssertNil(config.handlerConfiguration.ignore, "nothing to exclude: the handler skips the check")
    }

    func testExcludedControllersAreNotRecordedButStillPresented() throws {
        let config = InspectorConfiguration(ignore: { $0.type == "PromoBanner" })
        let sim = Simulation(configuration: config.handlerConfiguration)
        let root = SimController(id: "root", type: "RootViewController")
        let banner = SimController(id: "banner", type: "PromoBanner")
        let flex = SimController(id: "flex", type: "FLEXNavigationController")
        let sheet = SimController(id: "sheet", type: "SheetViewController")
        for c in [root, banner, flex, sheet] { try sim.add(c) }
        try sim.addWindow(id: "main", root: root, isKey: true)
        sim.present(banner, from: root, animated: false)
        sim.advance(by: 1)
        XCTAssertTrue(banner.presentingNode === root, "UIKit's original still ran")
        XCTAssertEqual(sim.recorder.events.count, 0)
        sim.present(flex, from: banner, animated: false)
        sim.advance(by: 1)
        XCTAssertTrue(flex.presentingNode === banner)
        XCTAssertEqual(sim.recorder.events.count, 0)
        sim.present(sheet, from: flex, animated: false)
        sim.advance(by: 1)
        XCTAssertEqual(sim.recorder.events.count, 0, "the source is excluded")
        XCTAssertTrue(sheet.presentingNode === flex)
        let otherRoot = SimController(id: "otherRoot", type: "RootViewController")
        let otherSheet = SimController(id: "otherSheet", type: "SheetViewController")
        try sim.add(otherRoot)
        try sim.add(otherSheet)
        try sim.addWindow(id: "other", root: otherRoot)
        sim.present(otherSheet, from: otherRoot, animated: false)
        sim.advance(by: 1)
        XCTAssertEqual(sim.recorder.events.map(\.kind), [.present, .presentCompleted])
        XCTAssertEqual(sim.recorder.events.first?.presented?.id, "otherSheet")
    }

    // MARK: Redaction

    private func titledRecording() throws -> [Event] {
        let sim = Simulation()
        let nav = SimController(id: "nav", type: "UINavigationController", title: "Inbox of Jane Roe")
        let list = SimController(id: "list", type: "ListViewController", title: "Messages from John Doe")
        let sheet = SimController(id: "sheet", type: "ContactViewController", title: "John Doe")
        sheet.modalPresentationStyle = .overCurrentContext
        for c in [nav, list, sheet] { try sim.add(c) }
        try sim.addWindow(id: "main", root: nav, isKey: true)
        try sim.addChild(list, to: nav)
        sim.present(sheet, from: list, animated: true)
        sim.present(sheet, from: list, animated: true)  // already presented: a rejection quoting the labels
        sim.advance(by: 1)
        sim.dismiss(list, animated: true)
        sim.advance(by: 1)
        return sim.recorder.events
    }

    func testRedactionRemovesEveryTitleFromEventsAndTheirSentences() throws {
        let events = try titledRecording()
        let plain = events.map(EventCoding.encode).joined(separator: "\n")
        XCTAssertTrue(plain.contains("John Doe"), "the recording quotes titles before redaction")
        let redacted = TitleRedaction.redact(events)
        XCTAssertEqual(redacted.count, events.count)
        let text = redacted.map(EventCoding.encode).joined(separator: "\n")
        for title in ["John Doe", "Jane Roe", "Messages from"] {
            XCTAssertFalse(text.contains(title), "\(title) survived redaction")
        }
        let present = try XCTUnwrap(redacted.first { $0.kind == .present })
        XCTAssertEqual(present.presented, ControllerRef(id: "sheet", type: "ContactViewController"))
        XCTAssertTrue(present.explanation.contains { $0.contains("ContactViewController (sheet)") }, "\(present.explanation)")
        XCTAssertEqual(redacted.map(\.seq), events.map(\.seq))
        XCTAssertEqual(redacted.map(\.kind), events.map(\.kind))
    }

    func testRedactionOfWindowChains() {
        let chain = WindowChain(id: "w", level: 0, isKey: true, chain: [ControllerRef(id: "a", type: "A", title: "Secret")])
        XCTAssertNil(try TitleRedaction.redact(chain).chain.element(0).title)
        XCTAssertEqual(try TitleRedaction.redact(chain).chain.element(0).id, "a")
    }

    // MARK: Release gate

    func testStartIsRefusedOutsideDebugUnlessForced() {
        XCTAssertTrue(ReleaseGate.allowsStart(isDebugBuild: true, configuration: InspectorConfiguration()))
        XCTAssertFalse(ReleaseGate.allowsStart(isDebugBuild: false, configuration: InspectorConfiguration()))
        XCTAssertTrue(ReleaseGate.allowsStart(isDebugBuild: false, configuration: InspectorConfiguration(allowsReleaseBuilds: true)))
    }

    func testConfigurationDefaults() {
        let c = InspectorConfiguration()
        XCTAssertEqual(c.capacity, Recorder.defaultCapacity)
        XCTAssertNil(c.liveLogPath)
        XCTAssertTrue(c.opensOnShake && c.registersWithFLEX && c.emitsSignposts && c.recordsTitles && c.excludesInspectorAndFLEX)
        XCTAssertFalse(c.redactsTitlesInExports || c.allowsReleaseBuilds)
        XCTAssertEqual(c.handlerConfiguration.leakCheckDelay, 2.0)
        let custom = InspectorConfiguration(leakCheckDelay: nil, resolver: ResolverOptions(deepChainLimit: 7))
        XCTAssertNil(custom.handlerConfiguration.leakCheckDelay)
        XCTAssertEqual(custom.handlerConfiguration.resolver.deepChainLimit, 7)
    }

    /// The iOS versions compared (`other-ios-version`): on by default, from the app's minimum.
    func testTheOtherIOSVersionsStartAtTheAppsMinimum() {
        XCTAssertTrue(InspectorConfiguration().handlerConfiguration.checksOtherIOSVersions)
        XCTAssertFalse(InspectorConfiguration(checksOtherIOSVersions: false).handlerConfiguration.checksOtherIOSVersions)
        let chosen = InspectorConfiguration(minimumIOSVersion: SystemVersion(major: 16, minor: 4)).handlerConfiguration
        XCTAssertEqual(chosen.supportedIOSVersions.lowerBound, SystemVersion(major: 16, minor: 4))
        XCTAssertEqual(chosen.supportedIOSVersions.upperBound, UIKitVersions.newestModelled)
        XCTAssertEqual(InspectorConfiguration.minimumOSVersion(in: ["MinimumOSVersion": "17.0"]), SystemVersion(major: 17))
        XCTAssertNil(InspectorConfiguration.minimumOSVersion(in: ["MinimumOSVersion": "seventeen"]))
        XCTAssertNil(InspectorConfiguration.minimumOSVersion(in: nil))
        // An app older than the package's range (a stale Info.plist) compares from the package's oldest.
        XCTAssertEqual(HandlerConfiguration(minimumIOS: SystemVersion(major: 12)).supportedIOSVersions.lowerBound, UIKitVersions.oldestSupported)
    }

    // MARK: Call sites

    func testCallSiteIsTheFirstFrameOutsideTheInspectorAndUIKit() {
        let stack = [
            "0   PresentationInspector               0x0000000104a1c2a4 $s21PresentationInspector0A5HooksO8callSiteSSSgyFZ + 40",
            "1   UIKitCore                           0x00000001a2b3c4d5 -[UIViewController presentViewController:animated:completion:] + 100",
            "2   MyApp                               0x0000000102f1c2a4 $s5MyApp18ListViewControllerC8showNextyyF + 120",
            "3   UIKitCore                           0x00000001a2b3c4d5 -[UIApplication sendAction:to:from:forEvent:] + 96",
        ]
        XCTAssertEqual(CallSite.firstAppFrame(in: stack), "MyApp`MyApp.ListViewController.showNext() -> () + 120")
        XCTAssertNil(CallSite.firstAppFrame(in: Array(stack.prefix(2))))
        XCTAssertNil(CallSite.firstAppFrame(in: ["not a frame", ""]))
    }

    func testCallSiteFrameParsing() {
        let f = CallSite.parse("12  CoreFoundation    0x00000001801234ab __CFRUNLOOP_IS_CALLING_OUT_TO_A_BLOCK__ + 20")
        XCTAssertEqual(f, CallSite.Frame(module: "CoreFoundation", symbol: "__CFRUNLOOP_IS_CALLING_OUT_TO_A_BLOCK__", offset: 20))
        let objc = CallSite.parse("3   MyApp   0x0000000100001234 -[MyViewController showSheet:] + 8")
        XCTAssertEqual(objc?.symbol, "-[MyViewController showSheet:]")
        XCTAssertEqual(CallSite.demangle("$s4main3FooV3baryyF"), "main.Foo.bar() -> ()")
        XCTAssertEqual(CallSite.demangle("$sNotReallyMangled"), "$sNotReallyMangled", "an unparsable symbol is kept")
        XCTAssertEqual(CallSite.demangle("plain_c_function"), "plain_c_function")
    }

    // MARK: Off-main calls

    func testOffMainCallsAreRecordedUnresolvedWithTheThreadDiagnostic() throws {
        let s = ControllerRef(id: "0x10", type: "ListViewController"), p = ControllerRef(id: "0x20", type: "SheetViewController")
        let present = UnresolvedCall.offMainPresent(source: s, presented: p, animated: true, thread: "network", time: 1.5, callSite: "MyApp`load()")
        XCTAssertEqual(present.kind, .present)
        XCTAssertEqual(present.outcome, .noOp)
        XCTAssertEqual(present.thread, "network")
        XCTAssertEqual(present.diagnostics.map(\.code), [.offMainThread])
        XCTAssertEqual(present.maxSeverity, .error)
        XCTAssertNil(present.presenting, "nothing is resolved off the main thread")
        XCTAssertEqual(present.explanation.last, UnresolvedCall.offMainExplanation)
        let dismiss = UnresolvedCall.offMainDismiss(receiver: p, animated: false, thread: "worker", time: 2)
        XCTAssertEqual(dismiss.kind, .dismiss)
        XCTAssertEqual(dismiss.receiver, p)
        XCTAssertEqual(dismiss.diagnostics.first?.message.contains("worker"), true)
        // Both survive the log format.
        let read = try LogReader.read(text: LogWriter.text(header: LogHeader(), events: [present, dismiss]))
        XCTAssertEqual(read.events, [present, dismiss])
        XCTAssertEqual(read.issues, [])
    }
}
