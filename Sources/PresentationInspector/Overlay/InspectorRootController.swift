#if canImport(UIKit)
import UIKit
@_spi(Package) import PresentationInspectorCore

/// The overlay's tabs: the live timeline, the chain graph, the selected event's detail, and
/// export through the share sheet.
final class InspectorRootController: UITabBarController {
    private let model: OverlayModel
    private let onClose: (() -> Void)?
    /// The app window's root under the overlay. The overlay takes the orientations of the app's
    /// topmost presented controller, so opening it never turns an app to an orientation it does
    /// not support (FLEX's explorer does the same).
    weak var appRootController: UIViewController?

    init(model: OverlayModel, onClose: (() -> Void)?) {
        self.model = model
        self.onClose = onClose
        super.init(nibName: nil, bundle: nil)
        let timeline = TimelineViewController(model: model)
        timeline.onSelect = { [weak self] seq in
            self?.model.selectedSeq = seq
            self?.selectedIndex = 2
        }
        var tabs: [(UIViewController, String, String)] = [
            (timeline, "Timeline", "list.bullet.rectangle"),
            (ChainGraphViewController(model: model), "Chains", "point.3.connected.trianglepath.dotted"),
            (EventDetailViewController(model: model, followsSelection: true), "Detail", "doc.text.magnifyingglass"),
            (ExportViewController(), "Export", "square.and.arrow.up"),
        ]
        #if canImport(PresentationSimulator)
        tabs.append((ConformanceViewController(), "Conformance", "checkmark.seal"))
        #endif
        viewControllers = tabs.map { controller, title, symbol in
            controller.title = title
            if let onClose {
                controller.navigationItem.leftBarButtonItem = UIBarButtonItem(systemItem: .close, primaryAction: UIAction { _ in onClose() })
            }
            let nav = UINavigationController(rootViewController: controller)
            nav.tabBarItem = UITabBarItem(title: title, image: UIImage(systemName: symbol), selectedImage: nil)
            return nav
        }
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// VoiceOver's escape gesture (two-finger Z) closes the overlay.
    override func accessibilityPerformEscape() -> Bool {
        guard let onClose else { return false }
        onClose()
        return true
    }

    override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        var top = appRootController
        var steps = 0
        while let presented = top?.presentedViewController, !presented.isBeingDismissed, steps < 100 {
            top = presented
            steps += 1
        }
        // UIKit requires a mask that is not empty.
        guard let mask = top?.supportedInterfaceOrientations, !mask.isEmpty else { return super.supportedInterfaceOrientations }
        return mask
    }
}

/// Colours shared by the overlay's views.
enum OverlayStyle {
    /// The colour of a severity (nil: no diagnostic).
    static func color(for severity: Severity?) -> UIColor {
        switch severity {
        case .error?: .systemRed
        case .warning?: .systemOrange
        case .info?: .systemGray
        case nil: .systemBlue
        }
    }

    /// An SF Symbol for a severity.
    static func symbol(for severity: Severity?) -> String {
        switch severity {
        case .error?: "xmark.octagon.fill"
        case .warning?: "exclamationmark.triangle.fill"
        case .info?: "info.circle"
        case nil: "circle.fill"
        }
    }

    /// The label font: the layouts assume the advance of a 12 pt monospaced font (7.2 pt). Drawn
    /// layouts follow Dynamic Type by scaling the whole drawing (``LayoutScrollView``); text views
    /// scale it with `UIFontMetrics`.
    static let labelFont = UIFont.monospacedSystemFont(ofSize: 12, weight: .regular)
    /// ``labelFont``, semibold (a node's first line).
    static let boldLabelFont = UIFont.monospacedSystemFont(ofSize: 12, weight: .semibold)
}

/// The export tab: one row per format; a tap renders the recording (off the main thread)
/// and opens the share sheet on the file.
final class ExportViewController: UITableViewController {
    private let formats: [(ExportFormat, String)] = [
        (.jsonl, "Event log (JSONL): the input of pinspect and the LLDB plugin"),
        (.html, "HTML report: timeline, chain graph, events, details"),
        (.perfetto, "Perfetto / chrome://tracing trace"),
        (.text, "Plain-text timeline"),
        (.dot, "Graphviz chain graph"),
        (.mermaid, "Mermaid chain graph"),
    ]

    init() { super.init(style: .insetGrouped) }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    // Section 0: the formats; section 1: the replay files (ReplayShare).
    override func numberOfSections(in tableView: UITableView) -> Int { 2 }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        section == 0 ? formats.count : ReplayShare.allCases.count
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        section == 1 ? "A bug becomes a test" : nil
    }

    override func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        PresentationInspector.configuration?.redactsTitlesInExports == true ? "Controller titles are removed from exports." : nil
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        let (title, subtitle) = indexPath.section == 0
            ? (formats[indexPath.row].0.rawValue.uppercased(), formats[indexPath.row].1)
            : ReplayShare.allCases[indexPath.row].title
        content.text = title
        content.secondaryText = subtitle
        content.secondaryTextProperties.numberOfLines = 0
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        let sourceView = tableView.cellForRow(at: indexPath) ?? view
        if indexPath.section == 1 {
            ReplayShare.allCases[indexPath.row].share(from: self, sourceView: sourceView)
            return
        }
        Self.share(formats[indexPath.row].0, from: self, sourceView: sourceView)
    }

    /// Writes the recording in `format` to a temporary file and shares it.
    static func share(_ format: ExportFormat, from host: UIViewController, sourceView: UIView?) {
        guard let session = HookState.shared.lastSession else { return }
        let stamp = Int(Date().timeIntervalSince1970)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("presentations-\(stamp).\(format.fileExtension)")
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { try session.export(format, toFile: url.path) }
            DispatchQueue.main.async {
                switch result {
                case .success:
                    let sheet = UIActivityViewController(activityItems: [url], applicationActivities: nil)
                    sheet.popoverPresentationController?.sourceView = sourceView ?? host.view
                    host.present(sheet, animated: true)
                case .failure(let error):
                    let alert = UIAlertController(title: "Export failed", message: "\(error)", preferredStyle: .alert)
                    alert.addAction(UIAlertAction(title: "OK", style: .default))
                    host.present(alert, animated: true)
                }
            }
        }
    }
}
#endif
