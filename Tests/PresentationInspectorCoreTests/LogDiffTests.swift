import XCTest
@_spi(Package) import PresentationInspectorCore
import TestSupport

/// ``LogDiff`` beyond the ten recorded facts: what UIKit was observed doing (`observed`) and the
/// window's chain after each event.
final class LogDiffTests: XCTestCase {
    private let root = ControllerRef(id: "root", type: "UITabBarController")
    private let nav = ControllerRef(id: "nav", type: "UINavigationController")
    private let list = ControllerRef(id: "list", type: "ListViewController")
    private let sheet = ControllerRef(id: "sheet", type: "SheetViewController")
    private let share = ControllerRef(id: "share", type: "UIActivityViewController")

    /// A present of `sheet` from `list`, presented by `root`, then its completion.
    private func run(observed: Observation? = nil, chain: [ControllerRef]? = nil) -> [Event] {
        var present = Event(seq: 1, time: 0, kind: .present, outcome: .presented, window: "w", source: list, presented: sheet,
                            presenting: root, requestedStyle: .pageSheet, effectiveStyle: .pageSheet, chain: chain ?? [root, sheet])
        present.observed = observed
        let completed = Event(seq: 2, time: 0.5, kind: .presentCompleted, outcome: .completed, window: "w", relatesTo: 1,
                              presented: sheet, chain: [root, sheet])
        return [present, completed]
    }

    private func lines(_ d: LogDiff) -> [String] { d.text(nameA: "a", nameB: "b").split(separator: "\n").map(String.init) }

    func testTheSameObservationsAndChainsAreEquivalent() {
        let o = Observation(presenting: nav, effectiveStyle: .fullScreen, covered: list, presentationControllerClass: "UIFullscreenPresentationController")
        XCTAssertTrue(LogDiff(run(observed: o), run(observed: o)).isEquivalent)
        XCTAssertTrue(LogDiff(run(), run()).isEquivalent, "neither observed anything")
        XCTAssertTrue(LogDiff(run(observed: Observation()), run()).isEquivalent, "an empty observation observes nothing")
    }

