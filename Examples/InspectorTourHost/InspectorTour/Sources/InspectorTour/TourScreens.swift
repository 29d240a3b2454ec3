// UIKit only: on Linux the package builds its portable checks alone, for their tests.
#if canImport(UIKit)
import SwiftUI
import UIKit
import PresentationInspector

/// A plain screen the tour presents: its title on a background, nothing else.
class TourScreen: UIViewController {
    init(_ title: String) {
        super.init(nibName: nil, bundle: nil)
        self.title = title
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let label = UILabel()
        label.text = title
        label.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(label)
        NSLayoutConstraint.activate([label.centerXAnchor.constraint(equalTo: view.centerXAnchor),
                                     label.centerYAnchor.constraint(equalTo: view.centerYAnchor)])
    }
}

/// A generic screen: the runtime names its class in Swift's mangling
/// (`_TtGC13InspectorTour17TourGenericScreenSS_`), which the recording must name readably.
final class TourGenericScreen<Payload>: UIViewController {
    let payload: Payload

    init(_ title: String, payload: Payload) {
        self.payload = payload
        super.init(nibName: nil, bundle: nil)
        self.title = title
    }

    required init?(coder: NSCoder) { nil }
}

/// Calls `dismiss` from its own `deinit`, as some apps' clean-up code does. The tour releases
/// it on the main thread, so its `deinit` runs there.
final class DismissingOnDeinitScreen: UIViewController {
    init(_ title: String) {
        super.init(nibName: nil, bundle: nil)
        self.title = title
    }

    required init?(coder: NSCoder) { nil }

    deinit {
        MainActor.assumeIsolated { dismiss(animated: false) }
    }
}

/// The host app's first screen, the tour's presenter. It defines the presentation context, so
/// `currentContext` and `overCurrentContext` presents from it cover it (not the whole window).
public final class HomeScreen: UIViewController {
    /// Creates the screen.
    public init() { super.init(nibName: nil, bundle: nil) }

    /// Not used: the screen is made in code.
    public required init?(coder: NSCoder) { nil }

    /// Titles the screen and adds a button that shows the inspector's overlay.
    override public func viewDidLoad() {
        super.viewDidLoad()
        title = "Home"
        definesPresentationContext = true
        view.backgroundColor = .systemBackground
        let button = UIButton(type: .system)
        button.setTitle("Show PresentationInspector", for: .normal)
        button.addAction(UIAction { _ in PresentationInspector.show() }, for: .primaryActionTriggered)
        button.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(button)
        NSLayoutConstraint.activate([button.centerXAnchor.constraint(equalTo: view.centerXAnchor),
                                     button.centerYAnchor.constraint(equalTo: view.centerYAnchor)])
    }
}

/// Anchors a popover where Apple's documentation allows it, in
/// `prepareForPopoverPresentation(_:)`: the controller has no anchor when `present` is called.
final class AnchoringPopoverDelegate: NSObject, UIPopoverPresentationControllerDelegate {
    private weak var anchor: UIView?

    init(anchor: UIView) { self.anchor = anchor }

    func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController) {
        guard let anchor else { return }
        popoverPresentationController.sourceView = anchor
        popoverPresentationController.sourceRect = CGRect(x: anchor.bounds.midX, y: anchor.bounds.midY, width: 1, height: 1)
    }
}

/// What the SwiftUI screen presents; the tour switches it.
final class SwiftUITourModel: ObservableObject {
    @Published var showsSheet = false
    @Published var showsCover = false
    @Published var showsPopover = false
}

/// A SwiftUI screen with a `.sheet`, a `.fullScreenCover` and a `.popover`, each on its own view
/// (one presentation modifier per view, as SwiftUI before iOS 14.5 requires).
struct SwiftUITourView: View {
    @ObservedObject var model: SwiftUITourModel

    var body: some View {
        VStack(spacing: 24) {
            Text("SwiftUI sheet anchor")
                .sheet(isPresented: $model.showsSheet) { Text("SwiftUI sheet") }
            Text("SwiftUI full-screen cover anchor")
                .fullScreenCover(isPresented: $model.showsCover) { Text("SwiftUI full-screen cover") }
            Text("SwiftUI popover anchor")
                .popover(isPresented: $model.showsPopover) { Text("SwiftUI popover").padding() }
        }
    }
}
#endif
