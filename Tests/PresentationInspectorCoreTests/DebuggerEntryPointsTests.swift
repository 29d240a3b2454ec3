import XCTest
import Foundation
@_spi(Package) @testable import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import TestSupport

/// The C entry points the LLDB plugin calls, called directly from Swift.
final class DebuggerEntryPointsTests: DebuggerEntryPointTestCase {
    func testAPIVersionIsOne() {
        XCTAssertEqual(presentationInspectorAPIVersion(), 1)
    }

    func testChainListsTheLiveChainOfTheCameraWindow() throws {
        let reply = try object(take(presentationInspectorChain()))
        let windows = try XCTUnwrap(reply["windows"]?.arrayValue)
        XCTAssertEqual(windows.count, 1)
        let window = try XCTUnwrap(windows.first?.objectValue)
        XCTAssertEqual(window["id"]?.stringValue, "camera-window")
        XCTAssertEqual(window["key"]?.boolValue, true)
        XCTAssertEqual(window["level"]?.numberValue, 0)
        let chain = try XCTUnwrap(window["chain"]?.arrayValue).compactMap(\.objectValue)
        XCTAssertEqual(chain.map { $0["id"]?.stringValue }, ["camera", "photos", "peoplePicker"])
        XCTAssertEqual(chain.map { $0["type"]?.stringValue }, ["CameraViewController", "UINavigationController", "ABPeoplePickerNavigationController"])
        XCTAssertEqual(try chain.element(0)["title"]?.stringValue, "Camera")
        XCTAssertNil(try chain.element(1)["title"], "absent titles are omitted")
    }

    func testChainWithoutAProviderHasNoWindows() throws {
        InspectorRuntime.shared.uninstall()
        XCTAssertEqual(try take(presentationInspectorChain()), #"{"windows":[]}"#)
    }

    func testEventsReturnsTheHeaderThenTheLatestEventsAsTheLogWritesThem() throws {
        let reply = try take(presentationInspectorEvents(3, nil, nil))
        let lines = reply.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 5, "header, 3 events, empty string after the final newline")
        XCTAssertEqual(lines.last, "")
        let head = try EventCoding.decodeHeader(object(String(try lines.element(0))))
        XCTAssertEqual(head.app, ["name": "DebuggerTests"])
        XCTAssertEqual(head.dropped, 0)
        XCTAssertEqual(lines[1..<4].map(String.init), events.suffix(3).map(EventCoding.encode))
    }

    func testEventsWithLimitZeroReturnsEverything() throws {
        let lines = try take(presentationInspectorEvents(0, "", "")).split(separator: "\n")
        XCTAssertEqual(lines.count, events.count + 1)
        let decoded = try lines.dropFirst().map { try EventCoding.decodeEvent(object(String($0))) }
        XCTAssertEqual(decoded, events)
    }

    func testEventsFiltersByKindAndController() throws {
        let presents = try withCString("present") { try take(presentationInspectorEvents(0, $0, nil)) }
            .split(separator: "\n").dropFirst().map { try EventCoding.decodeEvent(object(String($0))) }
        XCTAssertEqual(presents.map(\.seq), events.filter { $0.kind == .present }.map(\.seq))
        XCTAssertFalse(presents.isEmpty)

        // The share sheet appears in one event only: the rejected double presentation.
        let share = try withCString("share") { try take(presentationInspectorEvents(0, nil, $0)) }
            .split(separator: "\n").dropFirst().map { try EventCoding.decodeEvent(object(String($0))) }
        XCTAssertEqual(share.count, 1)
        XCTAssertEqual(share.first?.outcome, .rejected)
        XCTAssertEqual(share.first?.diagnostics.map(\.code), [.alreadyPresenting])

        // A type name matches too; the limit keeps the latest.
        let pickers = try withCString("ABPeoplePickerNavigationController") { try take(presentationInspectorEvents(2, nil, $0)) }
            .split(separator: "\n").dropFirst().map { try EventCoding.decodeEvent(object(String($0))) }
        XCTAssertEqual(pickers.map(\.seq), events.filter { $0.mentions("peoplePicker") }.suffix(2).map(\.seq))

        // A title (what the developer reads on screen) matches as well as an id.
        let title = try XCTUnwrap(events.lazy.flatMap(\.controllers).first { $0.title != nil && $0.title != $0.id }?.title)
        let titled = try withCString(title) { try take(presentationInspectorEvents(0, nil, $0)) }
            .split(separator: "\n").dropFirst().map { try EventCoding.decodeEvent(object(String($0))) }
        XCTAssertFalse(titled.isEmpty)
        XCTAssertEqual(titled.map(\.seq), events.filter { e in (e.controllers + e.chain + e.ancestry).contains { $0.title == title } }.map(\.seq))
    }

    func testEventsRejectsBadArgumentsWithOneLine() throws {
        let kind = try withCString("push") { try take(presentationInspectorEvents(5, $0, nil)) }
        XCTAssertTrue(errorMessage(kind).hasPrefix("unknown event kind \"push\" (known: present, dismiss, interactive-dismiss"))
        XCTAssertEqual(errorMessage(try take(presentationInspectorEvents(-1, nil, nil))), "the event count must be 0 (all) or more, got -1")
        let invalid: [CChar] = [CChar(bitPattern: 0xC3), CChar(bitPattern: 0x28), 0]
        let reply = try invalid.withUnsafeBufferPointer { try take(presentationInspectorEvents(1, nil, $0.baseAddress)) }
        XCTAssertEqual(errorMessage(reply), "the controller argument is not valid UTF-8")
        XCTAssertEqual(errorMessage(try take(presentationInspectorEvents(Int64.min, nil, nil))),
                       "the event count must be 0 (all) or more, got \(Int.min)")
    }

