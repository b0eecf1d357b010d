/// A size in bytes as a person reads it in a message: the largest binary unit the size fills at
/// least once ("512 bytes", "64 KiB", "1.5 MiB", "64 MiB"), to a tenth below ten of it and to a
/// whole unit from ten on. One rule for every message about a size, so a 64 KiB limit never
/// reads "0.1 MiB".
///
/// Written here rather than by Foundation's byte count style, which gives binary sizes decimal
/// names ("64 kB" for 65,536 bytes); CLDR has no kibibyte. The messages are English (stderr).
public enum ByteCount {
    static let units = ["KiB", "MiB", "GiB", "TiB"]

    /// "64 KiB", "1.5 MiB", "1 byte", "900 bytes".
    public static func text(_ bytes: Int) -> String {
        guard bytes >= 1024 else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        var unit = 0
        var scale = 1024
        while unit + 1 < units.count, bytes / scale >= 1024 {
            scale *= 1024
            unit += 1
        }
        let value = Double(bytes) / Double(scale)
        // Below ten, a tenth tells 1.5 MiB from 2 MiB; from ten on it is noise.
        let tenths = value >= 10 ? Int(value.rounded()) * 10 : Int((value * 10).rounded())
        let shown = tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
        return "\(shown) \(units[unit])"
    }

    /// `text` with the exact count when the unit rounds it: "64 KiB (65536 bytes)"; a count
    /// under a kibibyte is exact already ("900 bytes").
    public static func exactText(_ bytes: Int) -> String {
        bytes < 1024 ? text(bytes) : "\(text(bytes)) (\(bytes) bytes)"
    }

    /// "1.5 MiB, over the limit of 1 MiB" for sizes that read differently; when the rounding
    /// makes them read alike ("64 KiB, over the limit of 64 KiB"), the exact counts.
    public static func overLimit(_ size: Int, limit: Int) -> String {
        let (shownSize, shownLimit) = (text(size), text(limit))
        guard shownSize == shownLimit else { return "\(shownSize), over the limit of \(shownLimit)" }
        return "\(size) bytes, over the limit of \(exactText(limit))"
    }
}
