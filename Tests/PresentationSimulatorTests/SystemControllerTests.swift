import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator
import TestSupport

/// System controllers by their documented behaviour (DESIGN "System controllers"): alerts,
/// action sheets and share sheets in each width, UIKit's messages by kind and iOS version, and
/// styles recorded as observed only where Apple documents none.
final class SystemControllerTests: XCTestCase {
    /// A navigation controller (root) showing `list`, and the system controllers it presents.
    private let controllers = """
    [ { "id": "root", "type": "UINavigationController", "children": ["list"] },
      { "id": "list", "type": "ListViewController" },
      { "id": "sheet", "type": "UIAlertController", "preferredStyle": "actionSheet" },
      { "id": "anchored", "type": "UIAlertController", "preferredStyle": "actionSheet", "popoverAnchor": "sourceView" },
      { "id": "alert", "type": "UIAlertController", "preferredStyle": "alert" },
      { "id": "share", "type": "UIActivityViewController" },
      { "id": "swiftUISheet", "type": "SwiftUI.PlatformAlertController", "systemController": "UIAlertController", "preferredStyle": "actionSheet" },
      { "id": "safari", "type": "SFSafariViewController" } ]
    """
    private let compact = #"{ "idiom": "phone", "horizontalSizeClass": "compact" }"#
    private let regular = #"{ "idiom": "pad", "horizontalSizeClass": "regular" }"#

    private func present(_ id: String, env: String, observed: String = "") throws -> Event {
        let run = try simulate(scenarioJSON(env: env, controllers: controllers, steps: [
            #"{ "present": "\#(id)", "from": "list", "animated": false\#(observed) }"#,
        ]))
        return try XCTUnwrap(run.presents.first)
    }

    func testAnAnchorlessActionSheetIsPresentedInCompactWidthAndRejectedWithUIKitsMessageInRegular() throws {
        let phone = try present("sheet", env: compact)
        XCTAssertEqual(phone.outcome, .presented)
        XCTAssertEqual(phone.effectiveStyle, .custom, "UIKit's own action-sheet presentation")
        XCTAssertFalse(phone.diagnostics.contains { $0.code == .popoverWithoutAnchor })

        let pad = try present("sheet", env: regular)
        XCTAssertEqual(pad.outcome, .rejected)
        XCTAssertEqual(pad.effectiveStyle, .popover)
        XCTAssertEqual(pad.diagnostics.first?.code, .popoverWithoutAnchor)
        XCTAssertEqual(pad.diagnostics.first?.severity, .error)
        XCTAssertEqual(pad.diagnostics.first?.message, "Your application has presented a UIAlertController (<UIAlertController: sheet>) of style UIAlertControllerStyleActionSheet from UINavigationController (<UINavigationController: root>). The modalPresentationStyle of a UIAlertController with this style is UIModalPresentationPopover. You must provide location information for this popover through the alert controller's popoverPresentationController. You must provide either a sourceView and sourceRect or a barButtonItem.  If this information is not known when you present the alert controller, you may provide it in the UIPopoverPresentationControllerDelegate method -prepareForPopoverPresentation.")
        XCTAssertTrue(pad.diagnostics.first?.fix?.contains("popoverPresentationController?.sourceItem") == true, pad.diagnostics.first?.fix ?? "no fix")

        let anchored = try present("anchored", env: regular)
        XCTAssertEqual(anchored.outcome, .presented)
        XCTAssertEqual(anchored.effectiveStyle, .popover)
    }

    /// What an iPhone recording says about the iPad: an anchorless action sheet or share sheet
    /// goes ahead here and carries the crash it would be there, with the anchor to set; an
    /// anchored one, an alert and a controller whose style does not change carry nothing.
    func testOnAPhoneAnAnchorlessActionSheetOrShareSheetWarnsThatAnIPadRaises() throws {
        for (id, type) in [("sheet", "UIAlertController"), ("swiftUISheet", "SwiftUI.PlatformAlertController"), ("share", "UIActivityViewController")] {
            let phone = try present(id, env: compact)
            XCTAssertEqual(phone.outcome, .presented, id)
            XCTAssertEqual(phone.diagnostics.map(\.code), [.otherSizeClass], id)
            let warning = try XCTUnwrap(phone.diagnostics.first)
            XCTAssertEqual(warning.severity, .warning)
            XCTAssertTrue(warning.message.hasPrefix("In regular width and height (an iPad, full screen or in a wide split) UIKit raises (the app crashes): Your application has presented a \(type == "UIActivityViewController" ? "UIActivityViewController" : "UIAlertController")"), warning.message)
            XCTAssertTrue(warning.fix?.hasPrefix("give <\(type): \(id)> an anchor: set popoverPresentationController?.sourceItem") == true, warning.fix ?? "no fix")
        }
        for id in ["anchored", "alert", "safari"] {
            XCTAssertEqual(try present(id, env: compact).diagnostics.filter { $0.code == .otherSizeClass }, [], id)
        }
    }

