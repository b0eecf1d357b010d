import Foundation
import Glibc
import OnboardKit

/// The purchase ledger on disk: `<state dir>/ledger.jsonl`, an append-only log of checksummed
/// JSON lines, synced after every append.
///
/// - A process killed mid-append leaves a torn last line (no newline). Loading ignores it, so
///   every earlier purchase stays readable, and the next append cuts it off before writing.
/// - Any other bad line is corruption: the file is moved to `ledger.corrupt-<time>.jsonl` and
///   `LedgerError.corrupt` says where; a damaged ledger is never quietly replaced.
/// - Every load and append holds `flock` on `<state dir>/ledger.lock`, so several processes can
///   record purchases at once without losing any.
public struct LedgerStore: Sendable {
    public let directory: String
    /// The time used to name a moved-aside corrupt ledger.
    private let clock: @Sendable () -> Date

    public init(directory: String, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.directory = directory
        self.clock = clock
    }

    public var ledgerPath: String { POSIXFile.join(directory, "ledger.jsonl") }
    public var lockPath: String { POSIXFile.join(directory, "ledger.lock") }

    /// Every whole transaction recorded so far; empty when no ledger exists yet.
    public func load() throws(LedgerError) -> Ledger {
        let lock = try acquireLock()
        defer { lock.unlock() }
        let bytes: [UInt8]
        do {
            guard let contents = try POSIXFile.readFile(ledgerPath) else { return Ledger() }
            bytes = contents
        } catch {
            throw .io(error)
        }
        switch Self.parse(bytes) {
        case let .success(transactions):
            return Ledger(transactions)
        case let .failure(damage):
            let movedTo: String
            do {
                movedTo = try CorruptFile.moveAside(ledgerPath, stem: "ledger", extension: "jsonl", date: clock())
            } catch {
                throw .io(error)
            }
            throw .corrupt(path: ledgerPath, line: damage.line, reason: damage.reason, movedTo: movedTo)
        }
    }

    /// Records one transaction durably: when this returns, the line is synced to disk.
    public func append(_ transaction: LedgerTransaction) throws(LedgerError) {
        try append(contentsOf: [transaction])
    }

    /// Records several transactions with one lock and one sync; all or, if the process dies
    /// mid-write, a prefix of them survive.
    public func append(contentsOf transactions: [LedgerTransaction]) throws(LedgerError) {
        var lines: [UInt8] = []
        for transaction in transactions { lines += try LedgerLine.encode(transaction) }
        try appendLines(lines)
    }

    /// Writes `lines` at the end of the ledger under the lock, after cutting off a torn tail.
    /// `beforeSync` runs after the write; it exists so a crash test can die at that moment.
    func appendLines(_ lines: [UInt8], beforeSync: () -> Void = {}) throws(LedgerError) {
        let lock = try acquireLock()
        defer { lock.unlock() }
        do {
            let (descriptor, created) = try openForAppend()
            defer { POSIXFile.close(descriptor) }
            try removeTornTail(descriptor)
            try POSIXFile.writeAll(descriptor, lines, path: ledgerPath)
            beforeSync()
            try POSIXFile.sync(descriptor, path: ledgerPath)
            if created { try POSIXFile.syncDirectory(directory) }
        } catch {
            throw .io(error)
        }
    }

    /// Writes only the first `keepingBytes` of the transaction's line, then calls `die` while
    /// still holding the lock: what a process killed mid-append leaves behind. For crash tests.
    @_spi(CrashTesting)
    public func appendTorn(_ transaction: LedgerTransaction, keepingBytes: Int, thenDie die: () -> Never)
        throws(LedgerError) -> Never
    {
        let line = try LedgerLine.encode(transaction)
        let kept = min(max(keepingBytes, 1), line.count - 1)
        try appendLines(Array(line[0..<kept]), beforeSync: { die() })
        preconditionFailure("appendTorn: the die closure returned")
    }

    private func acquireLock() throws(LedgerError) -> FileLock {
        do {
            try StateDirectory.create(directory)
            return try FileLock(exclusive: lockPath)
        } catch {
            throw .io(error)
        }
    }

    /// Opens the ledger for appending and tells whether this call created it, since a new file
    /// also needs its directory entry synced.
    private func openForAppend() throws(SystemCallError) -> (descriptor: Int32, created: Bool) {
        do {
            return (try POSIXFile.open(ledgerPath, flags: O_WRONLY | O_APPEND | O_CREAT | O_EXCL), true)
        } catch  where error.code == EEXIST {
            return (try POSIXFile.open(ledgerPath, flags: O_RDWR | O_APPEND), false)
        }
    }

    /// Truncates the file after its last newline: the bytes there are a line whose writer died.
    /// A whole line that only lacks its newline (its checksum holds) is kept and ended instead.
    private func removeTornTail(_ descriptor: Int32) throws(SystemCallError) {
        let size = try POSIXFile.size(descriptor, path: ledgerPath)
        guard size > 0 else { return }
        let lastByte = try POSIXFile.read(descriptor, count: 1, at: size - 1, path: ledgerPath)
        guard lastByte.first != LedgerLine.newline else { return }
        var end = size
        let chunkSize = 4096
        var tail: [UInt8] = []
        while end > 0 {
            let start = max(0, end - chunkSize)
            let chunk = try POSIXFile.read(descriptor, count: end - start, at: start, path: ledgerPath)
            if let newline = chunk.lastIndex(of: LedgerLine.newline) {
                tail = Array(chunk[(newline + 1)...]) + tail
                try keepOrCut(descriptor, tail: tail, tailStart: start + newline + 1)
                return
            }
            tail = chunk + tail
            end = start
        }
        try keepOrCut(descriptor, tail: tail, tailStart: 0)
    }

    private func keepOrCut(_ descriptor: Int32, tail: [UInt8], tailStart: Int) throws(SystemCallError) {
        if case .success = LedgerLine.decode(tail[...]) {
            try POSIXFile.writeAll(descriptor, [LedgerLine.newline], path: ledgerPath)
        } else {
            try POSIXFile.truncate(descriptor, to: tailStart, path: ledgerPath)
        }
    }

    /// Where a ledger is damaged: a 1-based line number and what is wrong there.
    struct Damage: Error, Equatable {
        var line: Int
        var reason: String
    }

    /// The transactions in a ledger file's bytes. Bytes after the last newline are a torn write
    /// and are skipped; blank lines are skipped; any other line that fails is damage.
    static func parse(_ bytes: [UInt8]) -> Result<[LedgerTransaction], Damage> {
        var transactions: [LedgerTransaction] = []
        var lineStart = 0
        var lineNumber = 0
        while let newline = bytes[lineStart...].firstIndex(of: LedgerLine.newline) {
            lineNumber += 1
            let line = bytes[lineStart..<newline]
            lineStart = newline + 1
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }) {
                continue
            }
            switch LedgerLine.decode(line) {
            case let .success(transaction): transactions.append(transaction)
            case let .failure(problem): return .failure(Damage(line: lineNumber, reason: problem.reason))
            }
        }
        // A last line without its newline whose checksum holds is whole (an editor may have
        // dropped the newline): keep it. Anything else there is a torn write.
        if lineStart < bytes.count, case let .success(transaction) = LedgerLine.decode(bytes[lineStart...]) {
            transactions.append(transaction)
        }
        return .success(transactions)
    }
}
