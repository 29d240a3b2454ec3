import XCTest
import PresentationInspector
@_spi(Package) import PresentationInspectorCore
@testable import InspectorTour
@_spi(Package) import PresentationSimulator

/// The tour's checks on recorded events, run on synthetic events: each check passes on a
/// recording that matches what UIKit did and fails, naming the step, on one that does not.
final class TourChecksTests: XCTestCase {
    private let home = ControllerRef(id: "0x1", type: "InspectorTour.HomeScreen", title: "Home")
    private let root = ControllerRef(id: "0x2", type: "UINavigationController")
    private let screen = ControllerRef(id: "0x3", type: "InspectorTour.TourScreen", title: "pageSheet")
    private let tourSite = "InspectorTourHost.debug.dylib`InspectorTour.TourDriver.present() + 120"

    private func performed(presenting: String = "0x2", style: PresentationStyle? = .pageSheet,
                           contextProvider: String? = nil, after: Int = 0) -> PerformedPresent {
        PerformedPresent(step: "pageSheet", presentedID: "0x3", runtimeTypeName: "InspectorTour.TourScreen", title: "pageSheet",
                         presentingID: presenting, windowID: "0x9", contextProviderID: contextProvider,
                         expectedStyle: style, checksCallSite: true, recordedAfter: after)
    }

    /// A present and its completion as the hooks record one UIKit performed as the tour read it.
    private func presentEvents(observedPresenting: ControllerRef? = nil, type: String = "InspectorTour.TourScreen",
                               callSite: String? = nil, completed: Bool = true, contextProvider: ControllerRef? = nil) -> [Event] {
        var presented = screen
        presented.type = type
        var present = Event(seq: 1, time: 0, kind: .present, outcome: .presented, window: "0x9", source: home,
                            presented: presented, presenting: root, requestedStyle: .pageSheet, effectiveStyle: .pageSheet,
                            callSite: callSite ?? tourSite)
        present.observed = Observation(presenting: observedPresenting ?? root, contextProvider: contextProvider,
                                       effectiveStyle: .pageSheet, presentationControllerClass: "UISheetPresentationController",
                                       outcome: .presented)
        var completion = Event(seq: 2, time: 0.5, kind: .presentCompleted, outcome: .completed, window: "0x9", relatesTo: 1,
                               presented: presented)
        completion.observed = Observation(window: "0x9")
        return completed ? [present, completion] : [present]
    }

    private func assertOneFailure(_ failures: [String], containing text: String, line: UInt = #line) {
        XCTAssertEqual(failures.count, 1, "\(failures)", line: line)
        XCTAssertTrue(failures.first?.contains(text) == true, "\(failures)", line: line)
    }

    func testAPresentRecordedAsUIKitDidItPasses() {
        XCTAssertEqual(TourChecks.present(performed(), in: presentEvents()), [])
    }

    func testAnObservedPresenterOtherThanUIKitsFails() {
        assertOneFailure(TourChecks.present(performed(), in: presentEvents(observedPresenting: home)),
                         containing: "pageSheet: observed presenting 0x1, but presentingViewController is 0x2")
    }

    func testAStyleOtherThanTheOneOnScreenFails() {
        assertOneFailure(TourChecks.present(performed(style: .formSheet), in: presentEvents()),
                         containing: "observed effectiveStyle pageSheet, but UIKit shows formSheet")
    }

    func testAContextProviderOtherThanTheOneDefiningTheContextFails() {
        XCTAssertEqual(TourChecks.present(performed(contextProvider: "0x1"), in: presentEvents(contextProvider: home)), [])
        assertOneFailure(TourChecks.present(performed(contextProvider: "0x1"), in: presentEvents(contextProvider: root)),
                         containing: "observed contextProvider 0x2, but 0x1 defines the context")
    }

    func testAMissingCompletionAndWindowFail() {
        let failures = TourChecks.present(performed(), in: presentEvents(completed: false))
        XCTAssertEqual(failures.count, 2, "\(failures)")
        XCTAssertTrue(failures.first?.contains("no present-completed was recorded") == true, "\(failures)")
        XCTAssertTrue(failures.last?.contains("observed window nothing, but the presented view is in 0x9") == true, "\(failures)")
    }

    func testAMangledNameFails() {
        let failures = TourChecks.present(performed(), in: presentEvents(type: "_TtC13InspectorTour10TourScreen"))
        XCTAssertEqual(failures, ["pageSheet: the presented controller is named _TtC13InspectorTour10TourScreen, a mangled name"])
    }

    func testACallSiteOutsideTheTourFails() {
        let site = "UIKitCore`-[UIViewController presentViewController:animated:completion:]"
        assertOneFailure(TourChecks.present(performed(), in: presentEvents(callSite: site)), containing: "is not the tour's code")
    }

    func testAnAddressFreedAndReusedMatchesOnlyEventsAfterTheCall() {
        // An earlier controller at the same address, presented in another style by another presenter.
        var older = presentEvents(observedPresenting: home)
        older[0].presented?.title = "fullScreen"
        let newer = presentEvents().map { e -> Event in
            var e = e
            e.seq += 2
            e.relatesTo = e.relatesTo.map { $0 + 2 }
            return e
        }
        XCTAssertEqual(TourChecks.present(performed(after: 2), in: older + newer), [])
        XCTAssertFalse(TourChecks.present(performed(after: 0), in: older + newer).isEmpty)
        XCTAssertEqual(TourChecks.removal(of: "0x3", after: 4, step: "s", in: older + newer), ["s: no event records the removal of 0x3"])
    }

    func testAPresentNotRecordedFails() {
        XCTAssertEqual(TourChecks.present(performed(), in: []), ["pageSheet: no present of 0x3 was recorded"])
    }

