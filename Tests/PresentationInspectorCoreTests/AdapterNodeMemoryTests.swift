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

    /// The main thread's kept snapshot answers only while the title read and the setting are the
    /// ones it was taken with; it is the same snapshot then (the recorder's pools match it by identity).
    func testTheMainThreadsSnapshotFollowsEveryTitleAndSettingChange() {
        let m = AdapterNodeMemory<Node>()
        func ref(_ title: String?, records: Bool = true) -> ControllerRef {
            m.ref(id: "0x1", type: "VC", freshTitle: .some(title), recordsTitles: records)
        }
        let a = ref("A")
        let again = ref("A")
        withUnsafeBytes(of: a) { x in withUnsafeBytes(of: again) { y in XCTAssertTrue(x.elementsEqual(y), "the same snapshot") } }
        XCTAssertEqual(ref("B").title, "B")
        XCTAssertEqual(ref("A").title, "A", "not the snapshot kept before B")
        XCTAssertEqual(ref("A", records: false).title, nil)
        XCTAssertEqual(ref("A").title, "A")
        XCTAssertEqual(ref(nil).title, nil)
        XCTAssertEqual(m.ref(id: "0x1", type: "VC", freshTitle: nil, recordsTitles: true).title, nil, "off the main thread: the last title read")
        XCTAssertEqual(m.ref(id: "0x2", type: "VC", freshTitle: .some(nil), recordsTitles: true).id, "0x2", "another id is not answered with the kept one")
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

    /// A controller that keeps its one node, as a `UIViewController` keeps its `UIKitNode` (an
    /// associated object): what `node(of:_:node:)` requires of the nodes it hands out.
    final class KeepingController {
        var node: KeptNode?
    }
    final class KeptNode {
        weak var controller: KeepingController?
        init(_ c: KeepingController) { controller = c }
    }

    func testRelativeNodesAreReusedOnlyForTheSameControllerAndNotKeptAlive() {
        let m = AdapterNodeMemory<KeptNode>()
        var made = 0
        func node(of relative: AdapterNodeMemory<KeptNode>.Relative, _ c: KeepingController) -> KeptNode {
            m.node(of: relative, c, node: { c in
                if let n = c.node { return n }
                made += 1
                let n = KeptNode(c)
                c.node = n
                return n
            })
        }
        let a = KeepingController(), b = KeepingController()
        let parent = node(of: .parent, a)
        XCTAssertTrue(node(of: .parent, a) === parent, "the same parent: the same node")
        XCTAssertEqual(made, 1)
        let presenter = node(of: .presenting, b)
        XCTAssertEqual(made, 2, "parent and presenter are remembered apart")
        XCTAssertTrue(node(of: .presenting, b) === presenter && node(of: .parent, a) === parent)
        XCTAssertTrue(node(of: .parent, b) === presenter, "another parent: its own node")
        XCTAssertEqual(made, 2)

        // The memory keeps neither the controllers nor their nodes: a controller that goes takes
        // its node with it, and a new controller (perhaps at the same address) gets a node of its own.
        weak var goneNode: KeptNode?
        weak var goneController: KeepingController?
        do {
            let c = KeepingController()
            goneController = c
            goneNode = node(of: .presenting, c)
        }
        XCTAssertNil(goneController, "only the memory could have held it")
        XCTAssertNil(goneNode, "the node went with its controller")
        for _ in 0..<100 {
            let d = KeepingController()
            XCTAssertTrue(node(of: .presenting, d).controller === d, "a new controller's own node")
        }
        XCTAssertEqual(made, 103)
        withExtendedLifetime((a, b, parent, presenter)) {}
    }

    /// A controller that may not be referenced weakly (one being deallocated: the Objective-C
    /// runtime traps) gets its node without the memory remembering it.
    func testAControllerThatMayNotBeReferencedIsNotRemembered() {
        let m = AdapterNodeMemory<KeptNode>()
        let c = KeepingController()
        var asked = 0
        func node(mayReference: Bool) -> KeptNode {
            m.node(of: .parent, c, mayReference: { _ in asked += 1; return mayReference }, node: { c in
                if let n = c.node { return n }
                let n = KeptNode(c)
                c.node = n
                return n
            })
        }
        let first = node(mayReference: false)
        XCTAssertNil(m.lastParentController, "not referenced")
        XCTAssertTrue(node(mayReference: false) === first)
        XCTAssertEqual(asked, 2)
        XCTAssertTrue(node(mayReference: true) === first)
        XCTAssertTrue(m.lastParentController === c)
        XCTAssertTrue(node(mayReference: false) === first)
        XCTAssertEqual(asked, 3, "a remembered controller is not asked about again")
    }

    func testAddressTextsAreRightWhetherKeptOrMade() {
        let c = Controller()
        XCTAssertEqual(ObjectAddressText.of(c), "0x" + String(UInt(bitPattern: ObjectIdentifier(c)), radix: 16))
        // Addresses that share slots, asked in turn and again: each text is its own address's.
        let addresses: [UInt] = (0..<200).map { 0x6000_0000_0000 &+ UInt($0) &* 0x210 } + [0, 1, .max]
        for _ in 0..<2 {
            for a in addresses { XCTAssertEqual(ObjectAddressText.text(of: a), "0x" + String(a, radix: 16)) }
        }
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
