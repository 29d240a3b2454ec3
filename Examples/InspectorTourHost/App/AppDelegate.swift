import UIKit
import InspectorTour

/// The host app of the Simulator tests: one window whose navigation controller shows
/// ``HomeScreen``. The test bundle runs inside this process (an application test bundle: UIKit
/// needs an app and a window scene to present anything) and drives ``PresentationTour``.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // Recording from launch, as an app would start it; a maintainer running the app by hand
        // opens the overlay with a shake.
        PresentationTour.startInspector(opensOnShake: true)
        return true
    }

    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Default", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = SceneDelegate.self
        return configuration
    }
}

/// Makes the app's single window.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UINavigationController(rootViewController: HomeScreen())
        window.makeKeyAndVisible()
        self.window = window
    }
}
