import Glibc

/// The environment as a dictionary, read straight from `environ`.
///
/// `ProcessInfo.processInfo.environment` builds the same dictionary through Foundation at
/// several times the cost (a seventh of the instructions of a run with nothing to show), and
/// a host pays that cost at every launch.
enum ProcessEnvironment {
    static func current() -> [String: String] {
        // NULL when a program cleared its environment (clearenv(3)).
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard let start else { return [:] }
        var count = 0
        while start[count] != nil { count += 1 }
        var result: [String: String] = [:]
        result.reserveCapacity(count)
        // Backwards, so that of duplicate names the first stays, as getenv(3) takes it.
        for index in stride(from: count - 1, through: 0, by: -1) {
            guard let pointer = start[index] else { continue }
            let entry = UnsafeBufferPointer(
                start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            guard let equals = entry.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = String(decoding: UnsafeBufferPointer(rebasing: entry[..<equals]), as: UTF8.self)
            result[name] = String(decoding: UnsafeBufferPointer(rebasing: entry[(equals + 1)...]), as: UTF8.self)
        }
        return result
    }
}
