import XCTest
@_spi(Package) @testable import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator
import TestSupport

/// Alerts, action sheets and share sheets in the built-in scenarios and the conformance run:
/// the iPhone recording that shows an iPad-only crash, and the iPad run that leaves out what
/// UIKit raises for while keeping the model's finding.
final class SystemControllerConformanceTests: XCTestCase {
    func testTheBuiltInIPhoneScenarioShowsWhatAnIPadWouldCrashOn() throws {
        let sim = Simulation(configuration: HandlerConfiguration(leakCheckDelay: nil))
        try sim.run(BuiltInScenarios.systemControllers.scenario())
        let presents = sim.recorder.events.filter { $0.kind == .present }
        XCTAssertEqual(presents.map { $0.presented?.id }, ["uploadFailed", "photoActions", "moreActions", "photoShare"])
        XCTAssertTrue(presents.allSatisfy { $0.outcome == .presented }, "an iPhone shows all four")
        XCTAssertEqual(try presents.element(0).effectiveStyle, .custom, "an alert is never a sheet")
        XCTAssertEqual(try presents.element(0).diagnostics, [])
        XCTAssertEqual(try presents.element(1).diagnostics, [], "an anchored action sheet is right on every device")
        for (p, uikit) in [(try presents.element(2), "UIAlertController (<UIAlertController: moreActions>) of style UIAlertControllerStyleActionSheet"),
                           (try presents.element(3), "UIActivityViewController (<UIActivityViewController: photoShare>). In its current trait environment")] {
            let d = try XCTUnwrap(p.diagnostics.first { $0.code == .otherSizeClass }, "\(p.diagnostics)")
            XCTAssertEqual(p.diagnostics.count, 1)
            XCTAssertTrue(d.message.contains("UIKit raises (the app crashes): Your application has presented a " + uikit), d.message)
            XCTAssertTrue(d.fix?.contains("popoverPresentationController?.sourceItem = …") == true, d.fix ?? "no fix")
        }
    }

    func testTheIPhoneScenarioRunsWholeSoTheRunComparesTheWarning() throws {
        let plan = ConformancePlan(try BuiltInScenarios.systemControllers.scenario())
        XCTAssertEqual(plan.skipped, [], "nothing raises on an iPhone")
        XCTAssertEqual(plan.scenario.steps.count, 8)
    }

    func testTheIPadRunLeavesOutTheAnchorlessPresentsAndKeepsTheModelsRejection() throws {
        let scenario = try ConformanceScenarios.iPadSystemControllers.scenario()
        let plan = ConformancePlan(scenario)
        XCTAssertEqual(plan.skipped.map(\.index), [12, 13])
        XCTAssertTrue(plan.skipped.allSatisfy { $0.reason.hasPrefix("UIKit raises here (popover-without-anchor)") }, "\(plan.skipped)")
        let alert = try plan.skipped.element(0).diagnostic?.message ?? "no diagnostic", share = try plan.skipped.element(1).diagnostic?.message ?? "no diagnostic"
        XCTAssertTrue(alert.hasPrefix("Your application has presented a UIAlertController (<UIAlertController: padMoreActions>) of style UIAlertControllerStyleActionSheet"), alert)
        XCTAssertTrue(share.hasPrefix("Your application has presented a UIActivityViewController (<UIActivityViewController: padShare>). In its current trait environment"), share)
        XCTAssertEqual(plan.skipped.map { $0.diagnostic?.severity }, [.error, .error])
        // The anchored ones and the alert run, as popovers and as UIKit's own presentation.
        let sim = Simulation(configuration: HandlerConfiguration(leakCheckDelay: nil))
        try sim.run(plan.scenario)
        let presents = sim.recorder.events.filter { $0.kind == .present }
        XCTAssertEqual(presents.map { $0.presented?.id }, ["padUploadFailed", "padPhotoActions", "padShareAnchored"])
        XCTAssertEqual(presents.map(\.effectiveStyle), [.custom, .popover, .popover])
        XCTAssertTrue(presents.allSatisfy { $0.outcome == .presented && $0.diagnostics.isEmpty }, "\(presents.map(\.diagnostics))")
    }

    func testTheConformanceRunIncludesTheIPadScenario() {
        let names = ConformanceRunner.builtInScenarios().map(\.name)
        XCTAssertEqual(names.count, BuiltInScenarios.all.count + ConformanceScenarios.all.count)
        XCTAssertTrue(names.contains("iPad: alerts, action sheets and share sheets"), "\(names)")
        XCTAssertTrue(names.contains("Photos: alerts, action sheets and a share sheet on iPhone"), "\(names)")
    }

    /// The styles the comparison leaves uncompared are exactly those the resolver records as
    /// observed only.
    func testPredictsStyleAgreesWithTheResolversRules() {
        for kind in [nil] + SystemControllerKind.allCases.map(Optional.some) {
            for alertStyle in [nil] + AlertControllerStyle.allCases.map(Optional.some) where kind == .alertController || alertStyle == nil {
                for sizeClass in [SizeClass.compact, .regular] {
                    let node = SimController(id: "p", type: kind?.name ?? "PlainViewController")
                    node.preferredStyle = alertStyle
                    let rules = SystemControllerRules.effectiveStyle(of: node, sizeClass: sizeClass, version: UIKitVersions.newestModelled).predicted
                    XCTAssertEqual(SystemControllerKind.predictsStyle(kind, alertStyle: alertStyle, sizeClass: sizeClass), rules,
                                   "\(kind?.name ?? "plain") \(alertStyle?.rawValue ?? "-") \(sizeClass)")
                }
            }
        }
        let scenario = try? ConformanceScenarios.iPadSystemControllers.scenario()
        XCTAssertEqual(scenario.map(ConformanceRunner.observedOnlyStyles(of:)), ["padUploadFailed"], "in regular width only the alert's style is observed only")
    }
}
