/// The forward UIKit makes from a `dismiss` being handled on this thread.
///
/// A `dismiss` sent to a controller that presents nothing is forwarded by UIKit to the
/// controller that presented it, re-entering the hooked method at once. That one call belongs
/// to the outer one (recorded in its event, or passed through with it); every other `dismiss`
/// made while the outer call runs is the app's own and is recorded.
enum DismissForward {
    enum Expected: Sendable {
        /// The forward goes to this controller.
        case receiver(ObjectIdentifier)
        /// The forward's receiver is unknown (a call off the main thread, where UIKit cannot be
        /// read): UIKit forwards first thing, so it is the first `dismiss` made.
        case firstCall
    }

    /// One expected forward; UIKit makes at most one.
    final class Expectation: Sendable {
        let expected: Expected
        let taken = Locked(false)
        init(_ expected: Expected) { self.expected = expected }
    }

    /// The forward expected on this thread now (task-local: bound for the synchronous scope of
    /// ``run(expecting:_:)`` on the calling thread).
    @TaskLocal static var current: Expectation?

    /// Runs `body` (UIKit's original `dismiss`, or the app's completion with nil) expecting `forward`.
    static func run<R>(expecting forward: Expected?, _ body: () -> R) -> R {
        $current.withValue(forward.map(Expectation.init)) { body() }
    }

    /// Whether a `dismiss` sent to `receiver` now is the expected forward; it is then taken.
    static func matches(_ receiver: ObjectIdentifier?) -> Bool {
        guard let expectation = current else { return false }
        if case .receiver(let id) = expectation.expected, id != receiver { return false }
        return expectation.taken.withLock { taken in
            if taken { return false }
            taken = true
            return true
        }
    }

    /// Runs `original` and answers true when the call to `receiver` is the expected forward:
    /// it belongs to the outer call, and the app's calls made while it runs are their own again.
    static func passesExpectedForward<N: PresentationNode>(_ receiver: N, completion: (() -> Void)?,
                                                           original: (_ completion: (() -> Void)?) -> Void) -> Bool {
        guard matches(ObjectIdentifier(receiver)) else { return false }
        run(expecting: nil) { original(completion) }
        return true
    }
}
