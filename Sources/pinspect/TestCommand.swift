import ArgumentParser
import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

/// `pinspect test`: a recording becomes a test that replays it.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Write a Swift test (XCTest or Swift Testing) that replays a log with PresentationInspectorTesting.",
        discussion: """
        The test holds the scenario `pinspect scenario` builds from the log and runs
        it in PresentationSimulator. Choose what it asserts:
          --expect-clean        no diagnostic (model-drift aside): red while the bug
                                the recording shows is there, green once it is fixed
          --expect-as-recorded  every event as recorded: a regression test
        The test target needs the PresentationInspectorTesting, PresentationSimulator
        and PresentationInspectorCore products.

        EXAMPLES
          pinspect test device.jsonl --framework xctest --expect-clean -o Tests/AppTests/SheetBugTests.swift
          pinspect test device.jsonl --framework swift-testing --expect-as-recorded -o Tests/AppTests/SheetFlowTests.swift
        """)

    enum FrameworkOption: String, ExpressibleByArgument, CaseIterable {
        case xctest
        case swiftTesting = "swift-testing"
    }

    @OptionGroup var input: LogInput
    @Option(help: "The test framework: xctest or swift-testing.") var framework: FrameworkOption
    @Flag(help: "Assert that the replay has no diagnostic (the bug is fixed).") var expectClean = false
    @Flag(help: "Assert that the replay records every event as the log did.") var expectAsRecorded = false
    @Option(help: ArgumentHelp("The test class or suite name (default: from the output file name).", valueName: "name"))
    var name: String?
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard expectClean != expectAsRecorded else {
            throw ValidationError("choose one of --expect-clean and --expect-as-recorded")
        }
    }

    func run() throws {
        try output.refuseOverwriting(input.path)
        let log = try input.load()
        let scenario = try replayScenario(of: log)
        let stem = output.output.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension } ?? "ReplayTests"
        let source = ReplayTestFile.source(
            scenario: scenario, events: log.events, logName: (log.name as NSString).lastPathComponent,
            typeName: ReplayTestFile.typeName(from: name ?? stem),
            framework: framework == .xctest ? .xctest : .swiftTesting, expectation: expectClean ? .clean : .asRecorded)
        try output.write(source)
        try log.finish()
    }
}
