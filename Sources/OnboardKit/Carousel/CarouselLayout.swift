/// Where everything of the carousel goes on a screen of a given size. Rendering and mouse
/// hit-testing both read it, so a click lands on exactly what was drawn.
public struct CarouselLayout: Hashable, Sendable {
    public static let minimumWidth = 24
    public static let minimumHeight = 8

    public let width: Int
    public let height: Int
    public let pageIndex: Int
    public let pageCount: Int
    public let labels: ButtonLabels
    /// Right-to-left puts the first dot at the right, Back at the right and Next at the left,
    /// their arrows pointing the way each goes.
    public let direction: LayoutDirection

    public init(
        width: Int, height: Int, pageIndex: Int, pageCount: Int, labels: ButtonLabels,
        direction: LayoutDirection = .leftToRight
    ) {
        self.width = width
        self.height = height
        self.pageIndex = pageIndex
        self.pageCount = pageCount
        self.labels = labels
        self.direction = direction
    }

    var isMirrored: Bool { direction == .rightToLeft }

    public var isTooSmall: Bool { width < CarouselLayout.minimumWidth || height < CarouselLayout.minimumHeight }
    var isFirst: Bool { pageIndex == 0 }
    var isLast: Bool { pageIndex == pageCount - 1 }

    /// Row 0: the app's name and Skip.
    public var topBarRow: Int { 0 }
    /// The rows pages slide in.
    public var content: Rect { Rect(x: 0, y: 1, width: width, height: height - 3) }
    public var dotsRow: Int { height - 2 }
    public var controlsRow: Int { height - 1 }

    /// Button captions are cut so the row always fits: Back and Next share it, under half each.
    /// ASCII arrows: one byte each where ‹ › take three on every page change that draws Back,
    /// and every console font has them.
    var captionLimit: Int { max(4, width / 2 - 4) }
    /// Captions are in visual order (drawn left-to-right): the arrow at the outer side.
    /// The label is the deck's: where it could be reordered, it is an isolate of its own, so
    /// the arrow stays on its side.
    public var backCaption: String {
        let label = LinePiece.value(TextLayout.truncate(labels.back, width: captionLimit - 2))
        return BidiText.line(isMirrored ? [label, .text(" >")] : [.text("< "), label], rightToLeft: false)
    }
    public var nextCaption: String {
        let label = LinePiece.value(TextLayout.truncate(labels.next, width: captionLimit - 2))
        return BidiText.line(isMirrored ? [.text("< "), label] : [label, .text(" >")], rightToLeft: false)
    }
    public var doneCaption: String { " " + TextLayout.truncate(labels.done, width: captionLimit - 2) + " " }
    public var skipCaption: String { TextLayout.truncate(labels.skip, width: captionLimit) }

    public var backButton: Rect? {
        isFirst ? nil : button(DisplayWidth.of(backCaption), atLeadingSide: true)
    }

    public var nextButton: Rect? {
        isLast ? nil : button(DisplayWidth.of(nextCaption), atLeadingSide: false)
    }

    public var doneButton: Rect? {
        isLast ? button(DisplayWidth.of(doneCaption), atLeadingSide: false) : nil
    }

    /// A button on the controls row, two columns in from the side where reading starts (the
    /// left, or the right when mirrored) or from the other side.
    private func button(_ captionWidth: Int, atLeadingSide leading: Bool) -> Rect {
        let atLeft = leading != isMirrored
        return Rect(x: atLeft ? 2 : width - 2 - captionWidth, y: controlsRow, width: captionWidth, height: 1)
    }

    public var skipButton: Rect? {
        guard !isLast else { return nil }
        let captionWidth = DisplayWidth.of(skipCaption)
        return Rect(x: isMirrored ? 2 : width - 2 - captionWidth, y: topBarRow, width: captionWidth, height: 1)
    }

    /// Dots need two columns a page; when they do not fit the compact "4 / 37" form is used.
    public var usesCompactProgress: Bool { pageCount * 2 - 1 > width - 4 }

    /// The column of each dot, for clicks; empty in the compact form.
    public var dotColumns: [Int] {
        guard !usesCompactProgress else { return [] }
        let start = (width - (pageCount * 2 - 1)) / 2
        return (0..<pageCount).map { start + (isMirrored ? pageCount - 1 - $0 : $0) * 2 }
    }

    /// The page a dot at this column stands for (a dot and the space after it both count).
    public func page(atDotColumn column: Int) -> Int? {
        guard let left = dotColumns.min(), let right = dotColumns.max(), column >= left - 1, column <= right + 1
        else { return nil }
        let fromLeft = min(pageCount - 1, max(0, (column - left + 1) / 2))
        return isMirrored ? pageCount - 1 - fromLeft : fromLeft
    }
}
