import XCTest
import Foundation
@_spi(Package) @testable import PresentationInspectorCore

private final class StillScheduler: InspectorScheduler, @unchecked Sendable {
    var now: Double = 0
    func schedule(after seconds: Double, _ work: @escaping @Sendable () -> Void) {}
}

/// The hooks' path on a device, through the core's seam (`InspectorSession.hookedPresent`), over
/// a stand-in for UIKit that counts the getters which create UIKit state: none is called before
/// UIKit's own `present` runs (DESIGN "Observation first").
final class ObserverEffectTests: XCTestCase {
    private func makeSession() -> InspectorSession {
        InspectorSession(configuration: InspectorConfiguration(), header: LogHeader(), scheduler: StillScheduler())
    }

    /// A root in a window and the controller it presents, both in `sizeClass`.
    private func world(_ sizeClass: SizeClass, configure: (StandInController) -> Void) -> (UIKitReadLog, StandInController, StandInController) {
        let log = UIKitReadLog()
        let root = StandInController("root", log: log, window: "w")
        let presented = StandInController("p", log: log)
        for c in [root, presented] { c.horizontalSizeClass = sizeClass }
        configure(presented)
        return (log, root, presented)
    }

    private func present(_ p: StandInController, from root: StandInController, in session: InspectorSession) -> Event? {
        session.hookedPresent(source: root, presented: p, reads: StandInReads(), animated: false, context: .main,
                              completion: nil, original: root.original(presenting: p))
        return session.events.first { $0.kind == .present }
    }

    private func actionSheet(_ c: StandInController) {
        c.systemController = .alertController
        c.alertControllerStyle = .actionSheet
        c.modalPresentationStyle = .custom
    }

    /// An action sheet on an iPhone: its popover presentation controller is neither read nor made
    /// before the call; after it, the anchor is read for the same event.
    func testAnActionSheetOnAPhoneIsReadOnlyAfterTheCall() {
        let (log, root, sheet) = world(.compact, configure: actionSheet)
        let session = makeSession()
        let event = present(sheet, from: root, in: session)
        XCTAssertEqual(log.creatingReadsBeforeOriginal, [])
        XCTAssertGreaterThan(log.popoverReadsAfterOriginal, 0, "the anchor is read once UIKit has presented")
        XCTAssertEqual(event?.outcome, .presented)
        XCTAssertTrue(event?.diagnostics.contains { $0.code == .otherSizeClass } ?? false, "what an iPad does is still said")
    }

    /// The phone's action sheet has no popover presentation controller, before the call or after
    /// it: the app's `popoverPresentationController?.sourceItem = …` sets nothing there, so its
    /// anchor is unknown, and an info note (not a warning) says what an iPad needs.
    func testWithoutAPopoverControllerOnAPhoneTheAnchorIsUnknownAndOnlyNoted() throws {
        let (_, root, sheet) = world(.compact, configure: actionSheet)
        let event = try XCTUnwrap(present(sheet, from: root, in: makeSession()))
        let note = try XCTUnwrap(event.diagnostics.first { $0.code == .otherSizeClass })
        XCTAssertEqual(note.severity, .info)
        XCTAssertTrue(note.fix?.contains("popoverPresentationController?.sourceItem") == true, note.fix ?? "no fix")
        XCTAssertEqual(event.facts.first { $0.id == "p" }?.popoverAnchor, .unknown, "the log keeps it unknown")
    }

    /// Where UIKit made a popover presentation controller and it has no anchor, an iPad raises: a warning.
    func testAPopoverControllerWithoutAnAnchorOnAPhoneWarns() throws {
        let (_, root, sheet) = world(.compact) { c in
            self.actionSheet(c)
            c.popoverMadeWhenPresented = (anchored: false, delegateSetsAnchor: false)
        }
        let event = try XCTUnwrap(present(sheet, from: root, in: makeSession()))
        let warning = try XCTUnwrap(event.diagnostics.first { $0.code == .otherSizeClass })
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertTrue(warning.message.contains("UIKit raises (the app crashes)"), warning.message)
        XCTAssertEqual(event.facts.first { $0.id == "p" }?.popoverAnchor, .missing, "the facts read after the call say so")
    }

