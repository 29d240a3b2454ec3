#if canImport(UIKit)
import UIKit
import PresentationInspectorCore

/// The live timeline: the drawn ``TimelineLayout`` on top (scrolls both ways; tap a marker),
/// and every event below, newest first (tap one for its detail). Also what FLEX's
/// "Presentations" entry opens.
final class TimelineViewController: UITableViewController {
    /// Called with the seq of the event the user picked; nil pushes the detail instead.
    var onSelect: ((Int) -> Void)?

    private let model: OverlayModel
    private var rows: [Event] = []
    private let graphScroll = UIScrollView()
    private let graphView = TimelineView()

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
        graphScroll.addSubview(graphView)
        graphScroll.backgroundColor = .secondarySystemBackground
        graphView.onTapMarker = { [weak self] seq in self?.select(seq) }
        // The model lives as long as the overlay's controllers; a weak capture is enough.
        _ = model.addObserver { [weak self] in self?.reload() }
        reload()
    }

    private func reload() {
        rows = model.events.reversed()
        let layout = TimelineLayout.make(events: model.events, options: TimelineLayout.Options(targetWidth: 640, laneTitleWidth: 150, laneHeight: 34))
        graphView.layout = layout
        let size = CGSize(width: layout.size.width, height: layout.size.height)
        graphView.frame = CGRect(origin: .zero, size: size)
        graphScroll.contentSize = size
        graphScroll.frame = CGRect(x: 0, y: 0, width: tableView.bounds.width, height: min(max(size.height, 60), 240))
        tableView.tableHeaderView = model.events.isEmpty ? nil : graphScroll
        tableView.reloadData()
    }

    private func select(_ seq: Int) {
        if let onSelect { onSelect(seq); return }
        model.selectedSeq = seq
        navigationController?.pushViewController(EventDetailViewController(model: model, followsSelection: false, seq: seq), animated: true)
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { max(rows.count, 1) }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        guard !rows.isEmpty else { return nil }
        let dropped = model.droppedCount
        return "\(rows.count) events" + (dropped > 0 ? " (\(dropped) older ones dropped)" : "")
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
/// markers and the time axis.
final class TimelineView: UIView {
    var layout: TimelineLayout? { didSet { setNeedsDisplay() } }
    /// Called with the seq of a tapped marker.
    var onTapMarker: ((Int) -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(tapped(_:))))
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    @objc private func tapped(_ gesture: UITapGestureRecognizer) {
        guard let layout else { return }
        let p = gesture.location(in: self)
        let hit = layout.markers.min { distance($0.center, p) < distance($1.center, p) }
        if let hit, distance(hit.center, p) <= max(hit.radius * 3, 12) { onTapMarker?(hit.marker.seq) }
    }

    private func distance(_ a: LayoutPoint, _ b: CGPoint) -> Double { hypot(a.x - b.x, a.y - b.y) }

    override func draw(_ rect: CGRect) {
        guard let layout else { return }
        let labelAttributes: [NSAttributedString.Key: Any] = [.font: OverlayStyle.labelFont, .foregroundColor: UIColor.label]
        let tickAttributes: [NSAttributedString.Key: Any] = [.font: OverlayStyle.labelFont, .foregroundColor: UIColor.secondaryLabel]
        for (i, lane) in layout.lanes.enumerated() {
            (i.isMultiple(of: 2) ? UIColor.secondarySystemBackground : UIColor.systemBackground).setFill()
            UIRectFill(lane.frame.cgRect)
            (lane.title as NSString).draw(at: CGPoint(x: 6, y: lane.frame.y + 4), withAttributes: labelAttributes)
        }
        for tick in layout.ticks {
            UIColor.separator.setFill()
            UIRectFill(CGRect(x: tick.x, y: layout.options.axisHeight - 6, width: 1, height: layout.size.height))
            (tick.label as NSString).draw(at: CGPoint(x: tick.x + 3, y: 4), withAttributes: tickAttributes)
        }
        for bar in layout.bars {
            let color: UIColor = bar.lifetime.isWindowRoot ? .systemGray3 : .systemTeal
            color.withAlphaComponent(bar.lifetime.isOpen ? 0.8 : 0.5).setFill()
            UIBezierPath(roundedRect: bar.frame.cgRect, cornerRadius: 3).fill()
        }
        for segment in layout.segments {
            (segment.transition.direction == .present ? UIColor.systemGreen : UIColor.systemOrange).setFill()
            UIBezierPath(roundedRect: segment.frame.cgRect, cornerRadius: 2).fill()
        }
        for m in layout.markers {
            let color: UIColor
            switch m.marker.kind {
            case .request: color = .systemBlue
            case .rejection: color = .systemRed
            case .diagnostic: color = OverlayStyle.color(for: m.marker.severity)
            case .interactive: color = .systemPurple
            }
            color.setFill()
            let r = m.radius
            UIBezierPath(ovalIn: CGRect(x: m.center.x - r, y: m.center.y - r, width: 2 * r, height: 2 * r)).fill()
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
