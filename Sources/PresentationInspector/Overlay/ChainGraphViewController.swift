#if canImport(UIKit)
import UIKit
@_spi(Package) import PresentationInspectorCore

/// The chain graph: who presents whom, who asked, who provided the context, per window —
/// either right now (after the latest event) or over the whole recording.
final class ChainGraphViewController: UIViewController {
    private let model: OverlayModel
    private let scroll = LayoutScrollView()
    private var layout: ChainGraphLayout?
    private let mode = UISegmentedControl(items: ["Now", "History"])
    private var observer: Int?

    init(model: OverlayModel) {
        self.model = model
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        scroll.frame = view.bounds
        scroll.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scroll.minimumZoomScale = 0.25
        scroll.maximumZoomScale = 3
        scroll.delegate = self
        scroll.drawLayout = { [weak self] visible in
            guard let layout = self?.layout else { return }
            ChainGraphDrawing.draw(layout, in: visible)
        }
        view.addSubview(scroll)
        mode.selectedSegmentIndex = 0
        mode.addAction(UIAction { [weak self] _ in self?.reload() }, for: .valueChanged)
        navigationItem.titleView = mode
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

    private func reload() {
        let events = model.events
        // The history is the recent part of the recording: its size does not grow with the app's life.
        let graph = mode.selectedSegmentIndex == 0 ? ChainGraph.make(events: events, at: events.last?.seq) : ChainGraph.recentHistory(events: events)
        let layout = ChainGraphLayout.make(graph: graph)
        self.layout = layout
        navigationItem.prompt = layout.graph.note
        scroll.show(layoutSize: CGSize(width: layout.size.width, height: layout.size.height),
                    elements: layout.nodes.map { n in (n.lines.joined(separator: ", "), n.frame.cgRect) })
    }
}

extension ChainGraphViewController: UIScrollViewDelegate {
    func viewForZooming(in scrollView: UIScrollView) -> UIView? { scroll.contentView }
}

/// Draws a ``ChainGraphLayout``: window boxes, controller boxes and the four kinds of edges
/// (containment grey, presentation solid blue, source dashed purple, context dotted green),
/// those that meet the visible rectangle only.
@MainActor
enum ChainGraphDrawing {
    static func draw(_ layout: ChainGraphLayout, in visible: CGRect) {
        let text: [NSAttributedString.Key: Any] = [.font: OverlayStyle.labelFont, .foregroundColor: UIColor.label]
        let bold: [NSAttributedString.Key: Any] = [.font: OverlayStyle.boldLabelFont, .foregroundColor: UIColor.label]
        let muted: [NSAttributedString.Key: Any] = [.font: OverlayStyle.labelFont, .foregroundColor: UIColor.secondaryLabel]

        for box in layout.windows where box.frame.cgRect.intersects(visible) {
            let path = UIBezierPath(roundedRect: box.frame.cgRect, cornerRadius: 8)
            UIColor.separator.setStroke()
            path.lineWidth = 1
            path.stroke()
            ("window \(box.window)" as NSString).draw(at: CGPoint(x: box.frame.x + 8, y: box.frame.y + 4), withAttributes: muted)
        }
        for e in layout.edges where bounds(of: e).intersects(visible) { drawEdge(e, attributes: muted) }
        for n in layout.nodes where n.frame.cgRect.intersects(visible) {
            let frame = n.frame.cgRect
            let path = UIBezierPath(roundedRect: frame, cornerRadius: 6)
            (n.node.isPresented ? UIColor.systemTeal.withAlphaComponent(0.2) : UIColor.secondarySystemBackground).setFill()
            path.fill()
            (n.node.definesContext ? UIColor.systemGreen : n.node.isWindowRoot ? UIColor.label : UIColor.systemGray).setStroke()
            path.lineWidth = n.node.isWindowRoot ? 2 : 1
            path.stroke()
            var y = frame.minY + 6
            for (i, line) in n.lines.enumerated() {
                (line as NSString).draw(at: CGPoint(x: frame.minX + 8, y: y), withAttributes: i == 0 ? bold : (i == n.lines.count - 1 ? muted : text))
                y += TextMetrics.lineHeight
            }
        }
    }

    /// A rectangle holding the edge's curve (its control points bound it), arrowhead and label.
    private static func bounds(of e: ChainGraphLayout.PlacedEdge) -> CGRect {
        var xs = [e.start.x, e.end.x, e.labelPosition.x + 200], ys = [e.start.y, e.end.y, e.labelPosition.y - 8]
        for piece in e.segments {
            xs += [piece.control1.x, piece.control2.x, piece.end.x]
            ys += [piece.control1.y, piece.control2.y, piece.end.y]
        }
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return CGRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY + 16).insetBy(dx: -8, dy: -8)
    }

    private static func drawEdge(_ e: ChainGraphLayout.PlacedEdge, attributes: [NSAttributedString.Key: Any]) {
        let path = UIBezierPath()
        path.move(to: e.start.cgPoint)
        for piece in e.segments {
            path.addCurve(to: piece.end.cgPoint, controlPoint1: piece.control1.cgPoint, controlPoint2: piece.control2.cgPoint)
        }
        let color: UIColor
        switch e.edge.kind {
        case .container: color = .systemGray2
        case .presentation: color = .systemBlue
        case .source: color = .systemPurple; path.setLineDash([6, 4], count: 2, phase: 0)
        case .context: color = .systemGreen; path.setLineDash([2, 3], count: 2, phase: 0)
        case .rejected: color = .systemRed; path.setLineDash([4, 3], count: 2, phase: 0)
        }
        (e.edge.isActive ? color : color.withAlphaComponent(0.35)).setStroke()
        path.lineWidth = e.edge.kind == .presentation ? 2 : 1
        path.stroke()
        // The arrow points along the last piece's final tangent.
        let from = e.segments.last?.control2 ?? e.start
        drawArrowhead(at: e.end.cgPoint, from: from.cgPoint, color: e.edge.isActive ? color : color.withAlphaComponent(0.35))
        if e.edge.kind != .container {
            let label = e.edge.kind == .presentation ? (e.edge.style?.name ?? "presents") : e.edge.kind.rawValue
            (label as NSString).draw(at: CGPoint(x: e.labelPosition.x + 4, y: e.labelPosition.y - 8), withAttributes: attributes)
        }
    }

    private static func drawArrowhead(at tip: CGPoint, from control: CGPoint, color: UIColor) {
        let angle = atan2(tip.y - control.y, tip.x - control.x)
        let size: CGFloat = 7
        let head = UIBezierPath()
        head.move(to: tip)
        head.addLine(to: CGPoint(x: tip.x - size * cos(angle - .pi / 7), y: tip.y - size * sin(angle - .pi / 7)))
        head.addLine(to: CGPoint(x: tip.x - size * cos(angle + .pi / 7), y: tip.y - size * sin(angle + .pi / 7)))
        head.close()
        color.setFill()
        head.fill()
    }
}
#endif