    /// A share sheet on an iPhone, whose popover UIKit makes when presenting it: read after the call.
    func testAShareSheetOnAPhoneIsReadOnlyAfterTheCall() {
        let (log, root, share) = world(.compact) { c in
            c.systemController = .activityViewController
            c.modalPresentationStyle = .automatic
            c.popoverMadeWhenPresented = (anchored: true, delegateSetsAnchor: false)
        }
        let event = present(share, from: root, in: makeSession())
        XCTAssertEqual(log.creatingReadsBeforeOriginal, [])
        XCTAssertFalse(event?.diagnostics.contains { $0.code == .otherSizeClass } ?? true, "anchored, as read after the call: nothing to say")
    }

    /// A controller whose style is already `.popover`: its popover presentation controller is the
    /// one UIKit makes for that style and the app configures, so it is read before the call (the
    /// present UIKit raises for must be recorded before it raises).
    func testAPopoverStyleIsReadBeforeTheCallAndItsMissingAnchorRecordedFirst() {
        let (log, root, popover) = world(.regular) { $0.modalPresentationStyle = .popover }
        let session = makeSession()
        let event = present(popover, from: root, in: session)
        XCTAssertEqual(log.creatingReadsBeforeOriginal, [])
        XCTAssertEqual(event?.outcome, .rejected)
        XCTAssertEqual(event?.diagnostics.first?.code, .popoverWithoutAnchor)
    }

    /// A sheet: its presentation controller is read only after the call (UIKit's answer, and the
    /// sheet watched for refused swipes).
    func testASheetReadsNoPresentationControllerBeforeTheCall() {
        let (log, root, sheet) = world(.compact) { $0.modalPresentationStyle = .pageSheet }
        _ = present(sheet, from: root, in: makeSession())
        XCTAssertEqual(log.creatingReadsBeforeOriginal, [])
    }

    /// Every kind the adapter treats apart, in both size classes and both animation modes.
    func testNoStateCreatingReadBeforeTheOriginalInAnyCase() {
        let kinds: [(String, (StandInController) -> Void)] = [
            ("action sheet", actionSheet),
            ("anchored action sheet", { c in self.actionSheet(c); c.modalPresentationStyle = .popover; c.popover = (true, false) }),
            ("alert", { c in c.systemController = .alertController; c.alertControllerStyle = .alert; c.modalPresentationStyle = .custom }),
            ("share sheet", { c in c.systemController = .activityViewController }),
            ("popover", { $0.modalPresentationStyle = .popover }),
            ("popover set by delegate", { c in c.modalPresentationStyle = .popover; c.popover = (false, true) }),
            ("form sheet", { $0.modalPresentationStyle = .formSheet }),
            ("full screen", { $0.modalPresentationStyle = .fullScreen }),
        ]
        for (name, configure) in kinds {
            for sizeClass in SizeClass.allCases {
                let (log, root, p) = world(sizeClass, configure: configure)
                _ = present(p, from: root, in: makeSession())
                XCTAssertEqual(log.creatingReadsBeforeOriginal, [], "\(name), \(sizeClass)")
            }
        }
    }

    /// `dismiss` sent from a controller's `deinit`: its window, facts and title are not read (the
    /// adapter reads nothing of a controller it cannot read), and the call is still recorded.
    func testADismissFromDeinitReadsNothingOfTheReceiver() {
        let log = UIKitReadLog()
        let closing = StandInController("closing", log: log)
        closing.isDeallocating = true
        let session = makeSession()
        var ran = false
        session.hookedDismiss(receiver: closing, reads: StandInReads(), animated: false, context: .main,
                              completion: { ran = true }) { c in c?() }
        XCTAssertEqual(log.readsOfUnreadable, [])
        XCTAssertEqual(session.events.map(\.kind), [.dismiss])
        XCTAssertEqual(session.events.first?.outcome, .noOp)
        XCTAssertTrue(ran, "the app's completion runs")
    }

    /// `present` sent from a controller's `deinit`: nothing of the source is read either.
    func testAPresentFromDeinitReadsNothingOfTheSource() {
        let log = UIKitReadLog()
        let closing = StandInController("closing", log: log)
        closing.isDeallocating = true
        let p = StandInController("p", log: log)
        let session = makeSession()
        session.hookedPresent(source: closing, presented: p, reads: StandInReads(), animated: false, context: .main,
                              completion: nil) { c in c?() }
        XCTAssertEqual(log.readsOfUnreadable, [])
        XCTAssertEqual(session.events.first?.kind, .present)
    }
}
