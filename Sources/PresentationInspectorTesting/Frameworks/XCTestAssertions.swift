#if canImport(XCTest)
import XCTest
@_spi(Package) import PresentationInspectorCore

/// Fails when `recording` holds a diagnostic of `severity` or worse (default: warnings and errors).
///
/// The failure, reported at the caller's file and line, quotes each diagnostic in UIKit's
/// words, the resolver's explanation and the call site:
/// ```swift
/// XCTAssertNoPresentationDiagnostics(recording)
/// ```
public func XCTAssertNoPresentationDiagnostics(_ recording: PresentationRecording, atLeast severity: Severity = .warning,
                                              _ message: @autoclosure () -> String = "",
                                              file: StaticString = #filePath, line: UInt = #line) {
    if let failure = recording.diagnosticsFailure(atLeast: severity) {
        XCTFail(joined(failure, message()), file: file, line: line)
    }
}

/// Fails unless a controller of class `type` was presented (by `presenting`, a class name or
/// id, and in `style`, when given).
public func XCTAssertPresented(_ recording: PresentationRecording, _ type: String, by presenting: String? = nil,
                               style: PresentationStyle? = nil, _ message: @autoclosure () -> String = "",
                               file: StaticString = #filePath, line: UInt = #line) {
    if let failure = recording.presentedFailure(type, by: presenting, style: style) {
        XCTFail(joined(failure, message()), file: file, line: line)
    }
}

/// Fails unless a window's presentation chain after the run is exactly `expected` (class
/// names or ids, root first), in window `window` when given.
public func XCTAssertPresentationChain(_ recording: PresentationRecording, _ expected: [String], window: String? = nil,
                                       _ message: @autoclosure () -> String = "",
                                       file: StaticString = #filePath, line: UInt = #line) {
    if let failure = recording.chainFailure(expected, window: window) {
        XCTFail(joined(failure, message()), file: file, line: line)
    }
}

/// Fails when a present recorded here goes wrong in the other size class (an iPhone against an iPad): it raises
/// there (an anchorless popover on iPad), is refused there, or covers another controller's area
/// (`other-size-class` warnings).
///
/// A test that runs in compact width (the simulator's phone default) thereby fails on what would
/// crash on an iPad, with UIKit's words and the fix:
/// ```swift
/// XCTAssertNoOtherSizeClassWarnings(recording)
/// ```
public func XCTAssertNoOtherSizeClassWarnings(_ recording: PresentationRecording, _ message: @autoclosure () -> String = "",
                                              file: StaticString = #filePath, line: UInt = #line) {
    if let failure = recording.otherSizeClassFailure() {
        XCTFail(joined(failure, message()), file: file, line: line)
    }
}

private func joined(_ failure: String, _ message: String) -> String {
    message.isEmpty ? failure : "\(failure)\n\(message)"
}
#endif
