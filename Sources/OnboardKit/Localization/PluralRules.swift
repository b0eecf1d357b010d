import _FoundationICU

/// CLDR's plural categories for one language, from ICU (the toolchain's own copy, the same
/// data Foundation formats with): "1 месяц, 2 месяца, 6 месяцев" needs three forms, Arabic six,
/// Japanese one. Never fixed number ranges by hand.
public struct PluralRules: @unchecked Sendable {
    /// CLDR's categories; a language uses some of them.
    public enum Category: String, Hashable, Sendable, CaseIterable {
        case zero, one, two, few, many, other
    }

    public let language: String
    /// ICU's rules object, opened once and kept for the process (a handful of languages).
    private let rules: OpaquePointer

    /// The rules of `language` (`ru`, `pt_BR`, `zh_Hans`); nil when ICU cannot open them.
    public init?(language: String) {
        var status = U_ZERO_ERROR
        guard let rules = swift_uplrules_open(language, &status), status.rawValue <= U_ZERO_ERROR.rawValue else {
            return nil
        }
        self.language = language
        self.rules = rules
    }

    /// The category of the whole number `count`.
    public func category(for count: Int) -> Category {
        var buffer = [UChar](repeating: 0, count: 16)
        var status = U_ZERO_ERROR
        let length = swift_uplrules_select(rules, Double(count), &buffer, Int32(buffer.count), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, length > 0, Int(length) <= buffer.count else { return .other }
        return Category(rawValue: String(decoding: buffer[0..<Int(length)], as: UTF16.self)) ?? .other
    }
}