    /// UIKit chose another presenting controller in one run: the recorded facts agree, the
    /// observation does not, and the report says it is the observation.
    func testADifferenceOnlyInTheObservationIsReportedAsObserved() throws {
        let d = LogDiff(run(observed: Observation(presenting: root)), run(observed: Observation(presenting: nav)))
        XCTAssertFalse(d.isEquivalent)
        XCTAssertEqual(d.differences.map(\.field), ["observed.presenting"])
        let only = try XCTUnwrap(d.differences.first)
        XCTAssertEqual([only.aValue, only.bValue], ["<UITabBarController: root>", "<UINavigationController: nav>"])
        XCTAssertTrue(only.isObserved)
        XCTAssertEqual(lines(d), [
            "a #1 ↔ b #1 present SheetViewController (sheet): observed.presenting: <UITabBarController: root> ≠ <UINavigationController: nav>",
            "1 of 2 matched events differ (1 field; observed: 1); 0 only in a, 0 only in b",
        ])
        XCTAssertEqual(d.factsAgreeing, 2 * LogDiff.comparedFields.count, "the ten recorded facts all agree")
        XCTAssertTrue(d.json().contains(#""field":"observed.presenting","a":"<UITabBarController: root>","b":"<UINavigationController: nav>""#), d.json())
    }

    /// A field observed on one side only differs, its other side `not observed`; a field neither
    /// side observed does not.
    func testAFieldOneSideDidNotObserveReadsNotObserved() {
        let o = Observation(effectiveStyle: .fullScreen, covered: list)
        let d = LogDiff(run(observed: o), run())
        XCTAssertEqual(d.differences.map(\.field), ["observed.effectiveStyle", "observed.covered"])
        XCTAssertEqual(d.differences.map(\.aValue), ["fullScreen", "<ListViewController: list>"])
        XCTAssertEqual(d.differences.map(\.bValue), ["not observed", "not observed"])
        XCTAssertEqual(LogDiff(run(), run(observed: o)).differences.map(\.aValue), ["not observed", "not observed"])
    }

    /// Every field of ``Observation`` is compared under its own name: a new field needs a
    /// comparison in `LogDiff.compareObserved` or this fails.
    func testEveryObservationFieldIsComparedByName() {
        let fields: [Observation] = [
            Observation(outcome: .rejected), Observation(presenting: nav), Observation(contextProvider: nav),
            Observation(effectiveStyle: .formSheet), Observation(effectiveTransition: .crossDissolve), Observation(window: "0x2"),
            Observation(covered: nav), Observation(presentationControllerClass: "UISheetPresentationController"),
            Observation(dismissed: [sheet]), Observation(handledBy: root),
        ]
        let names = Mirror(reflecting: Observation()).children.compactMap(\.label)
        XCTAssertEqual(fields.count, names.count)
        var seen: [String] = []
        for o in fields {
            let d = LogDiff(run(observed: o), run())
            XCTAssertEqual(d.differences.count, 1, "\(o)")
            seen += d.differences.map(\.field)
        }
        XCTAssertEqual(Set(seen), Set(names.map { "observed." + $0 }))
    }

    func testObservedControllersCompareByTypeWhenTheLogsShareNoIDsAndDismissedInAnyOrder() {
        func readdressed(_ events: [Event]) -> [Event] {
            events.map { e in
                var e = e
                func a(_ r: ControllerRef?) -> ControllerRef? { r.map { ControllerRef(id: "0x" + $0.id, type: $0.type) } }
                e.source = a(e.source); e.presented = a(e.presented); e.presenting = a(e.presenting)
                e.chain = e.chain.compactMap(a)
                let observed = e.observed?.presenting
                e.observed?.presenting = a(observed)
                return e
            }
        }
        let same = LogDiff(run(observed: Observation(presenting: nav)), readdressed(run(observed: Observation(presenting: nav))))
        XCTAssertFalse(same.comparesByID)
        XCTAssertTrue(same.isEquivalent, same.text(nameA: "a", nameB: "b"))
        let other = LogDiff(run(observed: Observation(presenting: nav)), readdressed(run(observed: Observation(presenting: root))))
        XCTAssertEqual(other.differences.map(\.field), ["observed.presenting"])

        let both = Observation(dismissed: [sheet, share]), reversed = Observation(dismissed: [share, sheet])
        XCTAssertTrue(LogDiff(run(observed: both), run(observed: reversed)).isEquivalent)
        XCTAssertEqual(LogDiff(run(observed: both), run(observed: Observation(dismissed: [sheet]))).differences.map(\.bValue),
                       ["[<SheetViewController: sheet>]"])
    }

    /// Two device runs name their windows by address: compared by type, what differs is whether
    /// UIKit used the event's own window, not the address.
    func testObservedWindowsCompareByRoleWhenTheLogsShareNoIDs() {
        func device(_ base: String, observedWindow: String? = nil) -> [Event] {
            run(observed: Observation(window: observedWindow ?? base)).map { e in
                var e = e
                func a(_ r: ControllerRef?) -> ControllerRef? { r.map { ControllerRef(id: base + $0.id, type: $0.type) } }
                e.source = a(e.source); e.presented = a(e.presented); e.presenting = a(e.presenting)
                e.chain = e.chain.compactMap(a)
                e.window = base
                return e
            }
        }
        let same = LogDiff(device("0x104a0"), device("0x10c30"))
        XCTAssertFalse(same.comparesByID)
        XCTAssertTrue(same.isEquivalent, same.text(nameA: "a", nameB: "b"))
        let moved = LogDiff(device("0x104a0"), device("0x10c30", observedWindow: "0x20000"))
        XCTAssertEqual(moved.differences.map(\.field), ["observed.window"])
        XCTAssertEqual(moved.differences.map(\.bValue), ["0x20000 (another window)"])
        XCTAssertEqual(LogDiff(run(observed: Observation(window: "w")), run(observed: Observation(window: "v"))).differences.map(\.field),
                       ["observed.window"], "compared by id, the window ids compare as they are")
    }

    /// Another controller got into the chain: one difference, from the first position where the
    /// chains part (the root is 1), with each chain's controllers from there on.
    func testAChainDifferenceNamesThePositionAndTheControllersFromThere() throws {
        let d = LogDiff(run(chain: [root, nav, sheet]), run(chain: [root, nav, share, sheet]))
        XCTAssertFalse(d.isEquivalent)
        let c = try XCTUnwrap(d.differences.first)
        XCTAssertEqual(d.differences.count, 1)
        XCTAssertEqual(c.field, "chain")
        XCTAssertEqual(c.position, 3)
        XCTAssertEqual(c.aValue, "[<SheetViewController: sheet>]")
        XCTAssertEqual(c.bValue, "[<UIActivityViewController: share>, <SheetViewController: sheet>]")
        XCTAssertEqual(lines(d), [
            "a #1 ↔ b #1 present SheetViewController (sheet): chain from position 3: [<SheetViewController: sheet>] ≠ [<UIActivityViewController: share>, <SheetViewController: sheet>]",
            "1 of 2 matched events differ (1 field; chain: 1); 0 only in a, 0 only in b",
        ])
        XCTAssertTrue(d.json().contains(#""field":"chain","position":3,"a":"[<SheetViewController: sheet>]""#), d.json())
        XCTAssertEqual(LogDiff(run(chain: [root, sheet]), run(chain: [root])).differences.map(\.bValue), ["[]"], "a chain that ends first")
    }

    func testALongChainDifferenceShowsThreeControllersAndCountsTheRest() {
        let long = (1...6).map { ControllerRef(id: "c\($0)", type: "C") }
        let d = LogDiff(run(chain: [root] + long), run(chain: [nav] + long))
        XCTAssertEqual(d.differences.map(\.position), [1])
        XCTAssertEqual(d.differences.first?.aValue, "[<UITabBarController: root>, <C: c1>, <C: c2>, … 4 more]")
    }

    /// An observation and a chain can both differ alongside a recorded fact: the summary counts each.
    func testTheSummaryCountsObservedAndChainDifferences() throws {
        var b = run(observed: Observation(effectiveStyle: .formSheet), chain: [root, nav, sheet])
        try b.change(0) { $0.effectiveStyle = .formSheet }
        let d = LogDiff(run(), b)
        XCTAssertEqual(d.differences.map(\.field), ["effectiveStyle", "observed.effectiveStyle", "chain"])
        XCTAssertEqual(lines(d).last, "1 of 2 matched events differ (3 fields; observed: 1, chain: 1); 0 only in a, 0 only in b")
        XCTAssertEqual(d.factsAgreeing, 2 * LogDiff.comparedFields.count - 1)
    }

    /// The conformance run compares the ten recorded facts only (UIKit's side is already as observed).
    func testComparingNothingMoreLeavesObservationsAndChainsOut() {
        let d = LogDiff(run(observed: Observation(presenting: nav)), run(chain: [root, nav, sheet]), comparing: [])
        XCTAssertTrue(d.isEquivalent, d.text(nameA: "a", nameB: "b"))
        XCTAssertEqual(LogDiff(run(observed: Observation(presenting: nav)), run(), comparing: .observed).differences.map(\.field), ["observed.presenting"])
        XCTAssertEqual(LogDiff(run(observed: Observation(presenting: nav)), run(chain: [root]), comparing: .chain).differences.map(\.field), ["chain"])
    }

    /// A conformance run counts ten facts per matched event; UIKit's chain is not one of them.
    func testAConformanceComparisonLeavesTheChainOut() {
        let c = ConformanceComparison(scenario: "s", model: run(), uikit: run(observed: Observation(presenting: root), chain: [root, nav, sheet]))
        XCTAssertTrue(c.diff.isEquivalent, c.diff.text(nameA: "model", nameB: "UIKit"))
        XCTAssertEqual(c.diff.factsCompared, 2 * LogDiff.comparedFields.count)
    }
}
