/// Paths as text: the directory and the last name of a path, and a name under a directory.
/// Nothing here looks at the file system.
public enum PathText {
    /// What `dirname` gives for a path without trailing slashes: "a/b" gives "a", "b" gives ".",
    /// "/a" gives "/".
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The part after the last slash: "a/b.json" gives "b.json".
    public static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `directory/name`, without doubling a trailing slash.
    public static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// `path` as seen from `directory`: itself when absolute, else joined to it. What a deck's
    /// relative `art` and `catalog` paths mean.
    public static func resolve(_ path: String, in directory: String) -> String {
        path.hasPrefix("/") ? path : join(directory, path)
    }
}
