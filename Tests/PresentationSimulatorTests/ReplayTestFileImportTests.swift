@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import TestSupport
import XCTest

/// The file `pinspect test` writes needs what README and Testing.md tell a test target to depend
/// on, and no more: the `PresentationInspectorTesting` product, imported alone (it brings the
/// core and the simulator). CI step 33 builds such files in a package that depends on it alone.
final class ReplayTestFileImportTests: XCTestCase {
    func testTheFileImportsTheTestingProductAlone() throws {
        let scenario = try BuiltInScenarios.calendar.scenario()
        for (framework, runner) in [(ReplayTestFile.Framework.xctest, "import XCTest"), (.swiftTesting, "import Testing")] {
            for expectation in [ReplayTestFile.Expectation.clean, .asRecorded] {
                let source = ReplayTestFile.source(scenario: scenario, events: [], logName: "bug.jsonl", typeName: "BugTests",
                                                   framework: framework, expectation: expectation)
                let imports = source.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.contains(" import ") }
                XCTAssertEqual(imports, ["import PresentationInspectorTesting", Substring(runner)], "\(framework) \(expectation)")
            }
        }
    }
}
