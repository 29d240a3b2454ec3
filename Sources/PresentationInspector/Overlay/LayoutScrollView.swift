#if canImport(UIKit)
import UIKit
@_spi(Package) import PresentationInspectorCore

/// A scroll view showing a drawn layout (the timeline, the chain graph) of any size.
///
/// A view that draws (`draw(_:)`) gets a backing store of its bounds × the screen scale², so a
/// view drawing a whole 20,000-point layout would hold hundreds of megabytes. Here only
/// ``canvas``, the size of the visible area, draws: it follows the scroll position and draws the
/// part of the layout it covers. ``contentView`` stands for the whole layout (scrolled, zoomed,
/// tapped, and the container of the VoiceOver elements) and draws nothing, so it has no backing
/// store.
///
/// Text follows Dynamic Type: the layouts are computed for a 12-point font, so the whole drawing
/// is scaled by `UIFontMetrics.default`'s factor for the current content size category.
@MainActor
final class LayoutScrollView: UIScrollView {
    /// Stands for the whole layout (its size × ``textScale``); return it from `viewForZooming(in:)`.
    let contentView = UIView()
    private let canvas = LayoutCanvasView()

    /// Draws the layout's elements that meet the given rectangle, in layout coordinates.
    var drawLayout: ((CGRect) -> Void)? {
        didSet { canvas.setNeedsDisplay() }
    }

    /// The layout's size, in layout coordinates.
    private(set) var layoutSize = CGSize.zero
    /// The VoiceOver elements, in layout coordinates (scaled again when the text size changes).
    private var elements: [(label: String, frame: CGRect)] = []

    /// How much larger than the layout's 12-point text the user's text size is.
    var textScale: CGFloat { UIFontMetrics.default.scaledValue(for: 1, compatibleWith: traitCollection) }

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .systemBackground
        addSubview(contentView)
        canvas.isUserInteractionEnabled = false
        canvas.isAccessibilityElement = false
        canvas.owner = self
        addSubview(canvas)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// Shows a layout of `size` (layout coordinates) and the VoiceOver elements describing it
    /// (`elements`: a label and a frame in layout coordinates each), keeping the zoom.
    func show(layoutSize size: CGSize, elements: [(label: String, frame: CGRect)]) {
        layoutSize = size
        self.elements = elements
        let scale = textScale
        let zoom = zoomScale
        zoomScale = 1
        contentView.frame = CGRect(x: 0, y: 0, width: size.width * scale, height: size.height * scale)
        contentSize = contentView.frame.size
        zoomScale = zoom
        contentView.accessibilityElements = elements.map { item in
            let element = UIAccessibilityElement(accessibilityContainer: contentView)
            element.accessibilityLabel = item.label
            element.accessibilityFrameInContainerSpace = CGRect(x: item.frame.minX * scale, y: item.frame.minY * scale,
                                                                 width: item.frame.width * scale, height: item.frame.height * scale)
            return element
        }
        setNeedsLayout()
        canvas.setNeedsDisplay()
    }

    /// The layout point under a point of ``contentView``.
    func layoutPoint(_ point: CGPoint) -> CGPoint {
        let scale = textScale
        return CGPoint(x: point.x / scale, y: point.y / scale)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        // Scrolling changes the bounds' origin: the canvas stays over the visible area.
        if canvas.frame != bounds {
            canvas.frame = bounds
        }
        canvas.setNeedsDisplay()
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if previousTraitCollection?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory {
            show(layoutSize: layoutSize, elements: elements)
        }
    }

    /// Draws the visible part of the layout into the current context (the canvas's).
    fileprivate func drawVisiblePart(in context: CGContext) {
        guard let drawLayout, contentView.bounds.width > 0 else { return }
        // The visible area in the content view's coordinates: zoom is the content view's transform.
        let visible = contentView.convert(bounds, from: self)
        guard visible.width > 0, visible.height > 0 else { return }
        let zoom = bounds.width / visible.width
        let scale = textScale
        context.scaleBy(x: zoom, y: zoom)
        context.translateBy(x: -visible.minX, y: -visible.minY)
        context.scaleBy(x: scale, y: scale)
        drawLayout(CGRect(x: visible.minX / scale, y: visible.minY / scale, width: visible.width / scale, height: visible.height / scale))
    }
}

/// The view that draws: the size of the visible area, never of the layout.
private final class LayoutCanvasView: UIView {
    weak var owner: LayoutScrollView?

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        backgroundColor = .clear
        contentMode = .redraw
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        owner?.drawVisiblePart(in: context)
    }
}
#endif
