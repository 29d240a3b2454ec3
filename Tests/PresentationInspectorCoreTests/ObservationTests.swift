import XCTest
@_spi(Package) import PresentationInspectorCore

final class ObservationTests: XCTestCase {
    /// `isEmpty` reads every field: an observation with any one field set is not empty.
    func testAnyOneFieldMakesAnObservationNonEmpty() {
        let ref = ControllerRef(id: "0x1", type: "A")
        let single: [Observation] = [
            Observation(outcome: .presented),
            Observation(presenting: ref),
            Observation(contextProvider: ref),
            Observation(effectiveStyle: .pageSheet),
            Observation(effectiveTransition: .coverVertical),
            Observation(window: "0x2"),
            Observation(covered: ref),
            Observation(presentationControllerClass: "UISheetPresentationController"),
            Observation(dismissed: []),
            Observation(handledBy: ref),
        ]
        XCTAssertTrue(Observation().isEmpty)
        // One case per stored property: a new field needs a case here and a check in `isEmpty`.
        XCTAssertEqual(single.count, Mirror(reflecting: Observation()).children.count)
        for (i, o) in single.enumerated() {
            XCTAssertFalse(o.isEmpty, "field \(i)")
            XCTAssertNotEqual(o, Observation(), "field \(i)")
        }
    }
}
