/// A PNG picture a page shows in place of text art or a symbol: the file's own bytes (what
/// the kitty and iTerm2 protocols and an SVG carry), its pixels (for half blocks and sixel)
/// and the words that stand for it where no picture can be shown.
public struct PagePicture: Hashable, Sendable {
    public var raster: RasterImage
    /// The PNG file as read.
    public var png: [UInt8]
    /// What the picture shows, for `--plain`, screen readers and terminals without colour;
    /// made safe for the screen. Empty when the deck gives none.
    public var alt: String

    public init(raster: RasterImage, png: [UInt8], alt: String = "") {
        self.raster = raster
        self.png = png
        self.alt = alt
    }

    /// Pictures are compared by their file's bytes: the pixels follow from them.
    public static func == (left: PagePicture, right: PagePicture) -> Bool {
        left.alt == right.alt && left.png == right.png
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(alt)
        hasher.combine(png.count)
        hasher.combine(raster.width)
        hasher.combine(raster.height)
    }
}

/// The size of one terminal cell in pixels: what turns a picture's pixels into cells. Asked of
/// the terminal where it answers (`CSI 16 t`, else the window size's pixels); otherwise a common
/// size.
public struct CellPixelSize: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    /// What most terminals use at their default font size, when the terminal does not say.
    public static let standard = CellPixelSize(width: 8, height: 16)
}

/// How pictures are drawn into the canvas.
public enum PictureDisplay: Hashable, Sendable {
    /// Upper half blocks (`▀`): the top pixel in the foreground colour, the bottom one in the
    /// background, fitted to the terminal's colours.
    case halfBlocks
    /// Left blank and recorded on the canvas (`Canvas.pictures`) for the shell to draw with a
    /// graphics protocol (kitty, sixel, iTerm2).
    case reserved
    /// Not drawn: the picture's alt text stands for it (no colours: `NO_COLOR`, vt100).
    case altText
}
