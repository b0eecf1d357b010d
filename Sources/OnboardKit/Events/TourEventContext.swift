/// What every line of a run's event stream shares, known to the shell rather than the app: the
/// run's id, what it shows, and where the pages shown stand in the deck.
public struct TourEventContext: Hashable, Sendable {
    /// Tells the lines of one run from another's in a file that several runs append to.
    public var run: String
    public var mode: RunMode
    /// For each page shown, its index in the deck (What's New and the gate show only some); a
    /// page past the end is in no deck (a paywall the gate made up). Nil: the same indexes.
    public var pageIndexes: [Int]?
    /// The run's experiment assignments, experiment id -> variant id: every line carries them,
    /// so each event counts for its variant. Empty when the deck has no experiments.
    public var assignments: [String: String]

    public init(run: String, mode: RunMode, pageIndexes: [Int]? = nil, assignments: [String: String] = [:]) {
        self.run = run
        self.mode = mode
        self.pageIndexes = pageIndexes
        self.assignments = assignments
    }

    /// The deck's index of the page shown at `index`; nil for a page the deck does not have.
    public func deckIndex(of index: Int) -> Int? {
        guard let pageIndexes else { return index }
        return pageIndexes.indices.contains(index) ? pageIndexes[index] : nil
    }
}
