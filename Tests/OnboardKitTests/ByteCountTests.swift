import Testing

@testable import OnboardKit

/// Sizes in messages, one rule for all: the largest binary unit the size fills, a tenth below
/// ten of it, the exact bytes when rounding would make a size and its limit read alike.
@Suite struct ByteCountTests {
    @Test(arguments: [
        (0, "0 bytes"), (1, "1 byte"), (900, "900 bytes"), (1023, "1023 bytes"),
        (1024, "1 KiB"), (1536, "1.5 KiB"), (65_536, "64 KiB"), (65_537, "64 KiB"), (10_240, "10 KiB"),
        (1_048_575, "1024 KiB"), (1_048_576, "1 MiB"), (1_572_864, "1.5 MiB"), (10_485_760, "10 MiB"),
        (10_485_761, "10 MiB"), (67_108_864, "64 MiB"), (73_400_320, "70 MiB"), (1 << 30, "1 GiB"),
        (5 << 40, "5 TiB"), (2048 << 40, "2048 TiB"),
    ])
    func sizesReadInTheUnitTheyFill(bytes: Int, text: String) {
        #expect(ByteCount.text(bytes) == text)
    }

    /// Every limit a file is held to, just over and far over: never a size of "0.x" units, and
    /// the exact bytes where the rounded ones would read alike.
    @Test(arguments: [
        ("license", 64 * 1024), ("state", 1024 * 1024), ("deck or catalog", 10 * 1024 * 1024),
        ("ledger", 64 * 1024 * 1024), ("answers file", 1024 * 1024),
    ])
    func everyLimitReadsAsItsOwnUnit(file: String, limit: Int) {
        let justOver = ByteCount.overLimit(limit + 1, limit: limit)
        #expect(
            justOver == "\(limit + 1) bytes, over the limit of \(ByteCount.text(limit)) (\(limit) bytes)", "\(file)")
        let farOver = ByteCount.overLimit(3 * limit, limit: limit)
        #expect(farOver == "\(ByteCount.text(3 * limit)), over the limit of \(ByteCount.text(limit))", "\(file)")
        for text in [justOver, farOver] { #expect(!text.contains(" 0."), "\(file): \(text)") }
        #expect(
            FileReadError.tooLarge(path: "f", size: limit + 1, limit: limit).reason
                == "file is \(justOver)")
    }

    @Test func theLicenseLimitOfTheReport() {
        #expect(
            FileReadError.tooLarge(path: "big.license", size: 65_537, limit: 65_536).description
                == "big.license: file is 65537 bytes, over the limit of 64 KiB (65536 bytes)")
    }
}
