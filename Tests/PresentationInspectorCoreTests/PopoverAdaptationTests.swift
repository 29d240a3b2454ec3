import XCTest
import Foundation
import TestSupport
@_spi(Package) @testable import PresentationInspectorCore

/// Which size class a popover adapts to, and a delegate that chooses the adaptation
/// (DESIGN rule 1, "Popover delegates and traits"), through the handler as the hooks call it.
final class PopoverAdaptationTests: XCTestCase {
    private func observing() -> PresentationHooksHandler {
        PresentationHooksHandler(recorder: Recorder(), scheduler: ManualScheduler(),
                                 configuration: HandlerConfiguration(leakCheckDelay: nil, recordsObservations: true))
    }

    private func present(_ p: FakeNode, from source: FakeNode, root: FakeNode, in h: PresentationHooksHandler,
                         observed: Observation? = nil) throws -> Event {
        h.handlePresent(source: source, presented: p, animated: false, completion: nil, observe: { _ in observed }) { c in
            root.ownPresentedNode = p; p.presentingNode = root; c?()
        }
        return try h.recorder.events.element(0)
    }

    /// An iPhone's popover whose delegate implements `adaptivePresentationStyle(for:traitCollection:)`:
    /// the delegate may keep it a real popover (`.none`), so the anchor is checked as on an iPad, and
    /// the style UIKit uses is observed only (no drift when it stayed a popover).
    func testADelegateThatChoosesTheAdaptationKeepsTheAnchorCheckAndTheStyleObservedOnly() throws {
        for anchored in [false, true] {
            let h = observing()
            let root = FakeNode("root", window: "w"), p = FakeNode("p")
            p.modalPresentationStyle = .popover
            p.popoverDelegateAdaptsStyle = true
            p.popoverAnchor = anchored ? .anchored : .missing
            let e = try present(p, from: root, root: root, in: h, observed: Observation(effectiveStyle: .popover))
            XCTAssertTrue(e.explanation.contains { $0.contains("adaptivePresentationStyle(for:traitCollection:)") }, e.explanation.joined(separator: "\n"))
            if anchored {
                XCTAssertEqual(e.outcome, .presented)
                XCTAssertEqual(e.diagnostics.filter { $0.code == .modelDrift }, [], "the style is observed only")
            } else {
                XCTAssertEqual(e.outcome, .rejected, "recorded before UIKit raises for the popover the delegate may keep")
                XCTAssertEqual(e.diagnostics.first?.code, .popoverWithoutAnchor)
                XCTAssertEqual(e.diagnostics.first?.severity, .error)
            }
        }
    }

    /// Without such a delegate the iPhone's popover adapts to a sheet: predicted, no anchor needed
    /// here (what an iPad does is the other-size-class warning's).
    func testWithoutTheDelegateAPhonePopoverIsAPredictedSheet() throws {
        let h = observing()
        let root = FakeNode("root", window: "w"), p = FakeNode("p")
        p.modalPresentationStyle = .popover
        let e = try present(p, from: root, root: root, in: h, observed: Observation(effectiveStyle: .popover))
        XCTAssertEqual(e.outcome, .presented)
        XCTAssertEqual(e.effectiveStyle, .formSheet)
        XCTAssertEqual(e.diagnostics.map(\.code), [.otherSizeClass, .modelDrift], "a kept popover drifts from the predicted sheet")
    }

    /// A split view on an iPad in regular width whose column reports a compact width: UIKit presents
    /// from the split view (the presentation root), whose traits the presentation takes, so a
    /// popover from the column is a real popover, and without an anchor UIKit raises.
    func testThePresentingControllersTraitsDecideNotTheColumns() throws {
        for anchored in [false, true] {
            let h = observing()
            let split = FakeNode("split", window: "w"), column = FakeNode("column"), p = FakeNode("p")
            split.addChild(column)
            split.horizontalSizeClass = .regular
            column.horizontalSizeClass = .compact
            p.modalPresentationStyle = .popover
            p.popoverAnchor = anchored ? .anchored : .missing
            let e = try present(p, from: column, root: split, in: h)
            XCTAssertEqual(e.effectiveStyle, .popover)
            XCTAssertTrue(e.explanation.contains { $0.contains("reports a compact size class, but UIKit presents from") },
                          e.explanation.joined(separator: "\n"))
            XCTAssertEqual(e.outcome, anchored ? .presented : .rejected)
            if !anchored { XCTAssertEqual(e.diagnostics.first?.code, .popoverWithoutAnchor) }
        }
    }
}
