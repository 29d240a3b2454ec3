import XCTest
@_spi(Adapter) @testable import PresentationInspectorCore

/// The adapter nodes' memory (`UIKitNode` and the device bench's `DeviceNode` share it): titles
/// kept for the reads that cannot read one, child nodes reused only while they stand for the same
/// controllers, class names made once per class.
final class AdapterNodeMemoryTests: XCTestCase {
    final class Controller {}
    final class Node {
        weak var controller: Controller?
        init(_ c: Controller) { controller = c }
    }

    func testTitleIsKeptForReadsThatCannotReadOne() {
        let m = AdapterNodeMemory<Node>(title: "First")
        XCTAssertEqual(m.ref(id: "0x1", type: "VC", freshTitle: nil, recordsTitles: true), ControllerRef(id: "0x1", type: "VC", title: "First"))
        XCTAssertEqual(m.ref(id: "0x1", type: "VC", freshTitle: .some("Second"), recordsTitles: true).title, "Second")
        XCTAssertEqual(m.ref(id: "0x1", type: "VC", freshTitle: nil, recordsTitles: true).title, "Second")
        XCTAssertEqual(m.ref(id: "0x1", type: "VC", freshTitle: .some(nil), recordsTitles: true).title, nil, "a title set to nil is read as nil")
        XCTAssertEqual(m.ref(id: "0x1", type: "VC", freshTitle: .some("Third"), recordsTitles: false).title, nil)
        XCTAssertEqual(m.ref(id: "0x1", type: "VC", freshTitle: nil, recordsTitles: true).title, "Third")
    }

    func testChildNodesAreReusedOnlyForTheSameControllersInOrder() {
        let m = AdapterNodeMemory<Node>()
        let a = Controller(), b = Controller(), c = Controller()
        var made = 0
        func nodes(_ cs: [Controller]) -> [Node] { m.childNodes(of: cs, controller: { $0.controller }, node: { made += 1; return Node($0) }) }
        let first = nodes([a, b])
        XCTAssertEqual(made, 2)
        let again = nodes([a, b])
        XCTAssertEqual(made, 2, "same children: the same nodes")
        XCTAssertTrue(zip(first, again).allSatisfy { $0 === $1 })
        let swapped = nodes([b, a])
        XCTAssertEqual(made, 4)
        XCTAssertTrue(swapped[0].controller === b && swapped[1].controller === a)
        XCTAssertEqual(nodes([b, a, c]).map { $0.controller.map(ObjectIdentifier.init) }, [b, a, c].map(ObjectIdentifier.init))
        XCTAssertEqual(nodes([]).count, 0)
    }

    func testClassNamesAreMadeOncePerClass() {
        let cache = ClassNameCache()
        var asked = 0
        let name = { (_: AnyClass) -> String in asked += 1; return "MyApp.ListViewController" }
        XCTAssertEqual(cache.name(of: Controller.self, runtimeName: name), SwiftClassName.recordedTypeName("MyApp.ListViewController"))
        XCTAssertEqual(cache.name(of: Controller.self, runtimeName: name), SwiftClassName.recordedTypeName("MyApp.ListViewController"))
        XCTAssertEqual(asked, 1)
        _ = cache.name(of: Node.self, runtimeName: name)
        XCTAssertEqual(asked, 2)
    }
}
