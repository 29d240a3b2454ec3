#if canImport(UIKit)
import UIKit
@_spi(Package) import PresentationInspectorCore

/// The live timeline: the drawn ``TimelineLayout`` on top (scrolls both ways; tap a marker),
/// and every event below, newest first (tap one for its detail). Also what FLEX's
/// "Presentations" entry opens.
final class TimelineViewController: UITableViewController {
    /// Called with the seq of the event the user picked; nil pushes the detail instead.
    var onSelect: ((Int) -> Void)?

    private let model: OverlayModel
    private var rows: [Event] = []
    private let graphScroll = LayoutScrollView()
    private var layout: TimelineLayout?
    private var observer: Int?

    init(model: OverlayModel) {
        self.model = model
        super.init(style: .plain)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        if title == nil { title = "Presentations" }
        let export = UIMenu(title: "Export", children: [ExportFormat.jsonl, .html, .perfetto, .text].map { format in
            UIAction(title: format.rawValue.uppercased()) { [weak self] _ in
                guard let self else { return }
                ExportViewController.share(format, from: self, sourceView: self.view)
            }
        })
        navigationItem.rightBarButtonItems = [
            UIBarButtonItem(title: nil, image: UIImage(systemName: "square.and.arrow.up"), primaryAction: nil, menu: export),
            UIBarButtonItem(title: "Clear", primaryAction: UIAction { [weak self] _ in self?.model.clear() }),
        ]
        graphScroll.backgroundColor = .secondarySystemBackground
        graphScroll.drawLayout = { [weak self] visible in
            guard let layout = self?.layout else { return }
            TimelineDrawing.draw(layout, in: visible)
        }
        graphScroll.contentView.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(tappedTimeline(_:))))
    }

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

    /// The header keeps the table's width (rotation, split view, a size class change).
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard tableView.tableHeaderView === graphScroll, graphScroll.frame.width != tableView.bounds.width else { return }
        graphScroll.frame.size.width = tableView.bounds.width
        tableView.tableHeaderView = graphScroll
    }

    private func reload() {
        rows = model.events.reversed()
        let layout = TimelineLayout.make(events: model.events, options: TimelineLayout.Options(targetWidth: 640, laneTitleWidth: 150, laneHeight: 34))
        self.layout = layout
        let size = CGSize(width: layout.size.width, height: layout.size.height)
        let summaries = Dictionary(model.events.map { ($0.seq, $0.summary) }, uniquingKeysWith: { a, _ in a })
        graphScroll.show(layoutSize: size, elements: layout.markers.map { m in
            let r = max(m.radius, 6)
            return (summaries[m.marker.seq] ?? "event \(m.marker.seq)", CGRect(x: m.center.x - r, y: m.center.y - r, width: 2 * r, height: 2 * r))
        })
        graphScroll.frame = CGRect(x: 0, y: 0, width: tableView.bounds.width, height: min(max(size.height * graphScroll.textScale, 60), 240))
        tableView.tableHeaderView = model.events.isEmpty ? nil : graphScroll
        tableView.reloadData()
    }

    @objc private func tappedTimeline(_ gesture: UITapGestureRecognizer) {
        guard let layout else { return }
        let p = graphScroll.layoutPoint(gesture.location(in: graphScroll.contentView))
        let hit = layout.markers.min { distance($0.center, p) < distance($1.center, p) }
        if let hit, distance(hit.center, p) <= max(hit.radius * 3, 12) { select(hit.marker.seq) }
    }

    private func distance(_ a: LayoutPoint, _ b: CGPoint) -> Double { hypot(a.x - b.x, a.y - b.y) }

    private func select(_ seq: Int) {
        if let onSelect { onSelect(seq); return }
        model.selectedSeq = seq
        navigationController?.pushViewController(EventDetailViewController(model: model, followsSelection: false, seq: seq), animated: true)
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { max(rows.count, 1) }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        guard !rows.isEmpty else { return nil }
        return ProblemFocus.heading(events: rows, dropped: model.droppedCount)
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        guard !rows.isEmpty else {
            content.text = model.hasSession ? "No presentation recorded yet." : "PresentationInspector.start() was not called."
            content.textProperties.color = .secondaryLabel
            cell.contentConfiguration = content
            cell.selectionStyle = .none
            return cell
        }
        let e = rows[indexPath.row]
        content.text = e.summary
        content.textProperties.font = .preferredFont(forTextStyle: .subheadline)
        content.textProperties.numberOfLines = 3
        var details: [String] = []
        if let style = e.effectiveStyle { details.append(style.name) }
        details += e.diagnostics.map { "\($0.severity.rawValue): \($0.code.rawValue)" }
        if let site = e.callSite { details.append(site) }
        content.secondaryText = details.joined(separator: " · ")
        content.secondaryTextProperties.numberOfLines = 2
        content.image = UIImage(systemName: OverlayStyle.symbol(for: e.maxSeverity))
        content.imageProperties.tintColor = OverlayStyle.color(for: e.maxSeverity)
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard !rows.isEmpty else { return }
        select(rows[indexPath.row].seq)
    }
}

