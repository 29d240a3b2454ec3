import XCTest
@_spi(Package) @testable import PresentationInspectorCore

/// `ControllerRef` keeps its strings in one shared object (issue 10): it must still behave as a
/// value, and equal references must be equal and hash alike whether or not they share it.
final class ControllerRefTests: XCTestCase {
    func testSettingAFieldChangesOnlyThatCopy() {
        let original = ControllerRef(id: "c1", type: "ListViewController", title: "Inbox")
        var copy = original
        copy.title = nil
        copy.type = "DetailViewController"
        copy.id = "c2"
        XCTAssertEqual(original.id, "c1")
        XCTAssertEqual(original.type, "ListViewController")
        XCTAssertEqual(original.title, "Inbox")
        XCTAssertEqual(copy, ControllerRef(id: "c2", type: "DetailViewController"))
        XCTAssertNotEqual(copy, original)
    }

    func testEqualFieldsAreEqualWithoutSharedStorage() {
        let a = ControllerRef(id: "c1", type: "T", title: "x")
        let b = ControllerRef(id: "c" + "1", type: "T", title: "x")
        XCTAssertFalse(a.storage === b.storage)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertEqual(Set([a, b, a]).count, 1)
        for other in [ControllerRef(id: "c2", type: "T", title: "x"), ControllerRef(id: "c1", type: "U", title: "x"),
                      ControllerRef(id: "c1", type: "T", title: nil), ControllerRef(id: "c1", type: "T", title: "")] {
            XCTAssertNotEqual(a, other, "\(other)")
        }
    }

    func testDescriptionShowsTheFieldsNotTheStorage() {
        XCTAssertEqual(String(describing: ControllerRef(id: "c1", type: "T", title: "x")),
                       #"ControllerRef(id: "c1", type: "T", title: Optional("x"))"#)
        XCTAssertEqual(String(describing: ControllerRef(id: "c1", type: "T")), #"ControllerRef(id: "c1", type: "T", title: nil)"#)
    }

    func testAReferenceIsOnePointerWide() {
        XCTAssertEqual(MemoryLayout<ControllerRef>.size, MemoryLayout<Int>.size)
        XCTAssertEqual(MemoryLayout<ControllerRef?>.size, MemoryLayout<Int>.size, "an absent reference costs no extra byte")
    }
}
