/// What the run showed: the whole tour, or only the pages new since the last version seen.
public enum RunMode: String, Codable, Hashable, Sendable {
    case tour
    case whatsNew = "whats-new"
}
