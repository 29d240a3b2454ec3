import XCTest
@_spi(Package) @testable import PresentationInspectorCore

/// The remedy reaches the LLDB plugin through the replies it already reads.
final class DebuggerFixTests: DebuggerEntryPointTestCase {
    func testDiagnoseAndExplainRepliesCarryTheFix() throws {
        let expected = "present from <ABPeoplePickerNavigationController: peoplePicker> (the top of the chain), or dismiss it first"
        let diagnose = try take(presentationInspectorDiagnose())
        XCTAssertTrue(diagnose.contains("\"fix\":\"\(expected)\""), diagnose)
        let seq = try self.seq { $0.outcome == .rejected }
        let explain = try take(presentationInspectorExplain(Int64(seq)))
        XCTAssertTrue(explain.contains("\"fix\":\"\(expected)\""), explain)
    }
}
