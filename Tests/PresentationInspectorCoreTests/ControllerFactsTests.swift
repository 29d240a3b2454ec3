import XCTest
@_spi(Package) import PresentationInspectorCore
import TestSupport

/// Controller facts in the log: written and read by both decoders, checked, kept once per
/// controller by the recorder, and absent from older logs without harm.
final class ControllerFactsTests: XCTestCase {
    private func facts(_ id: String, parent: String? = nil, children: [String]? = nil, style: PresentationStyle = .automatic) -> ControllerFacts {
        var f = ControllerFacts(id: id, type: "T\(id)", title: "Title \(id)")
        f.container = id == "nav" ? .navigation : ControllerFacts.Container.none
        f.parent = parent
        f.children = children
        f.modalPresentationStyle = style
        f.modalTransitionStyle = .crossDissolve
        f.definesPresentationContext = true
        f.providesPresentationContextTransitionStyle = false
        f.isModalInPresentation = false
        f.popoverAnchor = .anchored
        f.window = "main"
        f.horizontalSizeClass = .regular
        return f
    }

    func testFactsSurviveTheLogOnBothDecodersAndOldLinesReadWithout() throws {
        var e = Event(seq: 4, time: 1, kind: .present, outcome: .presented)
        var root = facts("nav", children: ["a", "b"])
        root.windowRoot = "main"
        e.facts = [root, facts("a", parent: "nav"), { var t = facts("tabs", children: ["x"]); t.container = .tabBar; t.selected = 0; return t }()]
        let line = EventCoding.encode(e)
        XCTAssertTrue(line.contains(#""facts":[{"id":"nav","type":"Tnav","title":"Title nav","container":"navigation","children":["a","b"]"#), line)
        var copy = line
        XCTAssertEqual(copy.withUTF8 { EventByteDecoder.decode($0) }, e, "the fast path")
        XCTAssertEqual(try EventCoding.decodeEvent(try XCTUnwrap(JSONParser.parse(line).objectValue)), e, "the reference path")
        let old = try LogReader.read(text: LogWriter.text(header: LogHeader(), events: [Event(seq: 1, time: 0, kind: .present, outcome: .presented)]))
        XCTAssertEqual(old.events.first?.facts, [])
    }

    /// An anchor the recording could not see stays unknown through the log, apart from a missing
    /// one; older logs say `hasPopoverAnchor` only, and a line saying both is refused.
    func testAnUnknownAnchorIsNotAMissingOneInTheLog() throws {
        var e = Event(seq: 1, time: 0, kind: .present, outcome: .presented)
        var unknown = facts("u"), missing = facts("m")
        unknown.popoverAnchor = .unknown
        missing.popoverAnchor = .missing
        e.facts = [unknown, missing, facts("a")]
        let line = EventCoding.encode(e)
        XCTAssertTrue(line.contains(#""isModalInPresentation":false,"popoverAnchor":"unknown""#), line)
        XCTAssertTrue(line.contains(#""isModalInPresentation":false,"hasPopoverAnchor":false"#), line)
        XCTAssertFalse(line.contains(#""hasPopoverAnchor":false,"popoverAnchor""#), line)
        var copy = line
        XCTAssertEqual(copy.withUTF8 { EventByteDecoder.decode($0) }?.facts.map(\.popoverAnchor), [.unknown, .missing, .anchored])
        XCTAssertEqual(try EventCoding.decodeEvent(try XCTUnwrap(JSONParser.parse(line).objectValue)).facts.map(\.popoverAnchor),
                       [.unknown, .missing, .anchored])

        let header = EventCoding.encode(LogHeader()) + "\n"
        let both = #"{"seq":1,"time":0,"kind":"present","outcome":"presented","facts":[{"id":"a","type":"A","hasPopoverAnchor":false,"popoverAnchor":"unknown"}]}"#
        let other = #"{"seq":2,"time":0,"kind":"present","outcome":"presented","facts":[{"id":"a","type":"A","popoverAnchor":"none"}]}"#
        let read = try LogReader.read(text: header + both + "\n" + other + "\n", name: "bad.jsonl")
        XCTAssertEqual(read.issues.count, 2)
        let first = try read.issues.element(0).description, second = try read.issues.element(1).description
        XCTAssertTrue(first.contains(#"key "facts[0].popoverAnchor": give either hasPopoverAnchor or popoverAnchor, not both"#), first)
        XCTAssertTrue(second.contains(#"unknown value "none""#), second)
    }

    func testBadFactsMakeABadLineNamingTheKey() throws {
        let header = EventCoding.encode(LogHeader()) + "\n"
        let text = header + #"{"seq":1,"time":0,"kind":"present","outcome":"presented","facts":[{"id":"a","type":"A","selected":-1}]}"# + "\n"
            + #"{"seq":2,"time":0,"kind":"present","outcome":"presented","facts":[{"id":"a","type":"A","modalPresentationStyle":"sideways"}]}"# + "\n"
        let read = try LogReader.read(text: text, name: "bad.jsonl")
        XCTAssertEqual(read.events.count, 0)
        XCTAssertEqual(read.issues.count, 2)
        let first = try read.issues.element(0).description, second = try read.issues.element(1).description
        XCTAssertTrue(first.contains(#"key "facts[0].selected""#), first)
        XCTAssertTrue(second.contains(#"unknown value "sideways""#), second)
    }

    func testTheRecorderKeepsAControllersFactsOnceAndAgainWhenTheyChange() {
        let recorder = Recorder(capacity: 16)
        func record() -> [ControllerFacts] { recorder.record(Event(time: 0, kind: .present, outcome: .presented)).facts }
        recorder.noteControllerFacts([facts("nav", children: ["a"]), facts("a", parent: "nav")])
        XCTAssertEqual(record().map(\.id), ["nav", "a"], "first seen")
        recorder.noteControllerFacts([facts("nav", children: ["a"]), facts("a", parent: "nav")])
        XCTAssertEqual(record(), [], "unchanged: not again")
        recorder.noteControllerFacts([facts("nav"), facts("a", parent: "nav", style: .fullScreen)])
        XCTAssertEqual(record().map(\.id), ["a"], "children not read is no change; a new style is")
        // `a` leaves `nav`: the next time `nav` lists it again, that is recorded.
        recorder.noteControllerFacts([facts("a")])
        XCTAssertEqual(record().map(\.id), ["a"])
        recorder.noteControllerFacts([facts("nav", children: ["a"]), facts("a", parent: "nav")])
        XCTAssertEqual(record().map(\.id), ["nav", "a"])
        recorder.reset()
        recorder.noteControllerFacts([facts("a", parent: "nav")])
        XCTAssertEqual(record().map(\.id), ["a"], "a reset recording keeps them anew")
    }

    func testFactsReadWithoutChildrenKeepTheChildrenLastRecorded() {
        let recorder = Recorder(capacity: 16)
        func record() -> [ControllerFacts] { recorder.record(Event(time: 0, kind: .present, outcome: .presented)).facts }
        recorder.noteControllerFacts([facts("nav", children: ["a"])])
        XCTAssertEqual(record().map(\.id), ["nav"])
        recorder.noteControllerFacts([facts("nav", style: .pageSheet)])
        XCTAssertEqual(record().map(\.id), ["nav"], "a new style")
        recorder.noteControllerFacts([facts("nav", children: ["a"], style: .pageSheet)])
        XCTAssertEqual(record(), [], "the children read again are the ones recorded before the style changed")
    }

    func testRedactionRemovesTitlesFromFacts() {
        var e = Event(time: 0, kind: .present, outcome: .presented)
        e.facts = [facts("a")]
        XCTAssertNil(TitleRedaction.redact(e).facts.first?.title)
        XCTAssertEqual(TitleRedaction.redact(e).facts.first?.id, "a")
    }
}
