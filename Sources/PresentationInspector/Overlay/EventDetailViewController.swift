#if canImport(UIKit)
import UIKit
@_spi(Package) import PresentationInspectorCore

/// One event in full: what was asked, what UIKit chose and why (explanation steps),
/// diagnostics in UIKit's wording, the call site, the controllers and the chain after it.
final class EventDetailViewController: UITableViewController {
    private let model: OverlayModel
    private let followsSelection: Bool
    private let fixedSeq: Int?
    private var sections: [(title: String, rows: [(text: String, detail: String?, color: UIColor?)])] = []
    private var observer: Int?

    /// - Parameters:
    ///   - followsSelection: show the model's selected (or latest) event and follow changes.
    ///   - seq: the event to show when not following the selection.
    init(model: OverlayModel, followsSelection: Bool, seq: Int? = nil) {
        self.model = model
        self.followsSelection = followsSelection
        fixedSeq = seq
        super.init(style: .insetGrouped)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    // Live updates while on screen only; the observer goes with the screen.
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if observer == nil { observer = model.addObserver { [weak self] in self?.reload() } }
        reload()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if let observer { model.removeObserver(observer) }
        observer = nil
    }

    private var event: Event? {
        if !followsSelection, let fixedSeq { return model.events.first { $0.seq == fixedSeq } }
        return model.selectedEvent
    }

    private func reload() {
        guard let e = event else {
            sections = [("", [("No event recorded yet.", nil, .secondaryLabel)])]
            tableView.reloadData()
            return
        }
        if !followsSelection { title = "#\(e.seq)" }
        var out: [(String, [(String, String?, UIColor?)])] = []
        var summary: [(String, String?, UIColor?)] = [(e.summary, "\(e.kind.rawValue) · \(e.outcome.rawValue) · \(formatTime(e.time)) · thread \(e.thread)", nil)]
        if let s = e.requestedStyle, let t = e.effectiveStyle {
            summary.append(("Style \(s.name) → \(t.name)", "requested → effective", nil))
        }
        if let a = e.requestedTransition, let b = e.effectiveTransition {
            summary.append(("Transition \(a.name) → \(b.name)", "requested → effective", nil))
        }
        if let r = e.relatesTo { summary.append(("Belongs to event #\(r)", nil, nil)) }
        out.append(("Event #\(e.seq)", summary))
        if !e.diagnostics.isEmpty {
            out.append(("Diagnostics", e.diagnostics.flatMap { d -> [(String, String?, UIColor?)] in
                [(d.message, "\(d.severity.rawValue) · \(d.code.rawValue)", OverlayStyle.color(for: d.severity))]
                    + (d.fix.map { [("Fix: \($0)", "remedy", nil)] } ?? [])
            }))
        }
        // Observation first: what UIKit reported, beside the model's prediction in the other sections.
        if let o = e.observed, !o.isEmpty {
            out.append(("What UIKit reported (observed)", o.fields.map { ("\($0.name): \($0.value)", "observed", nil) }))
        }
        if let sheet = e.sheet {
            out.append(("Sheet (\(sheet.restingSummary))", sheet.fields.map { ("\($0.name): \($0.value)", nil, nil) }))
        }
        if !e.explanation.isEmpty {
            out.append(("Why", e.explanation.enumerated().map { ("\($0.offset + 1). \($0.element)", nil, nil) }))
        }
        if let site = e.callSite { out.append(("Call site", [(site, nil, nil)])) }
        var roles: [(String, String?, UIColor?)] = []
        func role(_ name: String, _ ref: ControllerRef?) { if let ref { roles.append((ref.label, name, nil)) } }
        role("source (original presenter)", e.source)
        role("presented", e.presented)
        role("presenting", e.presenting)
        role("context provider", e.contextProvider)
        role("receiver", e.receiver)
        role("handled by", e.handledBy)
        for d in e.dismissed { roles.append((d.label, "dismissed", nil)) }
        if !roles.isEmpty { out.append((e.observed == nil ? "Controllers" : "Controllers (as the model predicted)", roles)) }
        if !e.chain.isEmpty {
            out.append(("Chain after the event (root first)", e.chain.enumerated().map { ("\($0.offset). \($0.element.label)", nil, nil) }))
        }
        sections = out.map { (title: $0.0, rows: $0.1.map { (text: $0.0, detail: $0.1, color: $0.2) }) }
        tableView.reloadData()
    }

    override func numberOfSections(in tableView: UITableView) -> Int { sections.count }
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].rows.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let row = sections[indexPath.section].rows[indexPath.row]
        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        content.text = row.text
        content.textProperties.numberOfLines = 0
        if let color = row.color { content.textProperties.color = color }
        content.secondaryText = row.detail
        cell.contentConfiguration = content
        cell.selectionStyle = .none
        return cell
    }

    /// Long-press copies a row (messages and steps are meant to be pasted into tickets).
    override func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
                            point: CGPoint) -> UIContextMenuConfiguration? {
        let text = sections[indexPath.section].rows[indexPath.row].text
        return UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in
            UIMenu(children: [UIAction(title: "Copy", image: UIImage(systemName: "doc.on.doc")) { _ in UIPasteboard.general.string = text }])
        }
    }
}
#endif
