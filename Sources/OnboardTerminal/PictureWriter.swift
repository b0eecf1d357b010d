import CSixel
import FoundationEssentials
import OnboardKit

/// Draws the canvas's pictures (`Canvas.pictures`) with a graphics protocol, over the cells the
/// page left blank, and takes them away again. Pictures are sent only when they change (a page
/// comes to rest, another page, a resize): a picture at rest costs nothing.
final class PictureWriter {
    let kind: PictureProtocol
    let cellSize: CellPixelSize
    /// What the terminal shows now.
    private(set) var shown: [PicturePlacement] = []
    /// kitty's image ids of what is shown, in `shown`'s order.
    private var ids: [UInt32] = []
    private var nextID: UInt32 = 1

    init(kind: PictureProtocol, cellSize: CellPixelSize) {
        self.kind = kind
        self.cellSize = cellSize
    }

    /// What changes on screen for `placements`: the rectangles whose cells the terminal must
    /// draw again (where a sixel or iTerm2 picture was, which only new text covers), and the
    /// bytes, written after the frame, that take kitty's pictures away and draw the new ones.
    func change(to placements: [PicturePlacement]) -> (redrawn: [Rect], bytes: [UInt8])? {
        guard placements != shown else { return nil }
        var bytes = removingBytes()
        let redrawn = kind == .kitty ? [] : shown.map(\.rect)
        shown = placements
        ids = []
        for placement in placements {
            let id = nextID
            nextID = nextID == UInt32.max ? 1 : nextID + 1
            ids.append(id)
            bytes += draw(placement, id: id)
        }
        return (redrawn, bytes)
    }

    /// Forgets what is shown: the screen was erased (a resize, a resume) or is being left. The
    /// bytes take kitty's pictures away, which an erase leaves in place.
    func reset() -> [UInt8] {
        let bytes = removingBytes()
        shown = []
        ids = []
        return bytes
    }

    private func removingBytes() -> [UInt8] {
        guard kind == .kitty else { return [] }
        return ids.flatMap { Array("\u{1B}_Ga=d,d=I,i=\($0),q=2\u{1B}\\".utf8) }
    }

    /// The picture at its place: the cursor is saved, moved to its top left cell, and restored
    /// after, where ncurses believes it is.
    func draw(_ placement: PicturePlacement, id: UInt32) -> [UInt8] {
        let rect = placement.rect
        var bytes = Array("\u{1B}7\u{1B}[\(rect.y + 1);\(rect.x + 1)H".utf8)
        switch kind {
        case .kitty: bytes += Self.kittyBytes(placement.picture.png, id: id, columns: rect.width, rows: rect.height)
        case .iterm: bytes += Self.itermBytes(placement.picture.png, columns: rect.width, rows: rect.height)
        case .sixel: bytes += sixelBytes(placement)
        case .blocks, .none: return []
        }
        return bytes + Array("\u{1B}8".utf8)
    }

    /// kitty's protocol: the PNG file in base64 chunks of 4096, shown over `columns` x `rows`
    /// cells, the cursor left where it is (`C=1`), no answers (`q=2`).
    static func kittyBytes(_ png: [UInt8], id: UInt32, columns: Int, rows: Int) -> [UInt8] {
        let encoded = Array(Data(png).base64EncodedString().utf8)
        var bytes: [UInt8] = []
        var offset = 0
        repeat {
            let end = min(encoded.count, offset + 4096)
            let more = end < encoded.count ? 1 : 0
            let control =
                offset == 0 ? "a=T,f=100,t=d,i=\(id),c=\(columns),r=\(rows),C=1,q=2,m=\(more)" : "m=\(more),q=2"
            bytes += Array("\u{1B}_G\(control);".utf8) + encoded[offset..<end] + Array("\u{1B}\\".utf8)
            offset = end
        } while offset < encoded.count
        return bytes
    }

    /// iTerm2's inline image: the PNG file over `columns` x `rows` cells, its shape kept.
    static func itermBytes(_ png: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        Array(
            "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(columns);height=\(rows);preserveAspectRatio=1:".utf8)
            + Array(Data(png).base64EncodedString().utf8) + [0x07]
    }

    /// Sixel: the pixels scaled to the cells' pixels, laid over the page's background, on a
    /// palette libsixel chooses. Empty if libsixel fails (the cells then stay blank).
    func sixelBytes(_ placement: PicturePlacement) -> [UInt8] {
        let width = placement.rect.width * cellSize.width
        let height = placement.rect.height * cellSize.height
        let background = placement.background.components ?? (0, 0, 0)
        var pixels = placement.picture.raster.scaledRGB(width: width, height: height, over: background)
        var buffer = tui_sixel_buffer(data: nil, size: 0, capacity: 0, failed: 0)
        defer { tui_sixel_free(&buffer) }
        let status = pixels.withUnsafeMutableBufferPointer {
            tui_sixel_encode_rgb($0.baseAddress, Int32(width), Int32(height), &buffer)
        }
        guard status == 0, let data = buffer.data else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: buffer.size))
    }
}