    func testModelDriftFails() {
        var e = presentEvents()[0]
        XCTAssertEqual(TourChecks.noModelDrift([e]), [])
        e.diagnostics.append(.modelDrift(field: "presenting", predicted: "<A: 0x1>", observed: "<B: 0x2>"))
        XCTAssertEqual(TourChecks.noModelDrift([e]).count, 1)
    }

    func testADismissalIsCheckedAtItsEnd() {
        let dismiss = Event(seq: 3, time: 1, kind: .dismiss, outcome: .dismissed, receiver: screen, handledBy: root, dismissed: [screen])
        var end = Event(seq: 4, time: 1.4, kind: .dismissCompleted, outcome: .completed, relatesTo: 3, dismissed: [screen])
        XCTAssertEqual(TourChecks.dismissal(of: "0x3", step: "s", in: [dismiss, end]),
                       ["s: the end of the dismissal did not observe 0x3 removed [\(dismiss.summary)]"])
        end.observed = Observation(dismissed: [screen], handledBy: root)
        XCTAssertEqual(TourChecks.dismissal(of: "0x3", step: "s", in: [dismiss, end]), [])
        XCTAssertEqual(TourChecks.dismissal(of: "0x3", step: "s", in: [end]), ["s: no dismiss removing 0x3 was recorded"])
        XCTAssertEqual(TourChecks.removal(of: "0x3", step: "s", in: [end]), [])
        XCTAssertEqual(TourChecks.removal(of: "0x5", step: "s", in: [end]), ["s: no event records the removal of 0x5"])
    }

    func testADismissRecordedBeforeItsPresentFails() {
        let present = Event(seq: 2, time: 0, kind: .present, outcome: .presented, source: home, presented: screen)
        let dismiss = Event(seq: 1, time: 0, kind: .dismiss, outcome: .dismissed, receiver: screen, dismissed: [screen])
        XCTAssertEqual(TourChecks.presentThenDismiss(of: "0x3", step: "s", in: [dismiss, present]),
                       ["s: the dismiss (#1) was recorded before the present (#2)"])
        var rejected = present
        rejected.seq = 1
        rejected.outcome = .rejected
        var later = dismiss
        later.seq = 2
        XCTAssertEqual(TourChecks.presentThenDismiss(of: "0x3", step: "s", in: [rejected, later]),
                       ["s: the present was recorded rejected [\(rejected.summary)]"])
    }
}

/// The tour's presents of every style, simulated under the iOS 17 and iOS 26 models with UIKit's
/// answers as the tour expects them on each: the tour's checks hold under both, and fail where
/// the model follows another version than the device's.
final class SimulatedTourTests: XCTestCase {
    private let styles: [PresentationStyle] = [.fullScreen, .pageSheet, .formSheet, .currentContext, .overFullScreen,
                                               .overCurrentContext, .popover, .automatic]

    /// The UIKit-styles stage as a scenario on an iPad: each style presented from home and dismissed,
    /// UIKit's answer (`observed`) the style the tour expects on `device`.
    private func tour(model: String, device: SystemVersion) throws -> [Event] {
        let controllers = ["{ \"id\": \"home\", \"type\": \"HomeScreen\" }"] + styles.map { s in
            "{ \"id\": \"\(s.name)\", \"type\": \"TourScreen\", \"modalPresentationStyle\": \"\(s.name)\"\(s == .popover ? ", \"popoverAnchor\": \"sourceView\"" : "") }"
        }
        let steps = styles.flatMap { s -> [String] in
            let observed = TourExpectations.style(s, regularWidth: true, systemVersion: device).map { ", \"observed\": { \"effectiveStyle\": \"\($0.name)\" }" } ?? ""
            return ["{ \"present\": \"\(s.name)\", \"from\": \"home\"\(observed) }", "{ \"advance\": 1 }", "{ \"dismiss\": \"\(s.name)\" }", "{ \"advance\": 1 }"]
        }
        let json = """
        { "name": "tour", "environment": { "idiom": "pad", "iOS": "\(model)" },
          "controllers": [\(controllers.joined(separator: ","))], "windows": [ { "id": "main", "root": "home", "key": true } ],
          "steps": [\(steps.joined(separator: ","))] }
        """
        let simulation = Simulation(configuration: HandlerConfiguration(leakCheckDelay: nil, recordsObservations: true))
        try simulation.run(try Scenario.parse(json, file: "tour.json"))
        return simulation.recorder.events
    }

    func testTheChecksHoldUnderTheIOS17AndIOS26Models() throws {
        for version in ["17.4", "26.2"] {
            let device = try XCTUnwrap(SystemVersion(parsing: version))
            let events = try tour(model: version, device: device)
            XCTAssertEqual(events.filter { $0.kind == .present }.count, styles.count, version)
            XCTAssertEqual(TourChecks.noModelDrift(events), [], version)
        }
        XCTAssertEqual(TourExpectations.style(.automatic, regularWidth: true, systemVersion: SystemVersion(major: 17, minor: 4)), .pageSheet)
        XCTAssertEqual(TourExpectations.style(.automatic, regularWidth: true, systemVersion: SystemVersion(major: 26, minor: 2)), .formSheet)
        XCTAssertNil(TourExpectations.style(.automatic, regularWidth: false, systemVersion: SystemVersion(major: 26)))
    }

    func testAModelOfAnotherVersionThanTheDevicesDrifts() throws {
        let events = try tour(model: "26.2", device: try XCTUnwrap(SystemVersion(major: 17, minor: 4)))
        let drift = TourChecks.noModelDrift(events)
        XCTAssertEqual(drift.count, 1, "\(drift)")
        XCTAssertTrue(drift.first?.contains("model predicted effectiveStyle formSheet, UIKit chose pageSheet") == true, "\(drift)")
    }
}
