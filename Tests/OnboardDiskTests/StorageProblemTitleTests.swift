import Foundation
import Glibc
import OnboardKit
import Testing

@testable import OnboardDisk

/// The box a ledger problem opens says what happened: "repaired" only when a salvage was made,
/// "could not be read" for a ledger that is not a regular file, too large, or unreadable.
@Suite struct StorageProblemTitleTests {
    enum Cause: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case fifo = "a FIFO as the ledger"
        case directory = "a directory as the ledger"
        case tooLarge = "a 70 MiB ledger"
        case damagedLine = "a damaged line"

        var testDescription: String { rawValue }

        /// Puts the cause in place of the ledger at `path`.
        func make(at path: String) throws {
            switch self {
            case .fifo:
                try #require(mkfifo(path, 0o600) == 0)
            case .directory:
                try #require(mkdir(path, 0o700) == 0)
            case .tooLarge:
                // Sparse: 70 MiB long, nothing written.
                try #require(FileManager.default.createFile(atPath: path, contents: nil))
                try #require(truncate(path, 70 * 1024 * 1024) == 0)
            case .damagedLine:
                try "not a ledger line\n".write(toFile: path, atomically: false, encoding: .utf8)
            }
        }

        var expectedTitle: String {
            self == .damagedLine ? "Purchase records repaired" : "Purchase records could not be read"
        }
    }

    @Test(arguments: Cause.allCases)
    func theBoxTitleSaysWhatHappened(_ cause: Cause) throws {
        try withTemporaryDirectory { directory in
            let catalog = Catalog(offerings: [], currentOfferingID: "", products: [:], entitlements: [])
            let watch = LedgerWatch(
                directory: directory,
                gate: { PurchaseGate(catalog: catalog, calendar: Calendar(identifier: .gregorian)) })
            try cause.make(at: watch.store.ledgerPath)
            let problems = watch.changes().compactMap { message -> StorageProblem? in
                if case .storageProblem(let problem) = message { return problem }
                return nil
            }
            #expect(problems.map(\.title) == [cause.expectedTitle])
            #expect(StoreSimulator.Notice.storageProblem(try #require(problems.first)).title == cause.expectedTitle)
        }
    }

    /// Causes that cannot be made on disk here (EIO from stat), and those that never open a box.
    @Test(arguments: [
        (LedgerError.io(SystemCallError(operation: "stat", path: "/s/ledger.jsonl", code: EIO)), "could not be read"),
        (.io(SystemCallError(operation: "open", path: "/s/ledger.jsonl", code: EACCES)), "could not be read"),
        (
            .unreadable(.tooLarge(path: "/s/ledger.jsonl", size: 73_400_320, limit: LedgerFile.maximumSize)),
            "could not be read"
        ),
        (.busy(lockPath: "/s/ledger.lock"), "could not be read"),
        (.unencodable(transactionID: "t1", reason: "the date is not finite"), "could not be saved"),
        (
            .damaged(
                path: "/s/ledger.jsonl", line: 2, reason: "checksum mismatch",
                salvage: LedgerSalvage(kept: 1, dropped: 1, preservedAt: "/s/ledger.corrupt-x.jsonl")), "repaired"
        ),
    ])
    func everyLedgerErrorHasItsOwnTitle(error: LedgerError, titleEnding: String) {
        #expect(error.storageProblem.title == "Purchase records \(titleEnding)")
        #expect(error.storageProblem.message == error.description)
    }
}
