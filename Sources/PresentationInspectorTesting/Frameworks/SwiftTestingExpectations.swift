#if canImport(Testing)
import Testing
@_spi(Package) import PresentationInspectorCore

extension PresentationRecording {
    /// Records an issue at the caller's source location for every diagnostic of `severity` or
    /// worse (default: warnings and errors), in the same words as the XCTest assertion.
    ///
    /// Returns whether the recording passed, so a test can stop early:
    /// ```swift
    /// recording.expectNoDiagnostics()
    /// ```
    @discardableResult
    public func expectNoDiagnostics(atLeast severity: Severity = .warning,
                                    sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        record(diagnosticsFailure(atLeast: severity), sourceLocation)
    }

    /// Records an issue unless a controller of class `type` was presented (by `presenting`, a
    /// class name or id, and in `style`, when given).
    @discardableResult
    public func expectPresented(_ type: String, by presenting: String? = nil, style: PresentationStyle? = nil,
                                sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        record(presentedFailure(type, by: presenting, style: style), sourceLocation)
    }

    /// Records an issue unless a window's chain after the run is exactly `expected` (class
    /// names or ids, root first), in window `window` when given.
    @discardableResult
    public func expectChain(_ expected: [String], window: String? = nil,
                            sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        record(chainFailure(expected, window: window), sourceLocation)
    }

    /// Records an issue for every present that goes wrong in the other size class (an iPhone against an iPad): it
    /// raises there (an anchorless popover on iPad), is refused there, or covers another
    /// controller's area (`other-size-class` warnings), in the same words as the XCTest assertion.
    ///
    /// ```swift
    /// recording.expectNoOtherSizeClassWarnings()
    /// ```
    @discardableResult
    public func expectNoOtherSizeClassWarnings(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        record(otherSizeClassFailure(), sourceLocation)
    }

    private func record(_ failure: String?, _ sourceLocation: SourceLocation) -> Bool {
        guard let failure else { return true }
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
        return false
    }
}
#endif
