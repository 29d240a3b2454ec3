@_spi(Package) import PresentationInspectorCore
import XCTest

/// What the overlay leads with: the first problem, and a heading that counts the problems.
final class ProblemFocusTests: XCTestCase {
    private func event(_ seq: Int, _ severities: [Severity]) -> Event {
        let ref = ControllerRef(id: "c\(seq)", type: "C")
        return Event(seq: seq, time: 0, kind: .present, outcome: .presented, presented: ref,
                     diagnostics: severities.map { Diagnostic(code: .deepChain, severity: $0, message: "m") })
    }

    func testTheFirstErrorComesBeforeAnEarlierWarning() {
        let events = [event(1, []), event(2, [.warning]), event(3, [.info, .error]), event(4, [.error])]
        XCTAssertEqual(ProblemFocus.firstProblem(in: events)?.seq, 3)
        XCTAssertEqual(ProblemFocus.firstProblem(in: [event(1, [.info]), event(2, [.warning])])?.seq, 2)
        XCTAssertNil(ProblemFocus.firstProblem(in: [event(1, [.info])]))
    }

    func testTheHeadingCountsEventsAndProblems() {
        let events = [event(1, []), event(2, [.warning]), event(3, [.info, .error]), event(4, [.error])]
        XCTAssertEqual(ProblemFocus.heading(events: events, dropped: 0), "4 events · 2 errors, 1 warning, 1 info")
        XCTAssertEqual(ProblemFocus.heading(events: [event(1, [])], dropped: 12), "1 event · 12 older dropped")
    }
}
