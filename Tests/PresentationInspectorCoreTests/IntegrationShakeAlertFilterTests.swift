import XCTest
@_spi(Package) import PresentationInspectorCore

/// The alert UIKit shows for the inspector's shake is not the app's.
final class IntegrationShakeAlertFilterTests: XCTestCase {
    private let alert = ControllerRef(id: "0xa1", type: "UIAlertController")
    private let appSheet = ControllerRef(id: "0xb2", type: "MyApp.Sheet")

    func testAnAlertPresentedDuringTheShakeIsLeftOutWithItsDismissal() {
        let filter = ShakeAlertFilter()
        XCTAssertFalse(filter.excludes(alert), "outside a shake an alert is the app's")
        filter.beginShakeDispatch()
        XCTAssertTrue(filter.excludes(alert))
        XCTAssertFalse(filter.excludes(appSheet), "only alerts")
        filter.endShakeDispatch()
        XCTAssertFalse(filter.excludes(alert))

        final class Box: @unchecked Sendable { var alive = true }
        let box = Box()
        filter.keep(alertID: alert.id, isAlive: { box.alive })
        XCTAssertTrue(filter.excludes(alert), "its dismissal, while it lives")
        XCTAssertFalse(filter.excludes(ControllerRef(id: "0xa2", type: "UIAlertController")), "another alert is the app's")
        box.alive = false
        XCTAssertFalse(filter.excludes(alert), "once gone, a new alert at the same address is the app's")
    }

    func testTheAppsOwnRuleStillApplies() {
        let filter = ShakeAlertFilter()
        let ignore = filter.ignoring(alsoIgnore: { $0.type == "MyApp.Sheet" })
        XCTAssertTrue(ignore(appSheet))
        XCTAssertFalse(ignore(alert))
        filter.beginShakeDispatch()
        XCTAssertTrue(ignore(alert))
        XCTAssertFalse(filter.ignoring(alsoIgnore: nil)(appSheet))
    }
}
