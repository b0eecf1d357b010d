import Foundation
import Glibc
import OnboardKit
import Testing

@testable import OnboardDisk

/// A ledger damaged byte by byte: every intact purchase is still reported, or the damage is
/// reported with the original kept; never a silent loss.
@Suite struct LedgerDamageTests {
    /// Three purchases, about 750 bytes: small enough to damage at every offset.
    static func writeLedger(_ store: LedgerFile) throws -> [LedgerTransaction] {
        let transactions = (0..<3).map { LedgerFileTests.sample($0) }
        try store.append(contentsOf: transactions)
        return transactions
    }

    /// How a test damages the file at one offset.
    enum Damage: String, CaseIterable, Sendable {
        case flipBits, truncate, zeroFill

        func apply(to bytes: [UInt8], at offset: Int) -> [UInt8] {
            switch self {
            case .flipBits:
                var damaged = bytes
                damaged[offset] ^= 0xFF
                return damaged
            case .truncate:
                return Array(bytes[..<offset])
            case .zeroFill:
                return Array(bytes[..<offset]) + [UInt8](repeating: 0, count: bytes.count - offset)
            }
        }
    }

    /// The transactions of the lines the damage left whole: every line that ends before
    /// `offset` (for a flip, every line but the one holding the flipped byte).
    static func intactTransactions(_ bytes: [UInt8], _ transactions: [LedgerTransaction], offset: Int, damage: Damage)
        -> [LedgerTransaction]
    {
        var intact: [LedgerTransaction] = []
        var lineStart = 0
        for (index, newline) in bytes.indices.filter({ bytes[$0] == UInt8(ascii: "\n") }).enumerated() {
            let touched: Bool
            switch damage {
            case .flipBits: touched = (lineStart...newline).contains(offset)
            case .truncate, .zeroFill: touched = offset <= newline
            }
            if !touched { intact.append(transactions[index]) }
            lineStart = newline + 1
        }
        return intact
    }

