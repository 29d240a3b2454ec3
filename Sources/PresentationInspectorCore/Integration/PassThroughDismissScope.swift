import Foundation

/// Marks the current thread while a `dismiss` passes straight through to UIKit without the
/// hook handler — because it is excluded, or because it was made off the main thread and is
/// recorded unresolved — so that the call UIKit forwards from it (to the presenting
/// controller, re-entering the hooked method) passes through as well instead of being
/// recorded as a dismissal of its own. The handler does the same for the calls it handles.
///
/// Example: FLEX's tool sheet calls `dismiss` on itself (excluded); UIKit forwards the message
/// to the presenting controller, which might be an app controller. Per thread, like UIKit's
/// own forwarding.
public enum PassThroughDismissScope {
    private static let depthKey = "PresentationInspector.passThroughDismissDepth"

    /// Whether a pass-through dismiss is running on this thread.
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
