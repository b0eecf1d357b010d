/// One event file's bytes as they are read, plain or gzip-compressed (told by gzip's magic
/// bytes, not the name), into a tally's lines. The shell reads; this decides what the bytes are.
public struct EventFileDecoder {
    private var lines: EventLineReader
    private var inflater: GzipInflater?
    /// The first bytes, kept until there are enough to tell gzip from text.
    private var head: [UInt8] = []
    private var hasStarted = false

    public init(source: String, maximumLineBytes: Int = EventLineReader.maximumLineBytes) {
        lines = EventLineReader(source: source, maximumLineBytes: maximumLineBytes)
    }

    public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, into tally: inout FunnelTally)
        throws(GzipInflater.Failure)
    {
        if !hasStarted {
            head.append(contentsOf: chunk)
            guard head.count >= 2 else { return }
            try start(into: &tally)
            return
        }
        try pass(chunk, into: &tally)
    }

    /// Reads what is left: a last line without a newline; a gzip stream must have ended whole.
    public mutating func finish(into tally: inout FunnelTally) throws(GzipInflater.Failure) {
        if !hasStarted { try start(into: &tally) }
        if let inflater { try inflater.finish() }
        lines.finish(into: &tally)
    }

    private mutating func start(into tally: inout FunnelTally) throws(GzipInflater.Failure) {
        hasStarted = true
        if GzipInflater.isGzip(head) { inflater = try GzipInflater() }
        let bytes = head
        head = []
        try bytes.withUnsafeBufferPointer { (buffer) throws(GzipInflater.Failure) in try pass(buffer, into: &tally) }
    }

    private mutating func pass(_ chunk: UnsafeBufferPointer<UInt8>, into tally: inout FunnelTally)
        throws(GzipInflater.Failure)
    {
        guard let inflater else {
            lines.feed(chunk, into: &tally)
            return
        }
        try inflater.feed(chunk) { lines.feed($0, into: &tally) }
    }
}
