import FoundationEssentials
import Glibc
import OnboardKit

/// The purchase ledger on disk: `<state dir>/ledger.jsonl`, an append-only log of checksummed
/// JSON lines, synced after every append.
///
/// - A process killed mid-append leaves a torn last line: the beginning of a line, with no
///   newline. Loading ignores it, so every earlier purchase stays readable, and the next append
///   cuts it off before writing. Only a true prefix of a line counts as torn.
/// - Any other bad line is damage: the original is preserved as `ledger.corrupt-<time>.jsonl`,
///   the lines whose checksums hold are written to a new ledger, and `LedgerError.damaged` says
///   so. A damaged ledger is never quietly replaced.
/// - Every load and append holds `flock` on `<state dir>/ledger.lock`; `record` decides whether
///   a purchase may happen and writes it under that one lock, so two processes cannot sell the
///   same thing twice.
public struct LedgerFile: Sendable {
    /// Far above any real ledger (a line is about 300 bytes), and small enough to read whole.
    public static let maximumSize = 64 * 1024 * 1024

    public let directory: String
    /// The time used to name a preserved damaged ledger.
    private let clock: @Sendable () -> Date

    public init(directory: String, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.directory = directory
        self.clock = clock
    }

    public var ledgerPath: String { PathText.join(directory, "ledger.jsonl") }
    public var lockPath: String { PathText.join(directory, "ledger.lock") }

    /// Every whole transaction recorded so far; empty when no ledger exists yet.
    ///
    /// Reading needs no lock: an append in progress shows at worst as a torn last line, which
    /// is ignored, and a salvage replaces the file by a rename. So when another process holds
    /// the lock, a sound ledger is read without it; only a damaged one waits for the lock
    /// (up to `wait`, else `.busy`), to be salvaged under it.
    public func load(wait: LockWait = .patiently) throws(LedgerError) -> Ledger {
        if let lock = try tryLock(wait: .never) {
            defer { lock.unlock() }
            return Ledger(try readLocked().transactions)
        }
        if case .success(let contents) = Self.parse(try readBytes()) { return Ledger(contents.transactions) }
        let lock = try acquireLock(wait: wait)
        defer { lock.unlock() }
        return Ledger(try readLocked().transactions)
    }

    /// Records one transaction durably: when this returns, the line is synced to disk.
    public func append(_ transaction: LedgerTransaction, wait: LockWait = .patiently) throws(LedgerError) {
        try append(contentsOf: [transaction], wait: wait)
    }

    /// Records several transactions with one lock and one sync; all or, if the process dies
    /// mid-write, a prefix of them survive.
    public func append(contentsOf transactions: [LedgerTransaction], wait: LockWait = .patiently)
        throws(LedgerError)
    {
        var lines: [UInt8] = []
        for transaction in transactions { lines += try LedgerLine.encode(transaction) }
        let lock = try acquireLock(wait: wait)
        defer { lock.unlock() }
        try appendLocked(lines, after: try readLocked(decodingTransactions: false))
    }

    /// Reads the ledger, asks `gate` whether `transaction` may be recorded on top of it, and
    /// appends and syncs it if so: all under one lock, so that what was checked is what the
    /// transaction is written after. By default it does not wait for a lock another process
    /// holds: it answers `.busy`, and the caller asks again later.
    public func record(_ transaction: LedgerTransaction, gate: PurchaseGate, wait: LockWait = .never)
        throws(LedgerError) -> RecordResult
    {
        let line = try LedgerLine.encode(transaction)
        guard let lock = try tryLock(wait: wait) else { return .busy }
        defer { lock.unlock() }
        let contents = try readLocked()
        var ledger = Ledger(contents.transactions)
        if let refusal = gate.refusal(of: transaction, in: ledger) { return .refused(refusal, ledger) }
        try appendLocked(line, after: contents)
        ledger.append(transaction)
        return .saved(ledger)
    }

