import OnboardKit

/// The built-in tour's files, compiled into the binary from `Assets/` at build time (packed by
/// `scripts/pack-built-in-assets.py`, `make built-in-assets`): its deck,
/// the deck's art, its catalog and the schemas `init` writes beside a starter deck. A binary
/// copied anywhere, alone, shows the built-in tour; no release binary reads the tree it was
/// built in.
///
/// The files are named under `directory`, a name no file system path is read for: the deck is
/// `<built-in>/default-deck.json`, and the paths it names (art, catalog) resolve beside it as a
/// deck's always do, so the deck's own loader reads them through `reader`.
public enum BuiltInAssets {
    /// The directory the built-in files are named under, in paths and in messages.
    public static let directory = "<built-in>"
    /// The built-in deck's file name, as in `Assets/`.
    public static let deckFileName = "default-deck.json"
    /// The built-in deck's path.
    public static let deckPath = directory + "/" + deckFileName

    /// Every file of `Assets/` by its path there, unpacked on first use (a few milliseconds);
    /// empty, with `damage` saying why, if the binary's copy does not unpack. A test holds this
    /// table to `Assets/` file by file, byte by byte.
    public static var files: [String: [UInt8]] { (try? unpacked.get()) ?? [:] }

    /// Why the binary's copy of the files did not unpack; nil when it did.
    public static var damage: String? {
        guard case .failure(let damage) = unpacked else { return nil }
        return damage.reason
    }

    static let unpacked = PackedAssets.unpack(PackageResources.built_in_assets_xz)

    /// True when `path` names a built-in file (or would, were it there): it lies under `directory`.
    public static func isBuiltIn(_ path: String) -> Bool {
        path.hasPrefix(directory + "/")
    }

    /// The bytes of the built-in file at `path` (`<built-in>/art/keys.txt`), nil for any other path.
    public static func bytes(atPath path: String) -> [UInt8]? {
        guard isBuiltIn(path) else { return nil }
        return files[String(path.dropFirst(directory.count + 1))]
    }

    /// A reader that serves the built-in files from the binary and reads every other path with
    /// `otherwise` (the disk): a user's `--catalog` beside the built-in deck still works.
    public static func reader(otherwise: FileReader) -> FileReader {
        FileReader(
            read: { path, limit throws(FileReadError) in
                guard isBuiltIn(path) else { return try otherwise.read(path, limit) }
                if let damage {
                    throw .unreadable(path: path, reason: "this binary's built-in files are damaged: \(damage)")
                }
                guard let bytes = bytes(atPath: path) else { throw .missing(path: path) }
                if bytes.count > limit { throw .tooLarge(path: path, size: bytes.count, limit: limit) }
                return bytes
            }, decodePNG: otherwise.decodePNG)
    }
}
