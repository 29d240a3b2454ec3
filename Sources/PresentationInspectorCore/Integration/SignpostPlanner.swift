import Foundation

/// The name of a signpost the inspector emits (os_signpost names must be static strings, so
/// the iOS layer maps each case to a literal).
@_spi(Package) public enum SignpostName: String, Sendable, CaseIterable {
    /// An interval from a `present` call to the end of its transition.
    case present
    /// An interval from a `dismiss` call to the end of its transition.
    case dismiss
    /// A point event: a swipe-down completed, cancelled or blocked.
    case interactiveDismiss = "interactive-dismiss"
    /// A point event: a present or dismiss that UIKit rejected or that did nothing.
    case rejected
    /// A point event: a dismissed controller found still alive.
    case leak
    /// A point event: a sheet came to rest at another detent.
    case sheetDetent = "sheet-detent"
}

/// One signpost to emit.
@_spi(Package) public enum SignpostAction: Equatable, Sendable {
    /// Begin an interval; `id` pairs it with its end.
    case begin(id: Int, name: SignpostName, message: String)
    /// End the interval begun with the same `id` and name.
    case end(id: Int, name: SignpostName, message: String)
    /// A point in time.
    case event(name: SignpostName, message: String)
}

/// Maps recorded events to os_signpost intervals, so presentations show up in Instruments
/// beside the app's own signposts.
///
/// A successful `present` begins a `present` interval that its `present-completed` event
/// ends; a `dismiss` that dismisses begins a `dismiss` interval that `dismiss-completed`
/// ends. Rejections, no-ops, swipes, leaks and detent changes are point events. Interval ids come from the
/// planner's own counter, not from sequence numbers, so they stay unique after the recording
/// is cleared (and its numbering restarts). Thread-safe.
@_spi(Package) public final class SignpostPlanner: @unchecked Sendable {
    /// The os_log subsystem of every signpost.
    @_spi(Package) public static let subsystem = "PresentationInspector"
    /// The os_log category of every signpost ("Points of Interest" is not used, so the
    /// intervals get their own lane in Instruments' os_signpost instrument).
    @_spi(Package) public static let category = "Presentations"
    /// Intervals left open (a completion that never ran) are forgotten beyond this many.
    static let openLimit = 256

    private let lock = InspectorLock()
    /// Open intervals by the `seq` of the event that began them.
    private var open: [Int: (id: Int, name: SignpostName)] = [:]
    private var lastID = 0

    /// Creates a planner with no open interval.
    @_spi(Package) public init() {}

    /// How many intervals are open.
    @_spi(Package) public var openIntervalCount: Int {
        lock.lock(); defer { lock.unlock() }
        return open.count
    }

    /// The signposts for one recorded event, in order.
    @_spi(Package) public func actions(for event: Event) -> [SignpostAction] {
        lock.lock(); defer { lock.unlock() }
        let message = event.summary
        switch (event.kind, event.outcome) {
        case (.present, .presented):
            return begin(event.seq, .present, message)
        case (.dismiss, .dismissed):
            return begin(event.seq, .dismiss, message)
        case (.presentCompleted, _), (.dismissCompleted, _):
            guard let seq = event.relatesTo, let interval = open.removeValue(forKey: seq) else { return [] }
            return [.end(id: interval.id, name: interval.name, message: message)]
        case (.present, _), (.dismiss, _):
            return [.event(name: .rejected, message: message)]
        case (.interactiveDismiss, _):
            return [.event(name: .interactiveDismiss, message: message)]
        case (.leakCheck, _):
            return [.event(name: .leak, message: message)]
        case (.sheetDetentChanged, _):
            return [.event(name: .sheetDetent, message: message)]
        }
    }

    private func begin(_ seq: Int, _ name: SignpostName, _ message: String) -> [SignpostAction] {
        lastID += 1
        open[seq] = (lastID, name)
        if open.count > Self.openLimit, let oldest = open.min(by: { $0.value.id < $1.value.id })?.key { open[oldest] = nil }
        return [.begin(id: lastID, name: name, message: message)]
    }
}
