import CZlib

/// Unpacks a gzip stream (RFC 1952) as it arrives, in chunks of any size, with zlib: several
/// members one after another (what `cat a.gz b.gz` makes) read as one stream, as gzip does.
/// Used when a file begins with gzip's magic bytes, whatever its name.
public final class GzipInflater {
    public struct Failure: Error, Equatable, Sendable {
        public var reason: String
    }

    /// The two bytes every gzip member begins with.
    public static func isGzip(_ prefix: some Collection<UInt8>) -> Bool {
        prefix.starts(with: [0x1F, 0x8B])
    }

    private var stream = z_stream()
    private var output = [UInt8](repeating: 0, count: 1 << 17)
    /// True between a member's end and the next byte, which must begin another member.
    private var isBetweenMembers = false
    private var isOpen = false

    public init() throws(Failure) {
        // 16 + MAX_WBITS: the gzip wrapper, not zlib's.
        let status = inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw Failure(reason: "zlib could not start (\(status))") }
        isOpen = true
    }

    deinit {
        if isOpen { inflateEnd(&stream) }
    }

    /// Hands `body` what `input` unpacks to, in pieces.
    public func feed(
        _ input: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(Failure) {
        guard let base = input.baseAddress, !input.isEmpty else { return }
        stream.next_in = UnsafeMutablePointer(mutating: base)
        stream.avail_in = UInt32(input.count)
        while stream.avail_in > 0 {
            if isBetweenMembers {
                guard inflateReset(&stream) == Z_OK else { throw Failure(reason: "zlib could not go on") }
                isBetweenMembers = false
            }
            let status = output.withUnsafeMutableBufferPointer { buffer -> Int32 in
                stream.next_out = buffer.baseAddress
                stream.avail_out = UInt32(buffer.count)
                let status = inflate(&stream, Z_NO_FLUSH)
                let produced = buffer.count - Int(stream.avail_out)
                if produced > 0 { body(UnsafeBufferPointer(rebasing: buffer[..<produced])) }
                return status
            }
            switch status {
            case Z_OK, Z_BUF_ERROR: continue
            case Z_STREAM_END: isBetweenMembers = true
            default: throw Failure(reason: Self.describe(status, stream.msg))
            }
        }
    }

    /// Checks that the stream ended with a whole member.
    public func finish() throws(Failure) {
        guard isBetweenMembers else { throw Failure(reason: "the gzip data ends before its end (a cut file)") }
    }

    private static func describe(_ status: Int32, _ message: UnsafePointer<CChar>?) -> String {
        let detail = message.map { String(cString: $0) } ?? "error \(status)"
        return "not valid gzip data: \(detail)"
    }
}
