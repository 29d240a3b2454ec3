import XCTest
@_spi(Package) @testable import PresentationInspectorCore
import TestSupport

/// The rules that turn what UIKit's objects show into an observation (the review's false drifts).
final class PresentationFactsTests: XCTestCase {
    private let nav = ControllerRef(id: "0x1", type: "UINavigationController")
    private let list = ControllerRef(id: "0x2", type: "ListViewController")

    private func facts(_ kind: PresentationFacts.ControllerKind, style: PresentationStyle?, ended: Bool = true,
                       fills: Bool? = false, sheet: Bool? = nil, presenting: ControllerRef? = nil) -> PresentationFacts {
        PresentationFacts(presenting: presenting, presentationControllerClass: "C", kind: kind, presentationStyle: style,
                          transitionEnded: ended, fillsContainer: fills, adaptedToSheet: sheet, window: "w")
    }

    /// An iPhone sheet stays a sheet: no pageSheet → fullScreen drift.
    func testASheetInCompactWidthIsObservedAsASheet() {
        XCTAssertEqual(facts(.sheet, style: .pageSheet, fills: false).effectiveStyle, .pageSheet)
        XCTAssertEqual(facts(.sheet, style: .formSheet, fills: false).effectiveStyle, .formSheet)
    }

    /// A sheet shown over the whole container (compact height) adapted to full screen.
    func testASheetOverTheWholeContainerAdaptedToFullScreen() {
        XCTAssertEqual(facts(.sheet, style: .pageSheet, fills: true).effectiveStyle, .fullScreen)
    }

    func testAPopoverIsWhatIsOnScreen() {
        XCTAssertEqual(facts(.popover, style: .popover, fills: true).effectiveStyle, .fullScreen, "adapted to full screen by its delegate")
        XCTAssertEqual(facts(.popover, style: .popover, fills: false, sheet: false).effectiveStyle, .popover)
    }

    /// An iPhone's popover is shown as the sheet it adapts to (iOS 13 and later), which does not
    /// cover the container: formSheet, as the model predicts, not popover.
    func testAPopoverShownAsItsAdaptiveSheetIsAFormSheet() {
        XCTAssertEqual(facts(.popover, style: .popover, fills: false, sheet: true).effectiveStyle, .formSheet)
        XCTAssertEqual(PresentationResolver.effectiveStyle(.popover, sizeClass: .compact).0, .formSheet)
        XCTAssertNil(facts(.popover, style: .popover, fills: false, sheet: nil).effectiveStyle,
                     "without the active presentation controller (iOS 15) a popover and its sheet look alike")
    }

    /// Before the transition ends the frame is not final: an adaptable style is not observed.
    func testAnAdaptableStyleIsNotObservedBeforeTheTransitionEnds() {
        XCTAssertNil(facts(.sheet, style: .pageSheet, ended: false, fills: true).effectiveStyle)
        XCTAssertNil(facts(.popover, style: .popover, ended: false, fills: false, sheet: false).effectiveStyle)
        XCTAssertNil(facts(.sheet, style: .pageSheet, fills: nil).effectiveStyle)
        XCTAssertEqual(facts(.other, style: .overFullScreen, ended: false, fills: nil).effectiveStyle, .overFullScreen,
                       "a presentation controller that does not adapt answers its own style")
    }

    /// A child filling its navigation controller exactly (translucent bars) is not the context
    /// provider: the presenting controller is.
    func testTheContextProviderIsThePresentingController() {
        let o = facts(.other, style: .overCurrentContext, fills: nil, presenting: nav).observation
        XCTAssertEqual(o.contextProvider?.id, nav.id)
        XCTAssertEqual(o.covered?.id, nav.id)
        let full = facts(.other, style: .fullScreen, fills: nil, presenting: list).observation
        XCTAssertNil(full.contextProvider, "only context styles have a provider to observe")
    }

    /// The transition in effect is not observable: never in an observation.
    func testTheTransitionIsNeverObserved() {
        for kind in [PresentationFacts.ControllerKind.sheet, .popover, .other] {
            XCTAssertNil(facts(kind, style: .currentContext, fills: false, presenting: nav).observation.effectiveTransition)
        }
    }

    /// Through the handler: an automatic present observed as a form sheet (iOS 18 and later) raises no drift, though
    /// its view covers the container while it moves (the look after the call).
    func testAnIPhoneSheetRecordsNoDrift() {
        let h = PresentationHooksHandler(recorder: Recorder(), scheduler: ManualScheduler(),
                                         configuration: HandlerConfiguration(leakCheckDelay: nil, recordsObservations: true))
        let root = FakeNode("root", window: "w"), p = FakeNode("p")
        var finish: (() -> Void)?
        var moving = true
        h.handlePresent(source: root, presented: p, animated: true, completion: nil,
                        observe: { ended in self.facts(.sheet, style: .formSheet, ended: ended, fills: moving).observation }) { c in
            root.ownPresentedNode = p; p.presentingNode = root; finish = c
        }
        moving = false
        finish?()
        XCTAssertEqual(h.recorder.events.map(\.kind), [.present, .presentCompleted])
        XCTAssertEqual(try h.recorder.events.element(1).observed?.effectiveStyle, .formSheet)
        XCTAssertEqual(h.recorder.events.flatMap(\.diagnostics).filter { $0.code == .modelDrift }, [])
    }
}
