import Glibc
import OnboardKit

/// Where tui-onboard keeps its ledger and first-run state, following the XDG base directories.
public enum StateDirectory {
    /// The directory name under the XDG state home.
    public static let applicationName = "tui-onboard"

    /// `--state-dir` when given; else `$XDG_STATE_HOME/tui-onboard`; else
    /// `$HOME/.local/state/tui-onboard`. Empty and relative XDG values are ignored, as the XDG
    /// specification asks. Without a usable HOME either, `.tui-onboard-state` in the working
    /// directory, so that state still has a predictable home.
    public static func resolve(explicit: String?, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let stateHome = environment["XDG_STATE_HOME"], stateHome.hasPrefix("/") {
            return PathText.join(stateHome, applicationName)
        }
        if let home = environment["HOME"], !home.isEmpty {
            return PathText.join(PathText.join(PathText.join(home, ".local"), "state"), applicationName)
        }
        return ".tui-onboard-state"
    }

    /// Creates `path` and any missing parents, each new one readable only by the user (0700),
    /// since purchases are private. Existing directories are left as they are.
    public static func create(_ path: String) throws(SystemCallError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw SystemCallError(operation: "use as a directory", path: path, code: ENOTDIR)
            }
            return
        }
        let parent = PathText.directory(of: path)
        if parent != path && parent != "." && parent != "/" { try create(parent) }
        if mkdir(path, 0o700) != 0 && errno != EEXIST { throw .current("create the directory", path) }
    }

    /// Why `path` must not be used as a state directory, or nil when it may: it exists and is
    /// owned by someone other than `user`, or others than its owner may write to it. Anyone who
    /// can write there could plant links that make this process (perhaps root) write elsewhere,
    /// or forge purchases; tmux, ssh and gpg refuse such directories for the same reason. A
    /// directory that does not exist yet is fine: it is made private.
    public static func unsafeReason(_ path: String, user: uid_t = geteuid()) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let shown = SafeText.sanitize(path)
        if info.st_uid != user {
            return "the state directory \(shown) belongs to \(userName(info.st_uid)), not to you "
                + "(\(userName(user))); tui-onboard keeps purchases only in a directory of your own. "
                + "Choose another with --state-dir or XDG_STATE_HOME"
        }
        let writers = info.st_mode & (S_IWGRP | S_IWOTH)
        if writers != 0 {
            let who = writers == S_IWGRP ? "its group" : (writers == S_IWOTH ? "everyone" : "its group and everyone")
            return "the state directory \(shown) can be written by \(who) (mode "
                + "\(String(zeroPadded: info.st_mode & 0o7777, radix: 8, width: 4))), so others could plant files "
                + "in it; make it yours alone with chmod go-w \(shown), or choose another with --state-dir"
        }
        return nil
    }

    /// Why the state directory at `path` must not be used, or one of the `folders` inside it
    /// (`unsafeReason`, `unsafeSubdirectoryReason`); nil when all may. The commands that read
    /// or keep purchases stop for it (74); a tour is shown without its state instead.
    public static func refusal(_ path: String, folders: [String], user: uid_t = geteuid()) -> String? {
        unsafeReason(path, user: user) ?? folders.lazy.compactMap { unsafeSubdirectoryReason($0, user: user) }.first
    }

    /// Why a folder inside the state directory (`sandbox`, `licenses`) must not be used, or nil:
    /// it is a link (followed, it would let files be created elsewhere), not a directory, or
    /// fails the state directory's own owner and mode rules. One that does not exist is fine.
    public static func unsafeSubdirectoryReason(_ path: String, user: uid_t = geteuid()) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let shown = SafeText.sanitize(path)
        if info.st_mode & S_IFMT == S_IFLNK {
            return "\(shown) is a symbolic link, which tui-onboard does not follow inside its state directory; "
                + "remove it (it is made again as a directory)"
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "\(shown) is not a directory; move it away" }
        return unsafeReason(path, user: user)
    }

    /// "uid 1000 (alice)", or "uid 1000" when /etc/passwd does not name the user. Read by hand:
    /// getpwuid would bring the name service into the static binary.
    static func userName(_ uid: uid_t) -> String {
        let passwd = (try? POSIXFile.readFile("/etc/passwd", limit: 1 << 20)) ?? nil
        for line in (passwd ?? []).split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            guard fields.count > 2, String(decoding: fields[2], as: UTF8.self) == String(uid) else { continue }
            return "uid \(uid) (\(SafeText.sanitize(String(decoding: fields[0], as: UTF8.self))))"
        }
        return "uid \(uid)"
    }
}
