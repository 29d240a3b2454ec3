#if canImport(UIKit) && canImport(PresentationSimulator)
import UIKit
@_spi(Package) import PresentationInspectorCore

/// The overlay's and FLEX's conformance screen: runs the built-in scenarios on real UIKit,
/// shows "UIKit agrees with the model on N/M facts" with every difference, and shares the
/// report (text and JSON) for the maintainers.
final class ConformanceViewController: UIViewController {
    private let textView = UITextView()
    private var report: ConformanceReport?
    private var running = false

    override func viewDidLoad() {
        super.viewDidLoad()
        title = title ?? "Conformance"
        view.backgroundColor = .systemBackground
        textView.isEditable = false
        textView.font = UIFontMetrics.default.scaledFont(for: OverlayStyle.labelFont)
        textView.adjustsFontForContentSizeCategory = true
        textView.text = """
        Runs every built-in scenario on real UIKit controllers (in a temporary window) and in the \
        model, and compares what UIKit did with what the model predicted.

        Tap Run. The run's calls are recorded like any other, in their own window.
        """
        textView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(textView)
        NSLayoutConstraint.activate([
            textView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            textView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            textView.leadingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.leadingAnchor, constant: 8),
            textView.trailingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.trailingAnchor, constant: -8),
        ])
        navigationItem.rightBarButtonItems = [
            UIBarButtonItem(title: "Run", primaryAction: UIAction { [weak self] _ in self?.run() }),
            UIBarButtonItem(systemItem: .action, primaryAction: UIAction { [weak self] _ in self?.share() }),
        ]
    }

    private func run() {
        guard !running else { return }
        running = true
        textView.text = "Running…"
        Task { @MainActor in
            do {
                let report = try await PresentationInspector.runConformance()
                self.report = report
                textView.text = report.text()
            } catch {
                textView.text = "\(error)"
            }
            running = false
        }
    }

    private func share() {
        guard let report else { return }
        let dir = FileManager.default.temporaryDirectory
        let text = dir.appendingPathComponent("presentation-conformance.txt"), json = dir.appendingPathComponent("presentation-conformance.json")
        do {
            try report.text().write(to: text, atomically: true, encoding: .utf8)
            try report.json().write(to: json, atomically: true, encoding: .utf8)
        } catch {
            textView.text = "Could not write the report: \(error)"
            return
        }
        let sheet = UIActivityViewController(activityItems: [text, json], applicationActivities: nil)
        sheet.popoverPresentationController?.barButtonItem = navigationItem.rightBarButtonItems?.last
        present(sheet, animated: true)
    }
}
#endif
