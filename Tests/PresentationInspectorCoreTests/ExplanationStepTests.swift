import XCTest
@_spi(Package) @testable import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

/// Explanations are recorded as steps (data) and rendered on demand; the sentences must read
/// exactly as they did when the resolver built them as strings.
final class ExplanationStepTests: XCTestCase {
    /// `Golden/explanations.txt` holds every sentence of every built-in scenario as the former,
    /// string-building resolver wrote them (captured before the change), one per line.
    func testEverySentenceOfEveryBuiltInScenarioReadsAsBefore() throws {
        var lines: [String] = []
        for s in BuiltInScenarios.all.sorted(by: { $0.key < $1.key }) {
            let sim = Simulation()
            try sim.run(try s.scenario())
            for e in sim.recorder.events {
                lines += e.explanation.map { "\(s.key) #\(e.seq) \($0)" }
            }
        }
        try assertGolden(lines.joined(separator: "\n") + "\n", "explanations.txt")
    }

    func testStepsAreDataUntilRenderedAndEqualWhenTheyReadTheSame() {
        let a = ControllerRef(id: "a", type: "A", title: "Inbox")
        let step = ExplanationStep.dismissCalled(a)
        XCTAssertEqual(step.sentence, #"dismiss was called on A "Inbox" (a)."#)
        XCTAssertEqual(step, .text(#"dismiss was called on A "Inbox" (a)."#), "a sentence read from a log equals the step it came from")
        XCTAssertEqual(Set([step, .text(step.sentence)]).count, 1)
        var e = Event(time: 0, kind: .dismiss, outcome: .noOp, steps: [step])
        XCTAssertEqual(e.explanation, [step.sentence])
        e.explanation = ["x"]
        XCTAssertEqual(e.steps, [.text("x")])
    }

    func testRedactionStillRemovesTitlesFromRenderedSteps() {
        let a = ControllerRef(id: "a", type: "A", title: "Secret")
        let e = Event(time: 0, kind: .dismiss, outcome: .noOp, steps: [.dismissCalled(a), .nothingToDismiss(a)], receiver: a)
        let redacted = TitleRedaction.redact(e)
        XCTAssertFalse(redacted.explanation.joined().contains("Secret"), "\(redacted.explanation)")
        XCTAssertEqual(redacted.explanation.first, "dismiss was called on A (a).")
    }
}