/// Draws a ``TimelineLayout``: lane bands and titles, lifetime bars, transition segments,
/// markers and the time axis; those that meet the visible rectangle only.
@MainActor
enum TimelineDrawing {
    static func draw(_ layout: TimelineLayout, in visible: CGRect) {
        let labelAttributes: [NSAttributedString.Key: Any] = [.font: OverlayStyle.labelFont, .foregroundColor: UIColor.label]
        let tickAttributes: [NSAttributedString.Key: Any] = [.font: OverlayStyle.labelFont, .foregroundColor: UIColor.secondaryLabel]
        for (i, lane) in layout.lanes.enumerated() where lane.frame.cgRect.intersects(visible) {
            (i.isMultiple(of: 2) ? UIColor.secondarySystemBackground : UIColor.systemBackground).setFill()
            UIRectFill(lane.frame.cgRect)
            (lane.title as NSString).draw(at: CGPoint(x: 6, y: lane.frame.y + 4), withAttributes: labelAttributes)
        }
        for tick in layout.ticks where tick.x + 80 >= visible.minX && tick.x <= visible.maxX {
            UIColor.separator.setFill()
            UIRectFill(CGRect(x: tick.x, y: layout.options.axisHeight - 6, width: 1, height: layout.size.height))
            (tick.label as NSString).draw(at: CGPoint(x: tick.x + 3, y: 4), withAttributes: tickAttributes)
        }
        for bar in layout.bars where bar.frame.cgRect.intersects(visible) {
            let color: UIColor = bar.lifetime.isWindowRoot ? .systemGray3 : .systemTeal
            color.withAlphaComponent(bar.lifetime.isOpen ? 0.8 : 0.5).setFill()
            UIBezierPath(roundedRect: bar.frame.cgRect, cornerRadius: 3).fill()
        }
        for segment in layout.segments where segment.frame.cgRect.intersects(visible) {
            (segment.transition.direction == .present ? UIColor.systemGreen : UIColor.systemOrange).setFill()
            UIBezierPath(roundedRect: segment.frame.cgRect, cornerRadius: 2).fill()
        }
        // The presenter stays interactive below an undimmed sheet: a strip along its bar.
        for band in layout.bands where band.frame.cgRect.intersects(visible) {
            UIColor.systemGreen.setFill()
            UIRectFill(band.frame.cgRect)
        }
        for m in layout.markers {
            let r = m.radius
            let frame = CGRect(x: m.center.x - r, y: m.center.y - r, width: 2 * r, height: 2 * r)
            guard frame.intersects(visible) else { continue }
            let color: UIColor
            switch m.marker.kind {
            case .request: color = .systemBlue
            case .rejection: color = .systemRed
            case .diagnostic: color = OverlayStyle.color(for: m.marker.severity)
            case .interactive: color = .systemPurple
            case .detent: color = .systemGreen
            }
            color.setFill()
            UIBezierPath(ovalIn: frame).fill()
        }
    }
}

extension LayoutRect {
    /// The rectangle in UIKit's coordinates (same orientation: y grows downwards).
    var cgRect: CGRect { CGRect(x: x, y: y, width: width, height: height) }
}

extension LayoutPoint {
    var cgPoint: CGPoint { CGPoint(x: x, y: y) }
}
#endif
