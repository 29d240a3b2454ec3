/// The recorded `dismiss` call whose UIKit original runs on this thread now.
///
/// UIKit begins a dismissal inside the call: the removed controller's `viewWillDisappear` comes
/// before `dismiss` returns. A dismissal that begins there is the call's, whatever the model
/// predicted it would remove (a dismiss predicted `rejected` that UIKit performs), so the
/// ``InteractiveDismissMonitor`` does not record it again as a dismissal without a call; the
/// call's own end records what UIKit removed, and the drift.
enum DismissCallInFlight {
    /// The call's event `seq` (task-local: bound for the synchronous scope of ``run(seq:_:)``).
    @TaskLocal static var seq: Int?

    /// Runs `body` (UIKit's original `dismiss`) as the call recorded as `seq`; nil for code that
    /// is no recorded call's (the app's completion).
    static func run<R>(seq: Int?, _ body: () -> R) -> R {
        $seq.withValue(seq) { body() }
    }
}
