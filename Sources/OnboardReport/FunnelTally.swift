import FoundationEssentials

/// Everything the report counts, gathered line by line from any number of files: for each run,
/// which steps of the funnel it reached and the variants it was in; and how many lines were
/// read, skipped or bad. The numbers are made from it by `FunnelReport(tally:)`.
public struct FunnelTally: Sendable {
    /// A line that could not be counted, for the first few that the report names.
    public struct BadLine: Equatable, Sendable {
        public var source: String
        public var line: Int
        public var reason: String
    }

    /// The steps a run may reach at most once each.
    struct Steps: OptionSet, Sendable {
        let rawValue: UInt8
        static let started = Steps(rawValue: 1)
        static let paywall = Steps(rawValue: 2)
        static let exitOffer = Steps(rawValue: 4)
        static let trial = Steps(rawValue: 8)
        static let purchase = Steps(rawValue: 16)
    }

    struct Run: Sendable {
        var steps: Steps = []
        var pages: [Int] = []
        /// Indexes into `questionIDs`.
        var questions: [Int] = []
        /// Indexes into `assignmentList`.
        var assignments: [Int] = []
        var revenue: [String: Decimal] = [:]
    }

    /// How many bad lines are kept to be named; all are counted.
    public static let namedBadLines = 5

    public private(set) var lineCount = 0
    public private(set) var badLineCount = 0
    public private(set) var otherEventCount = 0
    public private(set) var firstBadLines: [BadLine] = []
    var runs: [Run] = []
    var runIndexes: [String: Int] = [:]
    var questionIDs: [String] = []
    var questionIndexes: [String: Int] = [:]
    var assignmentList: [Assignment] = []
    var assignmentIndexes: [Assignment: Int] = [:]
    /// The first id a page was seen with.
    var pageIDs: [Int: String] = [:]

    public init() {}

    /// Reads one line (without its newline); a blank line is passed over.
    public mutating func add(lineBytes: UnsafeBufferPointer<UInt8>, source: String, line: Int) {
        guard lineBytes.contains(where: { !Self.isJSONWhitespace($0) }) else { return }
        if let line = EventLineScanner.scan(lineBytes) {
            add(line)
            return
        }
        do {
            add(try EventLine.decode(Array(lineBytes)))
        } catch {
            addBadLine(source: source, line: line, reason: error.reason)
        }
    }

    public mutating func addBadLine(source: String, line: Int, reason: String) {
        lineCount += 1
        badLineCount += 1
        if firstBadLines.count < Self.namedBadLines {
            firstBadLines.append(BadLine(source: source, line: line, reason: reason))
        }
    }

    /// Counts one event for its run.
    public mutating func add(_ line: EventLine) {
        lineCount += 1
        let index = runIndex(line.run)
        for assignment in line.assignments {
            let id = assignmentIndex(assignment)
            if !runs[index].assignments.contains(id) { runs[index].assignments.append(id) }
        }
        switch line.kind {
        case .tourStarted: runs[index].steps.insert(.started)
        case .paywallShown: runs[index].steps.insert(.paywall)
        case .exitOfferShown: runs[index].steps.insert(.exitOffer)
        case .pageViewed:
            guard let page = line.pageIndex else { return }
            if !runs[index].pages.contains(page) { runs[index].pages.append(page) }
            if let id = line.id, pageIDs[page] == nil { pageIDs[page] = id }
        case .questionAnswered:
            guard let id = line.id else { return }
            let question = questionIndex(id)
            if !runs[index].questions.contains(question) { runs[index].questions.append(question) }
        case .purchaseFinished:
            guard let purchase = line.purchase, purchase.isCompleted else { return }
            runs[index].steps.insert(purchase.startsTrial ? [.purchase, .trial] : .purchase)
            if let price = purchase.price, let currency = purchase.currency {
                runs[index].revenue[currency, default: 0] += price
            }
        case .other:
            otherEventCount += 1
        }
    }

    private mutating func runIndex(_ run: String) -> Int {
        if let index = runIndexes[run] { return index }
        runs.append(Run())
        runIndexes[run] = runs.count - 1
        return runs.count - 1
    }

    private mutating func questionIndex(_ id: String) -> Int {
        if let index = questionIndexes[id] { return index }
        questionIDs.append(id)
        questionIndexes[id] = questionIDs.count - 1
        return questionIDs.count - 1
    }

    private mutating func assignmentIndex(_ assignment: Assignment) -> Int {
        if let index = assignmentIndexes[assignment] { return index }
        assignmentList.append(assignment)
        assignmentIndexes[assignment] = assignmentList.count - 1
        return assignmentList.count - 1
    }

    static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
