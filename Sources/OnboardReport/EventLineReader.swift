/// Splits the bytes of one event file into lines as they arrive, in chunks of any size, and
/// hands each line to a tally: a line that is not an event is counted as bad with its
/// `file:line`, never stops the reading. Memory stays bounded whatever the input: a line
/// longer than `maximumLineBytes` is not kept, only counted.
public struct EventLineReader: Sendable {
    /// Far above any line tui-onboard writes (a long typed answer is a few kilobytes).
    public static let maximumLineBytes = 1 << 20

    /// How the file is named in a bad line's position: its path, or `-` for standard input.
    public let source: String
    private var pending: [UInt8] = []
    private var lineNumber = 0
    /// True while the rest of a line that grew too long is being passed over.
    private var isOverlong = false
    private let limit: Int

    public init(source: String, maximumLineBytes: Int = EventLineReader.maximumLineBytes) {
        self.source = source
        self.limit = maximumLineBytes
    }

    /// Reads the lines that `chunk` completes; the last, unfinished one waits for more.
    public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, into tally: inout FunnelTally) {
        var start = 0
        let newline = UInt8(ascii: "\n")
        while start < chunk.count {
            guard let end = chunk[start...].firstIndex(of: newline) else {
                keep(UnsafeBufferPointer(rebasing: chunk[start...]))
                return
            }
            if pending.isEmpty && !isOverlong {
                lineNumber += 1
                if end - start > limit {
                    tally.addBadLine(source: source, line: lineNumber, reason: Self.overlongReason(limit))
                } else {
                    tally.add(
                        lineBytes: UnsafeBufferPointer(rebasing: chunk[start..<end]), source: source, line: lineNumber)
                }
            } else {
                keep(UnsafeBufferPointer(rebasing: chunk[start..<end]))
                endPendingLine(into: &tally)
            }
            start = end + 1
        }
    }

    /// Reads a last line that has no newline after it.
    public mutating func finish(into tally: inout FunnelTally) {
        if !pending.isEmpty || isOverlong { endPendingLine(into: &tally) }
    }

    private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !isOverlong else { return }
        if pending.count + bytes.count > limit {
            isOverlong = true
            pending = []
        } else {
            pending.append(contentsOf: bytes)
        }
    }

    private mutating func endPendingLine(into tally: inout FunnelTally) {
        lineNumber += 1
        if isOverlong {
            tally.addBadLine(source: source, line: lineNumber, reason: Self.overlongReason(limit))
        } else {
            pending.withUnsafeBufferPointer { tally.add(lineBytes: $0, source: source, line: lineNumber) }
        }
        pending.removeAll(keepingCapacity: true)
        isOverlong = false
    }

    static func overlongReason(_ limit: Int) -> String { "longer than \(limit) bytes, not read" }
}
