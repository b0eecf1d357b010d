import OnboardDisk
import Testing

/// The damage message counts in words that agree with the numbers.
@Suite struct LedgerErrorWordingTests {
    @Test(arguments: [
        (0, 1, "no record's checksum holds, so the new ledger is empty, and 1 damaged line was left out"),
        (1, 1, "the 1 record whose checksum holds was kept in a new ledger and 1 damaged line was left out"),
        (2, 1, "the 2 records whose checksums hold were kept in a new ledger and 1 damaged line was left out"),
        (1, 3, "the 1 record whose checksum holds was kept in a new ledger and 3 damaged lines were left out"),
    ])
    func keptAndDroppedAgreeWithTheirCounts(kept: Int, dropped: Int, phrase: String) {
        let error = LedgerError.damaged(
            path: "/state/ledger.jsonl", line: 2, reason: "checksum mismatch",
            salvage: LedgerSalvage(kept: kept, dropped: dropped, preservedAt: "/state/ledger.corrupt-1.jsonl"))
        #expect(error.description.contains(phrase), "\(error.description)")
    }
}
