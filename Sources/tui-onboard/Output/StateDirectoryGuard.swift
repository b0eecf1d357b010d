import FoundationEssentials
import Glibc
import OnboardKit

/// Refuses output paths (`--result-json`, `--record`, `dump --svg`, `init`) that land in the
/// state directory, where a result or a recording would replace the purchase ledger or the
/// first-run state. One rule for every option: nothing is written anywhere inside the state
/// directory, whatever the path's spelling.
///
/// Two checks, since neither covers everything. A file or directory that exists is compared by
/// device and inode with everything in the state directory: a symbolic link, `dir/../`, a hard
/// link from elsewhere or a bind mount all show as the same inode. A path that does not exist
/// yet is resolved (its nearest existing directory through `realpath`, the rest as written),
/// and so is the state directory; the path is refused when it falls under it.
struct StateDirectoryGuard {
    /// The state directory as given (for messages).
    let stateDirectory: String

    /// Device and inode of each file and directory in the state directory (itself included),
    /// with its path.
    private let inodes: [FileIdentity: String]
    /// The state directory resolved, even when it does not exist yet.
    private let resolvedStateDirectory: String

    /// The identity of a file on this machine.
    struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// How deep the state directory is walked: its own files and a subdirectory's are enough,
    /// and a bound keeps a hostile tree (a link loop, a huge directory) from stalling the start.
    static let walkDepth = 4
    static let walkLimit = 10_000

    init(stateDirectory: String) {
        self.stateDirectory = stateDirectory
        var inodes: [FileIdentity: String] = [:]
        Self.walk(stateDirectory, depth: Self.walkDepth, into: &inodes)
        self.inodes = inodes
        resolvedStateDirectory = Self.resolve(stateDirectory)
    }

    /// Why `path`, given to `option`, may not be written; nil when it may.
    func refusal(option: String, path: String) -> String? {
        let shown = SafeText.sanitize(path)
        let place = "the state directory \(SafeText.sanitize(stateDirectory))"
        let why = "which holds the purchase ledger and the first-run state; choose a path outside it"
        var info = stat()
        if stat(path, &info) == 0, let same = inodes[FileIdentity(info)] {
            if same == stateDirectory { return "\(option) \(shown) is \(place), \(why)" }
            if Self.resolve(path) == Self.resolve(same) { return "\(option) \(shown) is in \(place), \(why)" }
            let kind = info.st_mode & S_IFMT == S_IFDIR ? "directory" : "file"
            return "\(option) \(shown) and \(SafeText.sanitize(same)) are the same \(kind), in \(place), \(why)"
        }
        let target = Self.followingLinks(path)
        let resolved = Self.resolve(target)
        if resolved == resolvedStateDirectory || resolved.hasPrefix(PathText.join(resolvedStateDirectory, "")) {
            return "\(option) \(shown) is inside \(place), \(why)"
        }
        // A path to be created: its nearest existing directory may be one of the state
        // directory's by another name (a hard-linked tree cannot be, but a bind mount can).
        var ancestor = PathText.directory(of: target)
        while stat(ancestor, &info) != 0 {
            let parent = PathText.directory(of: ancestor)
            if parent == ancestor { return nil }
            ancestor = parent
        }
        if inodes[FileIdentity(info)] != nil { return "\(option) \(shown) is inside \(place), \(why)" }
        return nil
    }

    /// Records `path` and, when it is a directory and `depth` allows, what is in it.
    private static func walk(_ path: String, depth: Int, into inodes: inout [FileIdentity: String]) {
        var info = stat()
        guard inodes.count < walkLimit, lstat(path, &info) == 0 else { return }
        // The directory itself is followed if it is a link (`--state-dir` may name one).
        if info.st_mode & S_IFMT == S_IFLNK, inodes.isEmpty, stat(path, &info) != 0 { return }
        let identity = FileIdentity(info)
        guard inodes[identity] == nil else { return }
        inodes[identity] = path
        guard info.st_mode & S_IFMT == S_IFDIR, depth > 0, let stream = opendir(path) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            walk(PathText.join(path, name), depth: depth - 1, into: &inodes)
        }
    }

    /// `path` with any symbolic links at its very end followed, even to a target that does not
    /// exist yet (a dangling link to `ledger.jsonl` would create it). At most 40, as the kernel.
    static func followingLinks(_ path: String) -> String {
        var path = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return path }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &buffer, buffer.count - 1)
            guard count > 0 else { return path }
            let target = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            path = target.hasPrefix("/") ? target : PathText.join(PathText.directory(of: path), target)
        }
        return path
    }

    /// An absolute path with no links, `.` or `..`: the nearest existing ancestor through
    /// `realpath`, then the names that do not exist yet, `..` taken lexically among them.
    static func resolve(_ path: String) -> String {
        var absolute = path
        if !absolute.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                let directory = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
                absolute = PathText.join(String(decoding: directory, as: UTF8.self), path)
            }
        }
        var existing = absolute
        var missing: [String] = []
        while true {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                var parts = String(cString: real).split(separator: "/").map(String.init)
                for name in missing.reversed() {
                    switch name {
                    case "", ".": continue
                    case "..": if !parts.isEmpty { parts.removeLast() }
                    default: parts.append(name)
                    }
                }
                return "/" + parts.joined(separator: "/")
            }
            let parent = PathText.directory(of: existing)
            if parent == existing { return absolute }
            missing.append(PathText.baseName(of: existing))
            existing = parent
        }
    }
}