    /// An anchor the recording could not see (`popoverAnchor: "unknown"`: an action or share sheet
    /// on an iPhone has no popover presentation controller to read) is no missing anchor: an info
    /// note says what an iPad needs, with `sourceItem` first; `none` and `hasPopoverAnchor: false`
    /// still warn that an iPad raises. On an iPad an unknown anchor rejects nothing.
    func testAnUnknownAnchorIsANoteAndAMissingOneAWarning() throws {
        let kinds = """
        [ { "id": "root", "type": "UINavigationController", "children": ["list"] },
          { "id": "list", "type": "ListViewController" },
          { "id": "unseen", "type": "UIAlertController", "preferredStyle": "actionSheet", "popoverAnchor": "unknown" },
          { "id": "unseenShare", "type": "UIActivityViewController", "popoverAnchor": "unknown" },
          { "id": "none", "type": "UIAlertController", "preferredStyle": "actionSheet", "popoverAnchor": "none" },
          { "id": "noAnchor", "type": "UIActivityViewController", "hasPopoverAnchor": false } ]
        """
        func present(_ id: String, env: String) throws -> Event {
            let run = try simulate(scenarioJSON(env: env, controllers: kinds, steps: [#"{ "present": "\#(id)", "from": "list", "animated": false }"#]))
            return try XCTUnwrap(run.presents.first)
        }
        for id in ["unseen", "unseenShare"] {
            let phone = try present(id, env: compact)
            XCTAssertEqual(phone.diagnostics.map(\.code), [.otherSizeClass], id)
            let note = try XCTUnwrap(phone.diagnostics.first)
            XCTAssertEqual(note.severity, .info, id)
            XCTAssertTrue(note.message.hasPrefix("In regular width and height (an iPad, full screen or in a wide split) <"), note.message)
            XCTAssertTrue(note.message.contains("is a popover and needs an anchor, else UIKit raises; whether it has one cannot be seen here"), note.message)
            XCTAssertTrue(note.fix?.contains("set popoverPresentationController?.sourceItem = … (iOS 16 and later") == true, note.fix ?? "no fix")
            let pad = try present(id, env: regular)
            XCTAssertEqual(pad.outcome, .presented, id)
            XCTAssertEqual(pad.diagnostics, [], id)
            XCTAssertTrue(pad.explanation.contains { $0.contains("cannot be read before UIKit presents it") }, pad.explanation.joined(separator: "\n"))
        }
        for id in ["none", "noAnchor"] {
            let phone = try present(id, env: compact)
            XCTAssertEqual(phone.diagnostics.map(\.severity), [.warning], id)
            XCTAssertEqual(try present(id, env: regular).outcome, .rejected, id)
        }
    }

    func testAnAnchorlessShareSheetIsPresentedInCompactWidthAndRejectedInRegular() throws {
        let phone = try present("share", env: compact)
        XCTAssertEqual(phone.outcome, .presented)
        XCTAssertEqual(phone.effectiveStyle, .formSheet, "presented modally: automatic reads formSheet")

        let pad = try present("share", env: regular)
        XCTAssertEqual(pad.outcome, .rejected)
        XCTAssertEqual(pad.effectiveStyle, .popover)
        XCTAssertEqual(pad.diagnostics.first?.code, .popoverWithoutAnchor)
        XCTAssertEqual(pad.diagnostics.first?.message, "Your application has presented a UIActivityViewController (<UIActivityViewController: share>). In its current trait environment, the modalPresentationStyle of a UIActivityViewController with this style is UIModalPresentationPopover. You must provide location information for this popover through the view controller's popoverPresentationController. You must provide either a sourceView and sourceRect or a barButtonItem.  If this information is not known when you present the view controller, you may provide it in the UIPopoverPresentationControllerDelegate method -prepareForPopoverPresentation.")
    }

    /// The oldest supported version (the package's deployment target) words a missing anchor of a
    /// share sheet or action sheet as UIKit has since iOS 10.
    func testEverySupportedVersionWordsTheMissingAnchorOfASystemController() throws {
        for version in ["15.0", "17.4", "26.2"] {
            let share = try present("share", env: #"{ "idiom": "pad", "iOS": "\#(version)" }"#)
            XCTAssertTrue(share.diagnostics.first?.message.hasPrefix("Your application has presented a UIActivityViewController") == true, version)
            let sheet = try present("sheet", env: #"{ "idiom": "pad", "iOS": "\#(version)" }"#)
            XCTAssertTrue(sheet.diagnostics.first?.message.hasPrefix("Your application has presented a UIAlertController") == true, version)
        }
    }

    func testASubclassNamedAsASystemControllerFollowsItsRules() throws {
        let pad = try present("swiftUISheet", env: regular)
        XCTAssertEqual(pad.outcome, .rejected)
        XCTAssertTrue(pad.diagnostics.first?.message.hasPrefix("Your application has presented a UIAlertController (<SwiftUI.PlatformAlertController: swiftUISheet>) of style UIAlertControllerStyleActionSheet") == true)
    }

    func testAnAlertIsNeverASheetInAnyWidth() throws {
        for env in [compact, regular] {
            let e = try present("alert", env: env)
            XCTAssertEqual(e.outcome, .presented, env)
            XCTAssertEqual(e.requestedStyle, .automatic)
            XCTAssertEqual(e.effectiveStyle, .custom, env)
            XCTAssertFalse(e.effectiveStyle?.isSheet ?? true)
            XCTAssertTrue(e.explanation.contains { $0.contains("never a sheet") }, e.explanation.joined(separator: "\n"))
        }
    }

    func testUndocumentedStylesAreObservedOnlyAndDocumentedOnesDrift() throws {
        let observed = #", "observed": { "effectiveStyle": "overFullScreen" }"#
        for id in ["alert", "safari"] {
            let e = try present(id, env: compact, observed: observed)
            XCTAssertEqual(e.observed?.effectiveStyle, .overFullScreen, "the observation is kept")
            XCTAssertFalse(e.diagnostics.contains { $0.code == .modelDrift }, "\(id): \(e.diagnostics.map(\.message))")
        }
        let popover = try present("anchored", env: regular, observed: observed)
        XCTAssertEqual(popover.diagnostics.filter { $0.code == .modelDrift }.map(\.message),
                       ["model predicted effectiveStyle popover, UIKit chose overFullScreen"])
    }

    func testTheFactsCarryTheSystemControllerAndItsStyleThroughTheLog() throws {
        let run = try simulate(scenarioJSON(env: regular, controllers: controllers, steps: [
            #"{ "present": "swiftUISheet", "from": "list", "animated": false }"#,
        ]))
        let facts = try XCTUnwrap(run.events.flatMap(\.facts).first { $0.id == "swiftUISheet" })
        XCTAssertEqual(facts.systemController, .alertController)
        XCTAssertEqual(facts.preferredStyle, .actionSheet)
        let line = EventCoding.encode(try run.events.element(0))
        XCTAssertTrue(line.contains(#""systemController":"UIAlertController","preferredStyle":"actionSheet""#), line)
        let back = try LogReader.read(text: LogWriter.text(header: LogHeader(), events: run.events))
        XCTAssertEqual(back.events.flatMap(\.facts).first { $0.id == "swiftUISheet" }, facts)
        // A replay of the recording declares the subclass as the system controller it is.
        let replay = try ScenarioReplay.scenario(from: back.events, name: "replay")
        let declared = try XCTUnwrap(replay.controllers.first { $0.id == "swiftUISheet" })
        XCTAssertEqual(declared.systemController, .alertController)
        XCTAssertEqual(declared.preferredStyle, .actionSheet)
        let reparsed = try Scenario.parse(replay.jsonText)
        XCTAssertEqual(reparsed.controllers.first { $0.id == "swiftUISheet" }?.systemController, .alertController)
    }
}
