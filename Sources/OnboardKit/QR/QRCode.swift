/// A QR Code symbol (ISO/IEC 18004 model 2): its modules, dark or light. Encodes text in
/// byte mode (its UTF-8 bytes, no ECI header), which is what URLs need.
public struct QRCode: Sendable, Equatable {
    /// How much of the symbol may be damaged and still read: about 7, 15, 25 and 30 %.
    public enum ErrorCorrection: Sendable, CaseIterable {
        case low, medium, quartile, high
    }

    public enum EncodingError: Error, Equatable {
        /// `bytes` of UTF-8 exceed the `limit` version 40 holds at the level.
        case tooLong(bytes: Int, limit: Int)
    }

    public let version: Int
    public let errorCorrection: ErrorCorrection
    public let mask: Int
    /// Row by row, true for dark.
    private let modules: [Bool]

    public var size: Int { QRVersionTable.size(version: version) }

    /// Whether the module is dark; false outside the matrix, so that a quiet zone reads as light.
    public func isDark(row: Int, column: Int) -> Bool {
        guard (0..<size).contains(row), (0..<size).contains(column) else { return false }
        return modules[row * size + column]
    }

    /// Byte mode (UTF-8 bytes of `text`), smallest version 1...40 that fits at `errorCorrection`,
    /// mask chosen by the standard's penalty rules (ISO/IEC 18004 §7.8.3), unless `mask` (0...7) is given.
    /// A mask outside 0...7 is a programming error and traps.
    public static func encode(_ text: String, errorCorrection: ErrorCorrection = .medium, mask: Int? = nil) throws
        -> QRCode
    {
        precondition(mask.map { (0...7).contains($0) } ?? true, "mask \(mask!) is not 0...7")
        let data = Array(text.utf8)
        guard let version = smallestVersion(holding: data.count, errorCorrection: errorCorrection) else {
            let limit = QRVersionTable.byteCapacity(version: 40, errorCorrection: errorCorrection)
            throw EncodingError.tooLong(bytes: data.count, limit: limit)
        }
        let layout = QRVersionTable.blockLayout(version: version, errorCorrection: errorCorrection)
        let dataCodewords = QRBitBuffer.byteModeCodewords(
            data, countBits: QRVersionTable.characterCountBits(version: version), capacity: layout.dataCodewords)
        var grid = QRModuleGrid(version: version)
        grid.placeCodewords(finalMessage(dataCodewords, layout: layout))
        let chosen = mask.map(QRMask.init) ?? bestMask(for: grid)
        grid.applyMask(chosen)
        grid.drawInformation(version: version, errorCorrection: errorCorrection, mask: chosen.pattern)
        return QRCode(version: version, errorCorrection: errorCorrection, mask: chosen.pattern, modules: grid.dark)
    }

    static func smallestVersion(holding bytes: Int, errorCorrection: ErrorCorrection) -> Int? {
        QRVersionTable.versions.first {
            QRVersionTable.byteCapacity(version: $0, errorCorrection: errorCorrection) >= bytes
        }
    }

    /// The data codewords split into blocks, each block's error correction appended, then
    /// interleaved (§7.6): the first codeword of every block, the second of every block, …
    /// (the longer blocks' last ones at the end), and likewise the error correction codewords.
    static func finalMessage(_ data: [UInt8], layout: QRVersionTable.BlockLayout) -> [UInt8] {
        let coder = QRReedSolomon(errorCorrectionCodewords: layout.errorCorrectionCodewordsPerBlock)
        var blocks: [[UInt8]] = []
        var start = 0
        for group in layout.groups {
            for _ in 0..<group.count {
                blocks.append(Array(data[start..<start + group.dataCodewords]))
                start += group.dataCodewords
            }
        }
        return interleave(blocks) + interleave(blocks.map(coder.errorCorrection(for:)))
    }

    private static func interleave(_ blocks: [[UInt8]]) -> [UInt8] {
        let longest = blocks.map(\.count).max() ?? 0
        return (0..<longest).flatMap { index in blocks.compactMap { index < $0.count ? $0[index] : nil } }
    }

    /// The mask with the lowest penalty, the lowest-numbered one on a tie (§7.8.3).
    static func bestMask(for grid: QRModuleGrid) -> QRMask {
        var best = (mask: QRMask.all[0], score: Int.max)
        for mask in QRMask.all {
            var masked = grid
            masked.applyMask(mask)
            let score = QRPenalty.score(masked)
            if score < best.score { best = (mask, score) }
        }
        return best.mask
    }
}
