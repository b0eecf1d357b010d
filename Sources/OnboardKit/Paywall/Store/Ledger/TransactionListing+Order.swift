extension TransactionListing {
    /// `rows` oldest first, and a row that names another (an upgrade the payment it replaces, a
    /// refund the payment it returns) after the row it names, whatever their dates say: clocks
    /// that disagree (two windows under simulated clocks, a ledger written by hand) can date an
    /// upgrade before the purchase it replaces, and a listing that showed it first would read as
    /// an upgrade out of nothing. Rows the dates already order keep that order; a row waiting
    /// for the one it names comes right after it. Names that form a loop, which no store writes,
    /// are listed by date at the end rather than lost.
    static func ordered(_ rows: [(row: Row, order: Int)]) -> [Row] {
        let sorted = rows.sorted { ($0.row.date, $0.order) < ($1.row.date, $1.order) }.map(\.row)
        let present = Set(sorted.map(\.id))
        // What each row waits for: the row it applies to, and the row it replaces names it.
        var prerequisites: [[String]] = sorted.map { row in
            [row.appliesTo].compactMap { $0 }.filter { $0 != row.id && present.contains($0) }
        }
        var index: [String: Int] = [:]
        for (position, row) in sorted.enumerated() where index[row.id] == nil { index[row.id] = position }
        for (position, row) in sorted.enumerated() {
            if let replacement = row.replacedBy, let after = index[replacement], after != position,
                !prerequisites[after].contains(row.id)
            {
                prerequisites[after].append(row.id)
            }
        }
        var result: [Row] = []
        result.reserveCapacity(sorted.count)
        var emitted = Set<String>()
        var done = [Bool](repeating: false, count: sorted.count)
        var waiting: [String: [Int]] = [:]
        func place(_ position: Int) {
            var stack = [position]
            while let next = stack.popLast() {
                guard !done[next] else { continue }
                if let missing = prerequisites[next].first(where: { !emitted.contains($0) }) {
                    waiting[missing, default: []].append(next)
                    continue
                }
                done[next] = true
                result.append(sorted[next])
                emitted.insert(sorted[next].id)
                // Those waiting for it, in their own order (the stack takes the last first).
                stack += (waiting.removeValue(forKey: sorted[next].id) ?? []).reversed()
            }
        }
        for position in sorted.indices { place(position) }
        for position in sorted.indices where !done[position] { result.append(sorted[position]) }
        return result
    }
}
