import Foundation
import OnboardKit
import Testing

@testable import OnboardDisk

/// A ledger line whose checksum holds but whose date is absurd (a forged purchase date of
/// 1e300 seconds) is read as written, not called damage: the ledger is not salvaged over it,
/// and what it grants is decided in the core, which gives it nothing.
@Suite struct AbsurdDateLineTests {
    @Test func aLineDatedAtOneETo300SecondsIsReadAndGrantsNothing() throws {
        try withTemporaryDirectory { directory in
            let forged = LedgerTransaction(
                id: "forged", productID: "pro.lifetime", purchaseDate: Date(timeIntervalSince1970: 1e300))
            let line = try LedgerLine.encode(forged)
            #expect(String(decoding: line, as: UTF8.self).contains(#""purchaseDate":1e+300"#))
            let store = LedgerFile(directory: directory)
            try store.append(forged)
            let ledger = try store.loadWithoutRepair()
            #expect(ledger.transactions == [forged])
            #expect(ledger.transactions.allSatisfy { !$0.hasMeaningfulDates })
        }
    }
}
