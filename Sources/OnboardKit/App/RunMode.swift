/// What the run showed: the whole tour, only the pages new since the last version seen, or
/// only the paywall (`paywall --if-needed`).
public enum RunMode: String, Codable, Hashable, Sendable {
    case tour
    case whatsNew = "whats-new"
    case paywall
}
