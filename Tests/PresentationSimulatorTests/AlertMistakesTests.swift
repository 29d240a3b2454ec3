import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator

/// Alerts' own mistakes, through the simulator: an alert presented while another is up, from a
/// controller being dismissed, or from one no longer in a window. The rejection keeps UIKit's
/// message, which names the alert, and carries the fix that works for alerts.
final class AlertMistakesTests: XCTestCase {
    private let controllers = """
    [ { "id": "root", "type": "RootViewController" },
      { "id": "detail", "type": "DetailViewController" },
      { "id": "first", "type": "UIAlertController", "preferredStyle": "alert" },
      { "id": "second", "type": "UIAlertController", "preferredStyle": "alert" } ]
    """

    private func rejection(_ steps: [String]) throws -> Diagnostic {
        let run = try simulate(scenarioJSON(controllers: controllers, steps: steps))
        let e = try XCTUnwrap(run.presents.last { $0.presented?.id == "second" })
        XCTAssertEqual(e.outcome, .rejected)
        return try XCTUnwrap(e.diagnostics.first)
    }

    func testAnAlertWhileAnotherIsUpIsQueuedUntilTheFirstIsDismissed() throws {
        let d = try rejection([
            #"{ "present": "first", "from": "root", "animated": false }"#,
            #"{ "present": "second", "from": "root", "animated": false }"#,
        ])
        XCTAssertEqual(d.code, .alreadyPresenting)
        XCTAssertEqual(d.message, "Attempt to present <UIAlertController: second> on <RootViewController: root> (from <RootViewController: root>) which is already presenting <UIAlertController: first>.")
        XCTAssertEqual(d.fix, "alert <UIAlertController: second> was presented while alert <UIAlertController: first> is up: queue it and present it once <UIAlertController: first> is dismissed (from the handler of <UIAlertController: first>'s action, which runs after its dismissal), or fold both messages into one alert")
    }

    func testAnAlertOverAnotherPresentationIsPresentedFromTheTopOfTheChain() throws {
        let d = try rejection([
            #"{ "present": "detail", "from": "root", "animated": false }"#,
            #"{ "present": "second", "from": "root", "animated": false }"#,
        ])
        XCTAssertEqual(d.code, .alreadyPresenting)
        XCTAssertEqual(d.fix, "present alert <UIAlertController: second> from <DetailViewController: detail> (the top of the key window's chain), which shows it above <DetailViewController: detail>, or queue it until <DetailViewController: detail> is dismissed")
    }

    /// UIKit names the controller being dismissed as not in the window hierarchy (console corpus:
    /// react-native-image-crop-picker issue 1631, hl_image_picker issue 15).
    func testAnAlertFromAControllerBeingDismissedWaitsForTheTransition() throws {
        let d = try rejection([
            #"{ "present": "detail", "from": "root", "animated": false }"#,
            #"{ "dismiss": "detail", "animated": true }"#,
            #"{ "present": "second", "from": "detail", "animated": false }"#,
        ])
        XCTAssertEqual(d.code, .notInWindowHierarchy)
        XCTAssertEqual(d.message, "Attempt to present <UIAlertController: second> on <DetailViewController: detail> (from <DetailViewController: detail>) whose view is not in the window hierarchy.")
        XCTAssertEqual(d.fix, "alert <UIAlertController: second> was presented from <DetailViewController: detail>, which is being dismissed: present it from <RootViewController: root> (the top of the key window's chain), which stays, from the completion of that dismissal")
    }

    /// Over a presentation being dismissed: the alert waits for the end of that dismissal.
    func testAnAlertOverAPresentationBeingDismissedWaitsForTheDismissal() throws {
        let d = try rejection([
            #"{ "present": "detail", "from": "root", "animated": false }"#,
            #"{ "dismiss": "detail", "animated": true }"#,
            #"{ "present": "second", "from": "root", "animated": false }"#,
        ])
        XCTAssertEqual(d.code, .alreadyPresenting)
        XCTAssertEqual(d.fix, "alert <UIAlertController: second> was presented while <DetailViewController: detail> is being dismissed: present it from the completion handler of that dismissal")
    }

    func testAnAlertFromAControllerNoLongerInAWindowIsPresentedFromTheKeyWindow() throws {
        let d = try rejection([
            #"{ "present": "detail", "from": "root", "animated": false }"#,
            #"{ "dismiss": "detail", "animated": false }"#,
            #"{ "present": "second", "from": "detail", "animated": false }"#,
        ])
        XCTAssertEqual(d.code, .notInWindowHierarchy)
        XCTAssertTrue(d.message.hasPrefix("Attempt to present <UIAlertController: second>"), d.message)
        XCTAssertEqual(d.fix, "alert <UIAlertController: second> was presented from <DetailViewController: detail>, which is no longer in a window (dismissed, covered by a full-screen presentation, or not yet shown): present it from the top of the key window's chain (its root's presentedViewController, followed to the end) instead, or queue it until a controller in the window can show it")
    }

    func testAPlainControllerKeepsTheGeneralFix() throws {
        let run = try simulate(scenarioJSON(controllers: controllers, steps: [
            #"{ "present": "first", "from": "root", "animated": false }"#,
            #"{ "present": "detail", "from": "root", "animated": false }"#,
        ]))
        let d = try XCTUnwrap(run.presents.last?.diagnostics.first)
        XCTAssertEqual(d.code, .alreadyPresenting)
        XCTAssertFalse(d.fix?.contains("alert <DetailViewController") ?? true, d.fix ?? "")
    }
}
