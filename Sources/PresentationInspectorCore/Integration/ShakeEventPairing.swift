/// Turns the shake events the app dispatches into one toggle per shake.
///
/// The iOS layer sees shakes in `UIApplication.sendEvent(_:)`, which every event passes through
/// whatever the responders do with it (a `UIWindow` subclass overriding `motionEnded` without
/// calling `super` hides the shake from a `UIWindow.motionEnded` hook, not from `sendEvent`).
/// UIKit sends a shake there as two motion events of subtype `.motionShake`, began and then
/// ended (or cancelled), and no public API says which one an event is. So:
/// - an event whose dispatch reached `UIWindow.motionEnded` was the shake's end: it toggles;
/// - other events (a shake's beginning, or an end some responder swallowed) are paired: the
///   second of a pair toggles. A gap longer than ``pairWindow`` starts a new pair, so a lost
///   event (the hook installed in the middle of a shake) costs at most one shake.
@_spi(Package) public struct ShakeEventPairing: Sendable, Equatable {
    /// The longest time, in seconds, between a shake's two events.
    @_spi(Package) public let pairWindow: Double
    /// When the unpaired event of the shake in progress was dispatched, if one was.
    @_spi(Package) public private(set) var pendingSince: Double?

    /// Starts with no shake in progress; a non-positive or non-finite window becomes 3 seconds.
    @_spi(Package) public init(pairWindow: Double = 3) {
        self.pairWindow = pairWindow.isFinite && pairWindow > 0 ? pairWindow : 3
    }

    /// Records one shake event dispatched at `timestamp` (seconds, `UIEvent.timestamp`) and
    /// returns whether it completes a shake. `reachedWindow` says whether its dispatch reached
    /// `UIWindow.motionEnded` (then it is an end, whatever came before). A timestamp that is not
    /// finite, or earlier than the pending event's, starts a new pair.
    @_spi(Package) public mutating func shakeEventDispatched(at timestamp: Double, reachedWindow: Bool = false) -> Bool {
        if reachedWindow {
            pendingSince = nil
            return true
        }
        guard timestamp.isFinite else { pendingSince = nil; return false }
        if let start = pendingSince, timestamp >= start, timestamp - start <= pairWindow {
            pendingSince = nil
            return true
        }
        pendingSince = timestamp
        return false
    }
}