    /// Writes only the first `keepingBytes` of the transaction's line, then calls `die` while
    /// still holding the lock: what a process killed mid-append leaves behind. For crash tests.
    @_spi(CrashTesting)
    public func appendTorn(_ transaction: LedgerTransaction, keepingBytes: Int, thenDie die: () -> Never)
        throws(LedgerError) -> Never
    {
        let line = try LedgerLine.encode(transaction)
        let kept = min(max(keepingBytes, 1), line.count - 1)
        let lock = try acquireLock(wait: .patiently)
        defer { lock.unlock() }
        try appendLocked(
            Array(line[0..<kept]), after: try readLocked(decodingTransactions: false), beforeSync: { die() })
        preconditionFailure("appendTorn: the die closure returned")
    }

    // MARK: Under the lock

    /// The ledger's contents as parsed; a damaged ledger is salvaged and reported.
    private func readLocked(decodingTransactions: Bool = true) throws(LedgerError) -> Contents {
        let bytes = try readBytes()
        switch Self.parse(bytes, decodingTransactions: decodingTransactions) {
        case .success(let contents): return contents
        case .failure(let damage): throw try salvage(bytes, damage: damage)
        }
    }

    /// The ledger file's bytes, empty when there is none.
    private func readBytes() throws(LedgerError) -> [UInt8] {
        do {
            return try POSIXFile.readFile(ledgerPath, limit: Self.maximumSize) ?? []
        } catch {
            if case .system(let failure) = error { throw .io(failure) }
            throw .unreadable(error)
        }
    }

    /// Writes `lines` at the end of the ledger, after cutting off a torn tail or ending a last
    /// line that lacks only its newline. If the write or sync fails, the file is cut back to
    /// what it held, so a failed append never leaves a purchase that was reported as not made.
    private func appendLocked(_ lines: [UInt8], after contents: Contents, beforeSync: () -> Void = {})
        throws(LedgerError)
    {
        do throws(SystemCallError) {
            let (descriptor, created) = try openForAppend()
            defer { POSIXFile.close(descriptor) }
            var bytes = lines
            if contents.lacksFinalNewline { bytes.insert(LedgerLine.newline, at: 0) }
            let kept = contents.wholeLength
            if contents.tornTailLength > 0 { try POSIXFile.truncate(descriptor, to: kept, path: ledgerPath) }
            do throws(SystemCallError) {
                try POSIXFile.writeAll(descriptor, bytes, path: ledgerPath)
                beforeSync()
                try POSIXFile.sync(descriptor, path: ledgerPath)
            } catch {
                try? POSIXFile.truncate(descriptor, to: kept, path: ledgerPath)
                throw error
            }
            if created { try POSIXFile.syncDirectory(directory) }
        } catch {
            throw .io(error)
        }
    }

    /// Keeps every line whose checksum holds: the original is preserved under a dated name,
    /// then a new ledger of the good lines replaces it atomically. Returns the error that
    /// tells the user.
    private func salvage(_ bytes: [UInt8], damage: Damage) throws(LedgerError) -> LedgerError {
        var kept: [UInt8] = []
        var keptCount = 0
        var dropped = 0
        for line in bytes.split(separator: LedgerLine.newline, omittingEmptySubsequences: true) {
            if Self.isBlank(line) { continue }
            let whole = Self.wholeLines(in: line)
            for piece in whole {
                kept += piece
                kept.append(LedgerLine.newline)
            }
            keptCount += whole.count
            if whole.isEmpty { dropped += 1 }
        }
        do {
            let preserved = try CorruptFile.preserve(
                bytes, of: ledgerPath, stem: "ledger", extension: "jsonl", date: clock())
            try AtomicFile(path: ledgerPath).write(kept)
            return .damaged(
                path: ledgerPath, line: damage.line, reason: damage.reason,
                salvage: LedgerSalvage(kept: keptCount, dropped: dropped, preservedAt: preserved))
        } catch {
            throw .io(error)
        }
    }

