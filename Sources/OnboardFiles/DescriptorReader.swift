import Glibc

/// Reads an open file to its end into one array sized from what `fstat` said: a small file
/// costs one allocation of its own size. (A zeroed 64 KB chunk copied out of was 16 pages and
/// 65,000 instructions for every deck read at start.) A file that grew since is still read to
/// its end, up to `limit` bytes and one more, so that a caller can tell it went over.
public enum DescriptorReader {
    public static func readToEnd(
        _ descriptor: Int32, path: String, expectedSize: Int, limit: Int = Int.max
    ) throws(SystemCallError) -> [UInt8] {
        let ceiling = limit == Int.max ? limit : limit + 1
        // One byte over the expected size, so that the end is seen without growing.
        var buffer = [UInt8](repeating: 0, count: min(max(expectedSize, 0) + 1, ceiling))
        var filled = 0
        while filled < ceiling {
            if filled == buffer.count {
                let more = min(max(buffer.count, 4096), ceiling - buffer.count)
                buffer.append(contentsOf: repeatElement(0, count: more))
            }
            let count = buffer.withUnsafeMutableBytes { raw in
                Glibc.read(descriptor, raw.baseAddress! + filled, raw.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .current("read", path)
            }
            if count == 0 { break }
            filled += count
        }
        buffer.removeSubrange(filled...)
        return buffer
    }
}
