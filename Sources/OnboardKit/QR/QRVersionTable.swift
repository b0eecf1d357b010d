/// The per-version figures of ISO/IEC 18004 that the encoder needs: how many codewords a
/// symbol holds, how they split into error correction blocks (Table 9), where the alignment
/// patterns sit (Annex E) and how many remainder bits fill the last modules.
enum QRVersionTable {
    static let versions = 1...40

    /// Error correction codewords in each block, by level, for versions 1...40 (Table 9).
    private static let errorCorrectionCodewordsPerBlock: [QRCode.ErrorCorrection: [Int]] = [
        .low: [
            7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
            28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        .medium: [
            10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
            26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        ],
        .quartile: [
            13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
            28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        .high: [
            17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
            30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
    ]

    /// Error correction blocks, by level, for versions 1...40 (Table 9, both groups together).
    private static let blockCounts: [QRCode.ErrorCorrection: [Int]] = [
        .low: [
            1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
            8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
        ],
        .medium: [
            1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
            17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
        ],
        .quartile: [
            1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
            23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
        ],
        .high: [
            1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
            25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
        ],
    ]

    /// One group of equally long blocks: `count` blocks of `dataCodewords` data codewords each.
    struct BlockGroup: Equatable {
        let count: Int
        let dataCodewords: Int
    }

    /// How the data codewords of a symbol split into blocks. Table 9 lists at most two groups,
    /// the second one codeword longer; that is exactly what dividing the codewords evenly
    /// gives, so the groups are derived rather than listed twice.
    struct BlockLayout: Equatable {
        let errorCorrectionCodewordsPerBlock: Int
        let groups: [BlockGroup]

        var dataCodewords: Int { groups.reduce(0) { $0 + $1.count * $1.dataCodewords } }
    }

    static func blockLayout(version: Int, errorCorrection: QRCode.ErrorCorrection) -> BlockLayout {
        let perBlock = errorCorrectionCodewordsPerBlock[errorCorrection]![version - 1]
        let blocks = blockCounts[errorCorrection]![version - 1]
        let dataCodewords = totalCodewords(version: version) - perBlock * blocks
        let shortLength = dataCodewords / blocks
        let longBlocks = dataCodewords % blocks
        let groups = [
            BlockGroup(count: blocks - longBlocks, dataCodewords: shortLength),
            BlockGroup(count: longBlocks, dataCodewords: shortLength + 1),
        ]
        return BlockLayout(errorCorrectionCodewordsPerBlock: perBlock, groups: groups.filter { $0.count > 0 })
    }

    static func dataCodewords(version: Int, errorCorrection: QRCode.ErrorCorrection) -> Int {
        blockLayout(version: version, errorCorrection: errorCorrection).dataCodewords
    }

    /// The bits of the byte mode's character count indicator (Table 3).
    static func characterCountBits(version: Int) -> Int { version < 10 ? 8 : 16 }

    /// The most bytes byte mode fits: mode indicator, count and data within the data codewords.
    static func byteCapacity(version: Int, errorCorrection: QRCode.ErrorCorrection) -> Int {
        let bits = dataCodewords(version: version, errorCorrection: errorCorrection) * 8
        return (bits - 4 - characterCountBits(version: version)) / 8
    }

    static func size(version: Int) -> Int { 17 + 4 * version }

    /// The centre coordinates (rows and columns alike) of the alignment patterns (Annex E):
    /// 6, the last at size - 7, and those between evenly spaced by an even step, the odd
    /// remainder going to the first gap. Version 32's step is the one exception to the rule.
    static func alignmentCentres(version: Int) -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let last = size(version: version) - 7
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        return [6] + (0..<(count - 1)).map { last - step * $0 }.reversed()
    }

    /// The modules of the data region: everything but the function patterns, format and version
    /// information.
    static func dataModules(version: Int) -> Int {
        let size = size(version: version)
        let alignments = alignmentCentres(version: version).count
        let alignmentPatterns = alignments == 0 ? 0 : alignments * alignments - 3
        // Alignment patterns in the timing row and column overlap the timing pattern by 5 each.
        let alignmentsOnTiming = max(0, alignments - 2) * 2
        let finders = 3 * 64  // each finder with its separator
        let timing = 2 * (size - 16) - alignmentsOnTiming * 5
        let format = 31  // both copies and the dark module
        let versionInformation = version >= 7 ? 36 : 0
        return size * size - finders - alignmentPatterns * 25 - timing - format - versionInformation
    }

    /// Every codeword the symbol holds, data and error correction together.
    static func totalCodewords(version: Int) -> Int { dataModules(version: version) / 8 }

    /// The bits left over after the last codeword, placed as light modules before masking.
    static func remainderBits(version: Int) -> Int { dataModules(version: version) % 8 }
}
