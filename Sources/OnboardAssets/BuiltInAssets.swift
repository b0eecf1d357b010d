import OnboardKit

/// The built-in tour's files, compiled into the binary from `Assets/` at build time: its deck,
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

    /// Every file of `Assets/` by its path there. SwiftPM names each compiled file by its base
    /// name alone; a test holds this table to `Assets/` file by file, byte by byte.
    public static let files: [String: [UInt8]] = [
        "default-deck.json": PackageResources.default_deck_json,
        "default-catalog.json": PackageResources.default_catalog_json,
        "art/welcome.txt": PackageResources.welcome_txt,
        "art/keys.txt": PackageResources.keys_txt,
        "art/keys.ar.txt": PackageResources.keys_ar_txt,
        "art/keys.de.txt": PackageResources.keys_de_txt,
        "art/keys.es.txt": PackageResources.keys_es_txt,
        "art/keys.fr.txt": PackageResources.keys_fr_txt,
        "art/keys.he.txt": PackageResources.keys_he_txt,
        "art/keys.it.txt": PackageResources.keys_it_txt,
        "art/keys.ja.txt": PackageResources.keys_ja_txt,
        "art/keys.ko.txt": PackageResources.keys_ko_txt,
        "art/keys.pl.txt": PackageResources.keys_pl_txt,
        "art/keys.pt-BR.txt": PackageResources.keys_pt_BR_txt,
        "art/keys.ru.txt": PackageResources.keys_ru_txt,
        "art/keys.zh-Hans.txt": PackageResources.keys_zh_Hans_txt,
        "art/deck.txt": PackageResources.deck_txt,
        "art/ready.txt": PackageResources.ready_txt,
        "schemas/deck.schema.json": PackageResources.deck_schema_json,
        "schemas/catalog.schema.json": PackageResources.catalog_schema_json,
        "schemas/events.schema.json": PackageResources.events_schema_json,
        "schemas/result.schema.json": PackageResources.result_schema_json,
    ]

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
        FileReader { path, limit throws(FileReadError) in
            guard isBuiltIn(path) else { return try otherwise.read(path, limit) }
            guard let bytes = bytes(atPath: path) else { throw .missing(path: path) }
            if bytes.count > limit { throw .tooLarge(path: path, size: bytes.count, limit: limit) }
            return bytes
        }
    }
}
