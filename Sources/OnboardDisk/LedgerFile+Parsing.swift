import OnboardKit

extension LedgerFile {
    /// A parsed ledger file.
    struct Contents: Equatable {
        var transactions: [LedgerTransaction] = []
        /// Bytes up to the end of the last committed line: what readers count.
        var wholeLength = 0
        /// Bytes after `wholeLength` that are not committed: a torn line a killed writer left, or
        /// whole lines appended but never committed. Cut off before the next append.
        var tornTailLength = 0
        /// Whole lines (checksums holding) in the uncommitted tail, which the next append keeps
        /// aside before cutting them: a failed purchase, or lines an older tui-onboard wrote.
        var uncommittedLines = 0
        /// True when the last line is whole but its newline is missing.
        var lacksFinalNewline = false
        /// The commit record as read; nil when there is none (a ledger from before records).
        var recordedCommit: LedgerCommit?
        /// Whole non-blank lines counted while parsing (decoded or only verified).
        var lineCount = 0
        /// The record that describes the committed bytes, once a missing final newline is added.
        var committed = LedgerCommit.empty
    }

    /// Where a ledger is damaged: a 1-based line number (0 when the damage is in the commit
    /// record, not a line) and what is wrong there.
    struct Damage: Error, Equatable {
        var line: Int
        var reason: String
    }

    /// What was read of the commit record.
    enum CommitReading: Equatable {
        /// No record: a ledger written before records, whose whole lines all count.
        case absent
        case record(LedgerCommit)
        /// A record file that is not one record.
        case damaged
    }

    static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }
    }

    /// The committed transactions in a ledger file's bytes.
    ///
    /// With a commit record, only the recorded length counts; after it may come only what a
    /// writer leaves (whole lines never committed, then at most a torn line). Without one, every
    /// whole line counts, as before records existed. Blank lines are skipped; any other bad
    /// line, a record that does not describe the file, or foreign bytes after it are damage.
    /// Appending needs only to know the file is sound, not its transactions:
    /// `decodingTransactions: false` checks checksums alone and leaves `transactions` empty.
    static func parse(_ bytes: [UInt8], commit: CommitReading = .absent, decodingTransactions: Bool = true)
        -> Result<Contents, Damage>
    {
        let parsed: Result<Contents, Damage>
        switch commit {
        case .absent:
            parsed = parseLines(bytes[...], decodingTransactions: decodingTransactions)
        case .damaged:
            return .failure(Damage(line: 0, reason: "its commit record (ledger.commit) is damaged"))
        case .record(let record):
            parsed = parseCommitted(bytes, record: record, decodingTransactions: decodingTransactions)
        }
        return parsed.map { parsedContents in
            var contents = parsedContents
            contents.committed =
                contents.lacksFinalNewline
                ? LedgerCommit.describing(bytes + [LedgerLine.newline], length: contents.wholeLength + 1)
                : LedgerCommit.describing(bytes, length: contents.wholeLength)
            return contents
        }
    }

    private static func parseCommitted(_ bytes: [UInt8], record: LedgerCommit, decodingTransactions: Bool)
        -> Result<Contents, Damage>
    {
        // An editor that dropped the final newline must not cost a purchase.
        if record.length == bytes.count + 1, bytes.last != LedgerLine.newline,
            record.matches(bytes + [LedgerLine.newline])
        {
            return parseLines(bytes[...], decodingTransactions: decodingTransactions).map {
                var contents = $0
                contents.recordedCommit = record
                return contents
            }
        }
        guard record.length <= bytes.count, record.matches(bytes) else {
            // A bad line says more than the record's disagreement, which it usually causes.
            if case .failure(let damage) = parseLines(bytes[...], decodingTransactions: true) {
                return .failure(damage)
            }
            if record.length > bytes.count {
                return .failure(
                    Damage(
                        line: 0,
                        reason:
                            "it is \(bytes.count) bytes long, shorter than the \(record.length) its commit record holds"
                    ))
            }
            return .failure(Damage(line: 0, reason: "it does not match its commit record (ledger.commit)"))
        }
        let committed = bytes[0..<record.length]
        var contents: Contents
        switch parseLines(committed, decodingTransactions: decodingTransactions) {
        case .success(let parsed): contents = parsed
        case .failure(let damage): return .failure(damage)
        }
        contents.recordedCommit = record
        // A whole line without its newline there is a write cut short before its last byte.
        switch parseLines(bytes[record.length...], decodingTransactions: false) {
        case .success(let tail):
            contents.tornTailLength = bytes.count - record.length
            contents.uncommittedLines = tail.lineCount - (tail.lacksFinalNewline ? 1 : 0)
        case .failure(let damage):
            let committedLines = committed.reduce(0) { $0 + ($1 == LedgerLine.newline ? 1 : 0) }
            return .failure(Damage(line: committedLines + damage.line, reason: damage.reason))
        }
        return .success(contents)
    }

    /// Every whole line of `bytes`, and a torn or whole last line without its newline.
    /// Checksums are checked line by line; the transactions are then decoded all at once.
    private static func parseLines(_ bytes: ArraySlice<UInt8>, decodingTransactions: Bool) -> Result<Contents, Damage> {
        var contents = Contents()
        var bodies: [ArraySlice<UInt8>] = []
        var bodyLines: [Int] = []
        var lineStart = bytes.startIndex
        var lineNumber = 0
        while let newline = bytes[lineStart...].firstIndex(of: LedgerLine.newline) {
            lineNumber += 1
            let line = bytes[lineStart..<newline]
            lineStart = newline + 1
            if isBlank(line) { continue }
            switch LedgerLine.verify(line) {
            case .success(let body):
                if decodingTransactions {
                    bodies.append(body)
                    bodyLines.append(lineNumber)
                }
            case .failure(let problem):
                return .failure(Damage(line: lineNumber, reason: problem.reason))
            }
            contents.lineCount += 1
        }
        if decodingTransactions {
            if let transactions = LedgerLine.decodeAll(bodies) {
                contents.transactions = transactions
            } else {
                for (body, line) in zip(bodies, bodyLines) {
                    switch LedgerLine.decodeBody(body) {
                    case .success(let transaction): contents.transactions.append(transaction)
                    case .failure(let problem): return .failure(Damage(line: line, reason: problem.reason))
                    }
                }
            }
        }
        contents.wholeLength = lineStart - bytes.startIndex
        guard lineStart < bytes.endIndex else { return .success(contents) }
        let tail = bytes[lineStart...]
        switch LedgerLine.decode(tail) {
        case let .success(transaction):
            // A last line without its newline whose checksum holds is whole (an editor may have
            // dropped the newline): keep it.
            if decodingTransactions { contents.transactions.append(transaction) }
            contents.lineCount += 1
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
