extension BidiText {
    /// Nesting past which the isolates of a line are left unmarked: each opener may raise the
    /// level by two, and marks inside isolates past UAX #9's limit of 125 (which then do not
    /// raise it) would be text of the outer run.
    static let markedNestingLimit = 60

    /// The line's scalars with a mark of each isolate's own direction put just inside it (LRM
    /// or RLM after its LRI, RLI or FSI and before its PDI), and the clusters they start; nil
    /// when the line has no isolate or nests too deep.
    ///
    /// GNU FriBidi 1.0.8 (Debian's, linked here; fixed upstream in 1.0.9, "erroneous connections
    /// between isolate runs") chains the contents of sibling isolates into one sequence for the
    /// weak and neutral rules, so a product name that ends in an Arabic letter turned the digits
    /// of the price isolated beside it into Arabic numbers ("$99.99" drawn "99.99$"). UAX #9
    /// gives the inside of an isolate its own direction at both ends (its sos and eos), so these
    /// marks change nothing where the algorithm is right, and nothing can see past them where
    /// it is not. They are direction controls: no cell is drawn for them.
    static func markingIsolates(_ scalars: [UInt32], clusterStarts: [Int]) -> (
        scalars: [UInt32], clusterStarts: [Int]
    )? {
        guard scalars.contains(where: { (0x2066...0x2068).contains($0) }) else { return nil }
        // The PDI that closes each isolate opener (BD9), found in one pass.
        var closer: [Int: Int] = [:]
        var openIsolates: [Int] = []
        var openEmbeddings = 0
        for (index, value) in scalars.enumerated() {
            switch value {
            case 0x2066...0x2068: openIsolates.append(index)
            case 0x202A, 0x202B, 0x202D, 0x202E: openEmbeddings += 1
            case 0x202C: openEmbeddings = max(0, openEmbeddings - 1)
            case 0x2069: if let opener = openIsolates.popLast() { closer[opener] = index }
            default: break
            }
            if openIsolates.count + openEmbeddings > markedNestingLimit { return nil }
        }
        let closedBy = Dictionary(uniqueKeysWithValues: closer.map { ($1, $0) })
        func mark(forOpener opener: Int) -> UInt32 {
            let direction: TextDirection
            switch scalars[opener] {
            case 0x2066: direction = .leftToRight
            case 0x2067: direction = .rightToLeft
            default:
                // FSI: P2 and P3 on what it holds (rule X5c), left to right without a strong letter.
                let end = closer[opener] ?? scalars.count
                let inside = String(
                    String.UnicodeScalarView(scalars[(opener + 1)..<end].compactMap(Unicode.Scalar.init)))
                direction = self.direction(of: inside) ?? .leftToRight
            }
            return direction == .rightToLeft ? 0x200F : 0x200E
        }
        var marks: [Int: UInt32] = [:]
        for (index, value) in scalars.enumerated() where (0x2066...0x2068).contains(value) {
            marks[index] = mark(forOpener: index)
        }
        var marked: [UInt32] = []
        var starts: [Int] = []
        marked.reserveCapacity(scalars.count + 2 * closer.count + 2)
        for (cluster, start) in clusterStarts.enumerated() {
            let end = cluster + 1 < clusterStarts.count ? clusterStarts[cluster + 1] : scalars.count
            // Isolate controls are clusters of their own (Grapheme_Cluster_Break=Control).
            if end == start + 1, let opener = closedBy[start], let mark = marks[opener] {
                starts.append(marked.count)
                marked.append(mark)
            }
            starts.append(marked.count)
            marked.append(contentsOf: scalars[start..<end])
            if end == start + 1, let mark = marks[start] {
                starts.append(marked.count)
                marked.append(mark)
            }
        }
        return (marked, starts)
    }
}
