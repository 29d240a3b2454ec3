import Foundation

/// Leaves out of the recording the alert UIKit shows for the shake that opens the inspector.
///
/// A shake also asks UIKit's shake-to-edit (`UIApplication.applicationSupportsShakeToEdit`,
/// on by default), which presents an "Undo …" `UIAlertController` when the first responder has
/// something to undo; recording it would make the inspector's own gesture look like the app's.
/// While the iOS layer dispatches a shake that opens the inspector
/// (``beginShakeDispatch()``…``endShakeDispatch()``), a call involving a `UIAlertController`
/// is left out; the alert found on screen afterwards is kept (``keep(alertID:isAlive:)``) so that
/// its later dismissal is left out too, for as long as that very alert lives (an address is
/// reused only after its object is gone). An app's own alert shown for a shake is left out
/// with it: the two cannot be told apart by class.
@_spi(Package) public final class ShakeAlertFilter: @unchecked Sendable {
    /// The class UIKit's shake-to-edit alert has.
    @_spi(Package) public static let alertTypeName = "UIAlertController"

    private struct State {
        var dispatching = false
        var kept: [String: @Sendable () -> Bool] = [:]
    }

    private let lock = NSLock()
    private var state = State()

    /// Nothing left out.
    @_spi(Package) public init() {}

    /// A shake that opens the inspector is being dispatched.
    @_spi(Package) public func beginShakeDispatch() { withLock { state in state.dispatching = true } }

    /// Its dispatch is over.
    @_spi(Package) public func endShakeDispatch() { withLock { state in state.dispatching = false } }

    /// Leaves out later calls on the alert with this id while `isAlive` answers true.
    @_spi(Package) public func keep(alertID: String, isAlive: @escaping @Sendable () -> Bool) {
        withLock { state in state.kept[alertID] = isAlive }
    }

    /// Whether a call involving `controller` is left out.
    @_spi(Package) public func excludes(_ controller: ControllerRef) -> Bool {
        guard controller.type == Self.alertTypeName else { return false }
        return withLock { state in
            if state.dispatching { return true }
            guard let isAlive = state.kept[controller.id] else { return false }
            if isAlive() { return true }
            state.kept[controller.id] = nil
            return false
        }
    }

    /// ``excludes(_:)`` combined with an app's own rule, as `InspectorConfiguration.ignore`.
    @_spi(Package) public func ignoring(alsoIgnore appRule: (@Sendable (ControllerRef) -> Bool)?) -> @Sendable (ControllerRef) -> Bool {
        { [self] controller in excludes(controller) || appRule?(controller) == true }
    }

    private func withLock<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }
}
