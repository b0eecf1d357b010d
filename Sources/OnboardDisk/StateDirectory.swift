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
}
