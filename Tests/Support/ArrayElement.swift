import XCTest

/// What every test target shares (`TestSupport`, a target of its own so that it is written once).
extension Array {
    /// The element at `index`, or a failure of the calling test when there is none: XCTest runs a
    /// target's tests in one process, so a read out of range would crash it and hide every test
    /// after the failing one (`Scripts/ci/check_test_indexing.py` finds reads that do not guard).
    public func element(_ index: Int, file: StaticString = #filePath, line: UInt = #line) throws -> Element {
        try XCTUnwrap(indices.contains(index) ? self[index] : nil, "no element \(index): \(count) in all", file: file, line: line)
    }

    /// Changes the element at `index`, or fails the calling test when there is none (as ``element(_:file:line:)``).
    public mutating func change(_ index: Int, file: StaticString = #filePath, line: UInt = #line, _ body: (inout Element) -> Void) throws {
        _ = try element(index, file: file, line: line)
        body(&self[index])
    }
}