    @Test(arguments: Damage.allCases)
    func atEveryByteOffsetNothingIntactIsLostSilently(damage: Damage) throws {
        try withTemporaryDirectory { directory in
            let store = LedgerFileTests.store(directory)
            let transactions = try Self.writeLedger(store)
            let original = try fileBytes(store.ledgerPath)
            for offset in 0..<original.count {
                let damaged = damage.apply(to: original, at: offset)
                try? FileManager.default.removeItem(atPath: directory)
                #expect(mkdir(directory, 0o700) == 0)
                try writeBytes(damaged, to: store.ledgerPath)
                let intact = Self.intactTransactions(original, transactions, offset: offset, damage: damage)
                do {
                    let loaded = try store.load()
                    // Accepted: every intact purchase is there, and stays there after the next
                    // append (which cuts off a torn tail).
                    for transaction in intact {
                        #expect(
                            loaded.transactions.contains(transaction), "\(damage) at \(offset) lost \(transaction.id)")
                    }
                    try store.append(LedgerFileTests.sample(7))
                    let after = try store.load().transactions
                    #expect(intact.allSatisfy(after.contains), "\(damage) at \(offset): an append lost a purchase")
                    #expect(after.last == LedgerFileTests.sample(7))
                } catch {
                    guard let error = error as? LedgerError, case .damaged(_, _, _, let salvage) = error else {
                        Issue.record("\(damage) at \(offset): \(error)")
                        continue
                    }
                    // Reported: the original is kept byte for byte, and the salvaged ledger
                    // holds every intact purchase.
                    #expect(try fileBytes(salvage.preservedAt) == damaged, "\(damage) at \(offset)")
                    let salvaged = try store.load().transactions
                    #expect(intact.allSatisfy(salvaged.contains), "\(damage) at \(offset): salvage lost a purchase")
                }
            }
        }
    }

    @Test func aZeroFilledLedgerIsDamageNotAnEmptyOne() throws {
        try withTemporaryDirectory { directory in
            let store = LedgerFileTests.store(directory)
            try writeBytes([UInt8](repeating: 0, count: 4096), to: store.ledgerPath)
            #expect(throws: LedgerError.self) { try store.load() }
            #expect(FileManager.default.fileExists(atPath: directory + "/ledger.corrupt-20250102T030405Z.jsonl"))
        }
    }

    @Test func theLastFiftyBytesZeroedIsDamageAndTheFirstPurchasesSurvive() throws {
        try withTemporaryDirectory { directory in
            let store = LedgerFileTests.store(directory)
            let transactions = try Self.writeLedger(store)
            var bytes = try fileBytes(store.ledgerPath)
            for index in (bytes.count - 50)..<bytes.count { bytes[index] = 0 }
            try writeBytes(bytes, to: store.ledgerPath)
            let error = try #require(throws: LedgerError.self) { try store.load() }
            guard case .damaged(_, let line, _, let salvage) = error else {
                Issue.record("expected damage, got \(error)")
                return
            }
            #expect(line == 3)
            #expect(salvage.kept == 2 && salvage.dropped == 1)
            #expect(try store.load().transactions == Array(transactions.prefix(2)))
        }
    }

    @Test func aGarbageLineAfterTwoPurchasesKeepsBothForRestore() throws {
        try withTemporaryDirectory { directory in
            let store = LedgerFileTests.store(directory)
            let transactions = Array(try Self.writeLedger(store).prefix(2))
            try writeBytes(
                Array(try fileLines(store.ledgerPath).prefix(2).joined(separator: "\n").utf8) + Array("\nxyz\n".utf8),
                to: store.ledgerPath)
            let error = try #require(throws: LedgerError.self) { try store.load() }
            #expect(error.description.contains("the 2 records whose checksums hold were kept"))
            #expect(error.description.contains("1 damaged line was left out"))
            #expect(try store.load().transactions == transactions)
        }
    }

    @Test func everyPrefixOfALineIsATornWriteAndNothingElseIs() throws {
        let line = try LedgerLine.encode(LedgerFileTests.sample(1))
        let body = line.dropLast()  // without its newline
        for length in 0..<body.count {
            #expect(LedgerLine.isTornPrefix(body.prefix(length)), "prefix of \(length) bytes")
        }
        for offset in 0..<body.count {
            var changed = Array(body)
            changed[offset] = 0
            #expect(!LedgerLine.isTornPrefix(changed[...]), "NUL at \(offset)")
        }
        // A whole line followed by anything is not the beginning of one.
        #expect(!LedgerLine.isTornPrefix(body + Array("x".utf8)))
        #expect(!LedgerLine.isTornPrefix(body + Array(" ".utf8)))
        #expect(!LedgerLine.isTornPrefix(body.dropLast() + Array(",]".utf8)))
    }

    @Test(arguments: [
        (#"{"a":[1,2,{"b":null}],"c":"d"}"#, JSONPrefix.Verdict.complete),
        (#"{"a":[1,2,{"b":nu"#, .incomplete), (#"{"a":"\u00"#, .incomplete), (#"{"a":-"#, .incomplete),
        (#"{"a":1.5e"#, .incomplete), (#"{"a":"é"#, .incomplete), (#"{"a":tru"#, .incomplete),
        (#"{"a":"x"}}"#, .invalid), (#"{"a":01"#, .invalid), (#"{"a":"\x"#, .invalid), (#"{a"#, .invalid),
        (#"{"a":[1,]"#, .invalid), (#"{"a" 1"#, .invalid), (#"{"a":trux"#, .invalid),
    ])
    func jsonPrefixesAreToldFromDamage(text: String, verdict: JSONPrefix.Verdict) {
        #expect(JSONPrefix.classify(Array(text.utf8)[...]) == verdict)
    }

    @Test func aCutUTF8CharacterAtTheEndIsAPrefixAndABrokenOneIsNot() {
        let cut = Array(#"{"a":""#.utf8) + [0xE2, 0x82]
        #expect(JSONPrefix.classify(cut[...]) == .incomplete)
        let broken = Array(#"{"a":""#.utf8) + [0xE2, 0x28]
        #expect(JSONPrefix.classify(broken[...]) == .invalid)
        #expect(JSONPrefix.classify((Array(#"{"a":""#.utf8) + [0xC0, 0x80])[...]) == .invalid)
    }
}

/// Paths that are not regular files, and files too large to be a ledger or a state file, are
/// refused at once: nothing blocks and nothing is read whole.
@Suite(.timeLimit(.minutes(10))) struct StoredFileKindTests {
    @Test func aFIFOAsTheLedgerIsRefusedWithoutBlocking() throws {
        try withTemporaryDirectory { directory in
            let store = LedgerFile(directory: directory)
            #expect(mkfifo(store.ledgerPath, 0o600) == 0)
            let error = try #require(throws: LedgerError.self) { try store.load() }
            #expect(error == .unreadable(.notRegular(path: store.ledgerPath, kind: "a FIFO")))
            #expect(error.description.contains("is a FIFO, not a regular file"))
        }
    }

    @Test func aLedgerLinkedToDevZeroIsRefused() throws {
        try withTemporaryDirectory { directory in
            let store = LedgerFile(directory: directory)
            #expect(symlink("/dev/zero", store.ledgerPath) == 0)
            let error = try #require(throws: LedgerError.self) { try store.load() }
            #expect(error == .unreadable(.notRegular(path: store.ledgerPath, kind: "a character device")))
            let purchase = LedgerTransaction(id: "x", productID: "p", purchaseDate: Date(timeIntervalSince1970: 0))
            #expect(throws: LedgerError.self) { try store.append(purchase) }
        }
    }

    @Test func aLedgerOverTheLimitIsRefusedWithItsSize() throws {
        try withTemporaryDirectory { directory in
            let store = LedgerFile(directory: directory)
            try writeBytes([], to: store.ledgerPath)
            #expect(truncate(store.ledgerPath, off_t(LedgerFile.maximumSize + 1)) == 0)  // sparse
            let error = try #require(throws: LedgerError.self) { try store.load() }
            guard case .unreadable(.tooLarge(_, let size, let limit)) = error else {
                Issue.record("expected too large, got \(error)")
                return
            }
            #expect(size == LedgerFile.maximumSize + 1 && limit == LedgerFile.maximumSize)
            #expect(error.description.contains("67108865 bytes, over the limit of 64 MiB (67108864 bytes)"))
        }
    }

    @Test func aStateFileThatIsAFIFOOrTooLargeIsSetAsideAndCountsAsAFirstRun() throws {
        try withTemporaryDirectory { directory in
            let store = FirstRunStateFile(directory: directory)
            #expect(mkfifo(store.statePath, 0o600) == 0)
            var error = try #require(throws: FirstRunStateFileError.self) { try store.load() }
            #expect(error.description.contains("it is a FIFO, not a regular file"))
            #expect(try store.load() == FirstRunState())

            try writeBytes([], to: store.statePath)
            #expect(truncate(store.statePath, off_t(2 * FirstRunStateFile.maximumSize)) == 0)
            error = try #require(throws: FirstRunStateFileError.self) { try store.load() }
            #expect(error.description.contains("it is 2 MiB, over the limit of 1 MiB"))
            #expect(try store.load() == FirstRunState())
        }
    }
}
