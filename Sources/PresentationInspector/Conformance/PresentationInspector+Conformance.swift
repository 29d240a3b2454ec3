#if canImport(UIKit) && canImport(PresentationSimulator)
import UIKit
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

// The conformance run needs the simulator (the package links it into this target). Guarded by
// `canImport` so that the UIKit layer still type-checks with the core alone.
extension PresentationInspector {
    /// Runs `scenarios` on real UIKit and in the model, and compares them: for each scenario,
    /// "UIKit agrees with the model on N/M facts" and every fact that differs.
    ///
    /// Each scenario's controllers are built as real controllers (navigation, tab bar and split
    /// view controllers; plain `UIViewController`s titled with the scenario's types) in a
    /// temporary window of the overlay's scene when the overlay is shown, else of the scene the
    /// user is in (the foreground scene whose key window became key last), removed afterwards. Its steps are performed with
    /// real `present`/`dismiss` calls through the hooks, so the recording must be running; the
    /// run's events stay in it. Steps UIKit would raise for, swipes and calls off the main
    /// thread are left out and listed (see `ConformancePlan`). Debug builds only, like `start`.
    ///
    /// - Parameter scenarios: the built-in scenarios by default; a scenario file a user writes
    ///   runs too (`try Scenario.parse(json, file: "mine.json")`).
    /// - Returns: the report; `text()` and `json()` are what to send to the maintainers.
    public static func runConformance(_ scenarios: [Scenario] = ConformanceRunner.builtInScenarios()) async throws -> ConformanceReport {
        guard let session = HookState.shared.session else { throw PresentationInspectorError.notStarted }
        let scene = OverlayPresenter.shared.scene ?? UIKitEnvironment.currentScene()
        var device = UIKitEnvironment.logHeader().device
        // The traits of the scene the run's windows go to, not another scene's.
        if let scene {
            device["horizontalSizeClass"] = scene.traitCollection.horizontalSizeClass == .regular ? "regular" : "compact"
            device["verticalSizeClass"] = scene.traitCollection.verticalSizeClass == .compact ? "compact" : "regular"
        }
        return await ConformanceRunner.run(scenarios, device: device) { UIKitConformanceWorld(session: session, scene: scene) }
    }
}
#endif
