/// Events for hooked calls the inspector records without resolving them.
///
/// On iOS a `present` or `dismiss` made off the main thread is recorded this way: reading
/// UIKit's hierarchy from that thread would itself be the thread violation the event
/// reports, and could crash while the main thread mutates it. The call still goes to UIKit
/// unchanged; the event names the controllers by class and address only.
@_spi(Package) public enum UnresolvedCall {
    /// Why off-main calls are not resolved, as an explanation step.
    @_spi(Package) public static let offMainExplanation =
        "Not resolved: the inspector does not read UIKit's hierarchy off the main thread. The call was passed to UIKit unchanged; what UIKit does with it is undefined."

    /// A `present(_:animated:completion:)` made on thread `thread` (outcome `no-op`: the
    /// inspector did not observe a result).
    @_spi(Package) public static func offMainPresent(source: ControllerRef, presented: ControllerRef, animated: Bool,
                                      thread: String, time: Double, callSite: String? = nil,
                                      capturedCallStack: CapturedCallStack? = nil) -> Event {
        Event(time: time, thread: thread, kind: .present, outcome: .noOp, animated: animated,
              source: source, presented: presented,
              explanation: ["present was called on \(source.label) to present \(presented.label) on thread \(thread).", offMainExplanation],
              diagnostics: [.offMainThread("present(_:animated:completion:)", thread: thread)], callSite: callSite,
              capturedCallStack: capturedCallStack).withFixes()
    }

    /// A `dismiss(animated:completion:)` made on thread `thread` (outcome `no-op`).
    @_spi(Package) public static func offMainDismiss(receiver: ControllerRef, animated: Bool, thread: String, time: Double,
                                      callSite: String? = nil, capturedCallStack: CapturedCallStack? = nil) -> Event {
        Event(time: time, thread: thread, kind: .dismiss, outcome: .noOp, animated: animated,
              explanation: ["dismiss was called on \(receiver.label) on thread \(thread).", offMainExplanation],
              receiver: receiver, forwarded: false,
              diagnostics: [.offMainThread("dismiss(animated:completion:)", thread: thread)], callSite: callSite,
              capturedCallStack: capturedCallStack).withFixes()
    }
}
