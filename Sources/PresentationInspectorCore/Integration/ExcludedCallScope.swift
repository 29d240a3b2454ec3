import Foundation

/// Marks the current thread while an excluded `dismiss` runs, so that the call UIKit
/// forwards from it (to the presenting controller, re-entering the hooked method) is
/// excluded too rather than recorded as a dismissal of its own.
///
/// Example: FLEX's tool sheet calls `dismiss` on itself (excluded); UIKit forwards the message
/// to the presenting controller, which on its own would not be excluded if it were an app
/// controller. Per thread, like UIKit's own forwarding.
public enum ExcludedCallScope {
    private static let depthKey = "PresentationInspector.excludedDismissDepth"

    /// Whether an excluded dismiss is running on this thread.
    public static var isActive: Bool {
        ((Thread.current.threadDictionary[depthKey] as? Int) ?? 0) > 0
    }

    /// Runs `body` (the original `dismiss`) with the thread marked.
    public static func run<T>(_ body: () throws -> T) rethrows -> T {
        let store = Thread.current.threadDictionary
        let depth = (store[depthKey] as? Int) ?? 0
        store[depthKey] = depth + 1
        defer { store[depthKey] = depth }
        return try body()
    }
}