    func testExplainReturnsThePeoplePickerPresentation() throws {
        let seq = try seq { $0.kind == .present && $0.presented?.id == "peoplePicker" }
        let event = try EventCoding.decodeEvent(object(take(presentationInspectorExplain(Int64(seq)))))
        XCTAssertEqual(event.seq, seq)
        XCTAssertEqual(event.source?.id, "library")
        XCTAssertEqual(event.presenting?.id, "photos", "the navigation controller presents, not its content controller")
        XCTAssertEqual(event.contextProvider?.id, "photos")
        XCTAssertEqual(event.effectiveStyle, .formSheet)
        XCTAssertFalse(event.explanation.isEmpty)
    }

    func testExplainNamesTheRetainedRangeForUnknownSequenceNumbers() throws {
        let last = try XCTUnwrap(events.last?.seq)
        XCTAssertEqual(errorMessage(try take(presentationInspectorExplain(Int64(last + 1)))),
                       "no event #\(last + 1) yet: the latest recorded event is #\(last)")
        XCTAssertEqual(errorMessage(try take(presentationInspectorExplain(0))),
                       "no event #0: sequence numbers start at 1 (recorded: #1…#\(last))")
        XCTAssertEqual(errorMessage(try take(presentationInspectorExplain(Int64.max))),
                       "no event #\(Int.max) yet: the latest recorded event is #\(last)")
    }

    func testExplainSaysWhenTheRingDroppedTheEvent() throws {
        let small = Recorder(capacity: 3)
        for i in 0..<5 { small.record(Event(time: Double(i), kind: .present, outcome: .presented)) }
        InspectorRuntime.shared.install(recorder: small, header: header, windowChains: nil)
        XCTAssertEqual(errorMessage(try take(presentationInspectorExplain(1))),
                       "event #1 is no longer retained: the ring buffer dropped the 2 oldest events (retained: #3…#5)")
        XCTAssertEqual(try EventCoding.decodeEvent(object(take(presentationInspectorExplain(3)))).seq, 3)
        let head = try take(presentationInspectorEvents(0, nil, nil)).split(separator: "\n")
        XCTAssertEqual(try EventCoding.decodeHeader(object(String(try head.element(0)))).dropped, 2)
        XCTAssertEqual(head.count, 4)
    }

    func testEmptyRecordingExplainsThatNothingWasRecorded() throws {
        InspectorRuntime.shared.install(recorder: Recorder(), header: header, windowChains: nil)
        XCTAssertEqual(errorMessage(try take(presentationInspectorExplain(1))), "no event #1: nothing has been recorded yet")
        XCTAssertEqual(try take(presentationInspectorEvents(10, nil, nil)).split(separator: "\n").count, 1, "header only")
    }

    func testDiagnoseListsTheRejectedDoublePresentation() throws {
        let reply = try object(take(presentationInspectorDiagnose()))
        XCTAssertEqual(reply["events"]?.intValue, events.count)
        XCTAssertEqual(reply["dropped"]?.intValue, 0)
        let found = try XCTUnwrap(reply["diagnostics"]?.arrayValue).compactMap(\.objectValue)
        XCTAssertEqual(found.count, events.flatMap(\.diagnostics).count)
        let share = try seq { $0.presented?.id == "share" }
        let d = try XCTUnwrap(found.first)
        XCTAssertEqual(d["seq"]?.intValue, share)
        XCTAssertEqual(d["code"]?.stringValue, "already-presenting")
        XCTAssertEqual(d["severity"]?.stringValue, "warning")
        XCTAssertEqual(d["outcome"]?.stringValue, "rejected")
        XCTAssertEqual(d["message"]?.stringValue,
                       "Attempt to present <UIActivityViewController: share> on <UINavigationController: photos> (from <PhotoLibraryViewController: library>) which is already presenting <ABPeoplePickerNavigationController: peoplePicker>.")
        XCTAssertEqual(d["summary"]?.stringValue, events.first { $0.seq == share }?.summary)
    }

    func testEveryQueryExplainsThatNothingIsRecording() throws {
        InspectorRuntime.shared.uninstall()
        let expected = "nothing is recording in this process: InspectorRuntime.shared has no recorder (start PresentationInspector, or run InspectorDemo)"
        XCTAssertEqual(errorMessage(try take(presentationInspectorEvents(1, nil, nil))), expected)
        XCTAssertEqual(errorMessage(try take(presentationInspectorExplain(1))), expected)
        XCTAssertEqual(errorMessage(try take(presentationInspectorDiagnose())), expected)
        XCTAssertEqual(errorMessage(try take(presentationInspectorGraph(nil, 0))), expected)
        XCTAssertEqual(errorMessage(try withCString("/tmp/x.jsonl") { try take(presentationInspectorExport($0, nil)) }), expected)
    }
}