    /// The lines whose checksums hold in one damaged line. Usually none; but when the newline
    /// between two lines was changed, both are in it whole. A line's opening bytes cannot occur
    /// inside another line (JSON escapes its quotes), so each one starts a candidate.
    static func wholeLines(in line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        if case .success = LedgerLine.decode(line) { return [line] }
        var starts: [Int] = []
        var index = line.startIndex
        while index + LedgerLine.prefix.count <= line.endIndex {
            if line[index..<(index + LedgerLine.prefix.count)].elementsEqual(LedgerLine.prefix) {
                starts.append(index)
                index += LedgerLine.prefix.count
            } else {
                index += 1
            }
        }
        var found: [ArraySlice<UInt8>] = []
        for (number, start) in starts.enumerated() {
            let end = number + 1 < starts.count ? starts[number + 1] : line.endIndex
            // The piece up to the next line's start, with or without the byte that replaced
            // the newline.
            for candidate in [line[start..<end], line[start..<max(start, end - 1)]] {
                if case .success = LedgerLine.decode(candidate) {
                    found.append(candidate)
                    break
                }
            }
        }
        return found
    }

    private func acquireLock(wait: LockWait) throws(LedgerError) -> FileLock {
        guard let lock = try tryLock(wait: wait) else { throw .busy(lockPath: lockPath) }
        return lock
    }

    private func tryLock(wait: LockWait) throws(LedgerError) -> FileLock? {
        do {
            try StateDirectory.create(directory)
            return try FileLock.acquire(lockPath, wait: wait)
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

    // MARK: Parsing

    /// A parsed ledger file.
    struct Contents: Equatable {
        var transactions: [LedgerTransaction] = []
        /// Bytes up to the end of the last whole line.
        var wholeLength = 0
        /// Bytes of a torn last line after `wholeLength`, to cut off before the next append.
        var tornTailLength = 0
        /// True when the last line is whole but its newline is missing.
        var lacksFinalNewline = false
    }

    /// Where a ledger is damaged: a 1-based line number and what is wrong there.
    struct Damage: Error, Equatable {
        var line: Int
        var reason: String
    }

    static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }
    }

    /// The transactions in a ledger file's bytes. Blank lines are skipped. After the last
    /// newline, a whole line (checksum holds) is kept and the beginning of a line is a torn
    /// write; anything else there, as anywhere, is damage.
    /// Appending needs only to know the file is sound, not its transactions:
    /// `decodingTransactions: false` checks checksums alone and leaves `transactions` empty.
    static func parse(_ bytes: [UInt8], decodingTransactions: Bool = true) -> Result<Contents, Damage> {
        var contents = Contents()
        var lineStart = 0
        var lineNumber = 0
        while let newline = bytes[lineStart...].firstIndex(of: LedgerLine.newline) {
            lineNumber += 1
            let line = bytes[lineStart..<newline]
            lineStart = newline + 1
            if isBlank(line) { continue }
            if !decodingTransactions {
                if case let .failure(problem) = LedgerLine.verify(line) {
                    return .failure(Damage(line: lineNumber, reason: problem.reason))
                }
                continue
            }
            switch LedgerLine.decode(line) {
            case let .success(transaction): contents.transactions.append(transaction)
            case let .failure(problem): return .failure(Damage(line: lineNumber, reason: problem.reason))
            }
        }
        contents.wholeLength = lineStart
        guard lineStart < bytes.count else { return .success(contents) }
        let tail = bytes[lineStart...]
        switch LedgerLine.decode(tail) {
        case let .success(transaction):
            // A last line without its newline whose checksum holds is whole (an editor may have
            // dropped the newline): keep it.
            contents.transactions.append(transaction)
            contents.wholeLength = bytes.count
            contents.lacksFinalNewline = true
        case let .failure(problem):
            guard LedgerLine.isTornPrefix(tail) else {
                return .failure(Damage(line: lineNumber + 1, reason: problem.reason))
            }
            contents.tornTailLength = tail.count
        }
        return .success(contents)
    }
}
