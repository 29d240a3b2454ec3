// UIKit only: on Linux the package builds its portable checks alone, for their tests.
#if canImport(UIKit)
import UIKit
import PresentationInspector

/// Why the tour could not go on: UIKit did not finish a step in time, or the host is missing.
struct TourError: Error, CustomStringConvertible {
    var description: String
}

/// Performs real presents and dismisses and waits for UIKit to finish them, giving the run loop
/// its turns. A step that does not finish within ``stepTimeout`` seconds throws: the tour fails
/// with the step's name instead of hanging the test run.
@MainActor
enum TourDriver {
    /// How long one step may take; a UIKit transition takes well under a second.
    static let stepTimeout = 10.0

    /// Waits until `condition` holds, polling every 20 ms.
    static func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        var polls = 0
        while !condition() {
            guard Double(polls) * 0.02 < stepTimeout else { throw TourError(description: "timed out waiting for \(what)") }
            try await Task.sleep(nanoseconds: 20_000_000)
            polls += 1
        }
    }

    /// Lets UIKit and the inspector finish what follows a transition (completions, the chains'
    /// refresh, the next run-loop turns).
    static func settle(seconds: Double = 0.4) async {
        try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    }

    /// `0x` and the object's address in lowercase hexadecimal: how the recording names it.
    static func address(of object: AnyObject) -> String {
        "0x" + String(UInt(bitPattern: ObjectIdentifier(object)), radix: 16)
    }

    /// The host app's first screen, with nothing presented over the window (what an earlier
    /// stage left is dismissed first).
    static func home() async throws -> HomeScreen {
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        let navigations = scenes.flatMap(\.windows).compactMap { $0.rootViewController as? UINavigationController }
        guard let navigation = navigations.first(where: { $0.viewControllers.first is HomeScreen }),
              let home = navigation.viewControllers.first as? HomeScreen else {
            throw TourError(description: "the host app's window with its HomeScreen is missing")
        }
        if navigation.presentedViewController != nil {
            try await dismiss(navigation, animated: false, what: "what an earlier stage left on screen")
        }
        return home
    }

    /// Presents `controller` from `presenter`, waits for the completion, and reads what UIKit did.
    static func present(_ controller: UIViewController, from presenter: UIViewController, animated: Bool, step: String,
                        contextProvider: UIViewController? = nil, expectedStyle: PresentationStyle? = nil,
                        checksCallSite: Bool = true) async throws -> PerformedPresent {
        let before = lastSeq
        let done = CompletionFlag()
        presenter.present(controller, animated: animated) { done.isSet = true }
        try await waitUntil("the present of \(step) to complete") { done.isSet }
        return try performed(controller, step: step, contextProvider: contextProvider, expectedStyle: expectedStyle,
                             checksCallSite: checksCallSite, recordedAfter: before)
    }

    /// The `seq` of the last event recorded so far (0 for none).
    static var lastSeq: Int { PresentationInspector.events.last?.seq ?? 0 }

    /// What UIKit shows for `controller`, presented by `step` after event `recordedAfter`.
    static func performed(_ controller: UIViewController, step: String, contextProvider: UIViewController? = nil,
                          expectedStyle: PresentationStyle? = nil, checksCallSite: Bool,
                          recordedAfter: Int) throws -> PerformedPresent {
        guard let presenting = controller.presentingViewController else {
            throw TourError(description: "\(step): UIKit did not present it (no presentingViewController)")
        }
        return PerformedPresent(step: step, presentedID: address(of: controller),
                                runtimeTypeName: NSStringFromClass(type(of: controller)), title: controller.title,
                                presentingID: address(of: presenting),
                                windowID: controller.viewIfLoaded?.window.map { address(of: $0) },
                                contextProviderID: contextProvider.map { address(of: $0) },
                                expectedStyle: expectedStyle, checksCallSite: checksCallSite, recordedAfter: recordedAfter)
    }

    /// Sends `dismiss` to `receiver` and waits for the completion.
    static func dismiss(_ receiver: UIViewController, animated: Bool, what: String) async throws {
        let done = CompletionFlag()
        receiver.dismiss(animated: animated) { done.isSet = true }
        try await waitUntil("the dismissal of \(what) to complete") { done.isSet }
    }
}

/// Set by a completion handler, read by the waiting step.
@MainActor
final class CompletionFlag {
    var isSet = false
}
#endif
