/// Checks a catalog file for `tui-onboard validate`: a JSON catalog (with the StoreKit files
/// it names) or a `.storekit` file on its own.
public enum CatalogValidation {
    /// Every problem in the file, errors and warnings, each with file, JSON path and position;
    /// empty when the file is clean. Every language of every text is checked; `language` only
    /// decides which one the decoded catalog would show.
    public static func validate(
        path: String, fileReader: @escaping CatalogFileReader,
        language: LanguagePreference = LanguagePreference(tags: [])
    ) -> [Diagnostic] {
        CatalogDecoder.load(path: path, fileReader: fileReader, language: language, validates: true).diagnostics
    }
}
