import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator

/// A simulated controller's snapshot follows its type and title; earlier snapshots keep theirs.
final class SimControllerRefTests: XCTestCase {
    func testRefFollowsTheTitleAndType() {
        let c = SimController(id: "c", type: "ListViewController", title: "Inbox")
        let first = c.ref
        XCTAssertEqual(first, ControllerRef(id: "c", type: "ListViewController", title: "Inbox"))
        XCTAssertEqual(c.ref.label, first.label)
        c.title = "Archive"
        XCTAssertEqual(c.ref, ControllerRef(id: "c", type: "ListViewController", title: "Archive"))
        XCTAssertEqual(first.title, "Inbox", "an earlier snapshot keeps what it recorded")
        c.type = "ArchiveViewController"
        XCTAssertEqual(c.ref.type, "ArchiveViewController")
        c.title = nil
        XCTAssertNil(c.ref.title)
    }
}
