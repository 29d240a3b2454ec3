import XCTest
@_spi(Package) @testable import PresentationInspectorCore

/// `StructuralSteps` compares steps byte by byte where it can (the case, then its payload's
/// bytes) and as data otherwise: every case must compare equal to the same values held in other
/// storage, and unequal when one field differs.
final class StructuralStepsTests: XCTestCase {
    /// Every case, built from `name` (strings made at run time, so two calls share no storage).
    private func everyCase(_ name: String, title: String? = nil) -> [ExplanationStep] {
        func s(_ x: String) -> String { String(decoding: Array((x + name).utf8), as: UTF8.self) }
        let a = ControllerRef(id: s("0x0000600000a1b2c0-"), type: s("UINavigationController"), title: title.map(s))
        let b = ControllerRef(id: s("b"), type: s("DetailViewController"))
        let c = ControllerRef(id: s("c"), type: s("SheetViewController"), title: s("Sheet"))
        let checks = [ExplanationStep.ContextCheck(type: s("UITabBarController"), defines: true)]
        return [
            .presentCalled(source: a, presented: b), .walkedUp(path: [s("p")], root: a, place: .windowRoot(s("w"))),
            .ownRoot(a, place: .presentedBy(b)), .automaticStyle(.formSheet, rules: UIKitVersions.newestModelled), .popoverAdapts, .styleAsIs(.pageSheet, sheetInCompact: true),
            .contextFound(.currentContext, walk: checks, provider: a), .contextNotFound(.overCurrentContext, walk: checks, root: b),
            .notContextStyle(.fullScreen, root: a), .presentingIsNotSource(presenting: a, source: b), .sourcePresents,
            .transitionFromProvider(provider: a, transition: .crossDissolve, requested: .coverVertical),
            .transitionOwnProviderDeclines(.flipHorizontal, providerType: s("T")), .transitionOwn(.partialCurl),
            .alreadyPresented(a, by: b), .activeChild(a, parent: b), .activeRoot(a, window: s("w")), .transitionRunning,
            .alreadyPresenting(presenting: a, current: b, inheritedFrom: c), .notInWindow(source: a), .popoverWithoutAnchor(a, popoverController: c),
            .checksPassed(presentingType: s("P")), .nothingChanges, .detachedSource(a), .dismissCalled(a), .dismissDuringTransition(receiver: a, handler: b),
            .dismissesOwn(receiver: a, presented: b), .dismissInherited(receiver: a, presented: b, handler: c), .removed([a, b]),
            .forwarded(receiver: a, root: nil, handler: b, dismissedRoot: c), .nothingToDismiss(a), .swipedDown(a),
            .swipeBlocked(type: s("S")), .swipeCancelled, .swipeCompletes(presenter: nil, removed: [a]), .text(s("words")),
            .preferredTransition(.zoom, replaces: .coverVertical),
            .presentingNotInWindow(a, leaving: true), .dismissalNotCounted, .dismissDuringTransition(receiver: c, handler: nil),
        ]
    }

    func testEqualStepsInOtherStorageAreEqual() {
        let one = everyCase("x"), other = everyCase("x")
        for (a, b) in zip(one, other) {
            XCTAssertTrue(StructuralSteps(steps: [a]) == StructuralSteps(steps: [b]), "\(a)")
            XCTAssertTrue(StructuralSteps(steps: [a, a]) == StructuralSteps(steps: [a, b]), "\(a)")
        }
        XCTAssertTrue(StructuralSteps(steps: one) == StructuralSteps(steps: other))
        XCTAssertEqual(StructuralSteps(steps: one).hashValue, StructuralSteps(steps: other).hashValue)
    }

    func testStepsThatDifferInOneFieldDiffer() {
        let one = everyCase("x"), other = everyCase("y"), titled = everyCase("x", title: "T")
        for (i, a) in one.enumerated() {
            for (j, b) in one.enumerated() where i != j {
                XCTAssertFalse(StructuralSteps(steps: [a]) == StructuralSteps(steps: [b]), "\(a) vs \(b)")
            }
            // Cases whose payload holds no string made from the name compare equal across names.
            let nameFree: Set = [3, 4, 5, 10, 13, 17, 22, 33, 36, 38]
            XCTAssertEqual(StructuralSteps(steps: [a]) == StructuralSteps(steps: [other[i]]), nameFree.contains(i), "\(a)")
        }
        // A title is part of a reference: the steps naming the titled controller differ.
        let differing = zip(one, titled).filter { !(StructuralSteps(steps: [$0]) == StructuralSteps(steps: [$1])) }.count
        XCTAssertGreaterThan(differing, 20)
    }
}
