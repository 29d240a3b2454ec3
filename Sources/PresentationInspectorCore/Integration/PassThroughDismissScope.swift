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
    /// The depth, per thread, in a pthread key (every hooked `dismiss` reads it: Foundation's
    /// `threadDictionary` cost a dictionary lookup and a boxed number per call).
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private static var depth: Int {
        get { Int(bitPattern: pthread_getspecific(key)) }
        set { pthread_setspecific(key, UnsafeRawPointer(bitPattern: newValue)) }
    }

    /// Whether a pass-through dismiss is running on this thread.
    public static var isActive: Bool { depth > 0 }

    /// Runs `body` (the original `dismiss`) with the thread marked.
    public static func run<T>(_ body: () throws -> T) rethrows -> T {
        let outer = depth
        depth = outer + 1
        defer { depth = outer }
        return try body()
    }
}
