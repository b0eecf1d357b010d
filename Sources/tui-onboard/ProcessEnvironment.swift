import Glibc

/// The environment as a dictionary, read straight from `environ`.
///
/// `ProcessInfo.processInfo.environment` builds the same dictionary through Foundation at
/// several times the cost (a seventh of the instructions of a run with nothing to show), and
/// a host pays that cost at every launch.
enum ProcessEnvironment {
    static func current() -> [String: String] {
        var result: [String: String] = [:]
        // NULL when a program cleared its environment (clearenv(3)).
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard var entry = start else { return result }
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let key = String(text[..<equals])
                // getenv(3) takes the first of duplicate names.
                if result[key] == nil { result[key] = String(text[text.utf8.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }
}
