/// Which window scene the iOS layer puts its own windows in (the overlay, a conformance run's
/// windows) and reads the device's traits from, when the app has several scenes (iPad
/// multitasking, external displays, Mac Catalyst).
///
/// UIKit lists an app's scenes as an unordered set (`UIApplication.connectedScenes`), and since
/// iOS 15 every scene has a key window of its own (`UIWindowScene.keyWindow`; `UIWindow.isKeyWindow`
/// is "the key window of its scene"), so neither "the first scene" nor "the first key window"
/// names the scene the user is in. The choice, in order:
/// 1. the scene the user acted in, when known (the window a shake reached) and in the foreground;
/// 2. of the foreground-active scenes, then the foreground-inactive ones, the one whose key window
///    most recently became key (`UIWindow.didBecomeKeyNotification`, counted from `start`);
///    then one with a key window; ties go to the earlier candidate;
/// 3. none: a background scene's windows are not on screen.
@_spi(Package) public enum SceneChoice {
    /// A scene's `UIScene.ActivationState`.
    @_spi(Package) public enum Activation: Sendable, Equatable {
        /// On screen and receiving events.
        case foregroundActive
        /// On screen, not receiving events (a system alert over it, multitasking switch).
        case foregroundInactive
        /// Not on screen.
        case background
        /// Not connected to the app's UI.
        case unattached
    }

    /// What the choice reads of one scene.
    @_spi(Package) public struct Candidate: Sendable, Equatable {
        /// Its activation state.
        @_spi(Package) public var activation: Activation
        /// Whether it has a key window.
        @_spi(Package) public var hasKeyWindow: Bool
        /// When its key window last became key, as a counter (larger is later); nil when not seen.
        @_spi(Package) public var keyOrder: Int?

        /// Describes a scene.
        @_spi(Package) public init(activation: Activation, hasKeyWindow: Bool, keyOrder: Int? = nil) {
            self.activation = activation
            self.hasKeyWindow = hasKeyWindow
            self.keyOrder = keyOrder
        }
    }

    /// The index in `candidates` of the scene to use, or nil when no scene is in the foreground.
    /// `preferred`: the index of the scene the user acted in, if known.
    @_spi(Package) public static func choose(_ candidates: [Candidate], preferred: Int? = nil) -> Int? {
        if let preferred, candidates.indices.contains(preferred), isForeground(candidates[preferred].activation) { return preferred }
        for activation in [Activation.foregroundActive, .foregroundInactive] {
            var best: Int?
            for (i, c) in candidates.enumerated() where c.activation == activation {
                guard let current = best else { best = i; continue }
                if rank(c) > rank(candidates[current]) { best = i }
            }
            if let best { return best }
        }
        return nil
    }

    private static func isForeground(_ activation: Activation) -> Bool {
        activation == .foregroundActive || activation == .foregroundInactive
    }

    /// Later key window first, then having a key window at all.
    private static func rank(_ c: Candidate) -> (Int, Int) {
        (c.hasKeyWindow ? (c.keyOrder ?? -1) : -2, c.hasKeyWindow ? 1 : 0)
    }
}
