/// A command's words after its name: `--name value` options (repeatable ones kept in order),
/// bare flags and operands, with the usage mistakes said plainly.
struct ToolOptions {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var operands: [String] = []

    /// Reads `arguments`; `valued` names the options that take a value, `bare` those that do not.
    static func parse(_ arguments: [String], valued: Set<String>, bare: Set<String> = []) -> Result<
        ToolOptions, ToolFailure
    > {
        var options = ToolOptions()
        var index = 0
        while index < arguments.count {
            var word = arguments[index]
            index += 1
            if word == "--" {
                options.operands += arguments[index...]
                break
            }
            guard word.hasPrefix("--"), word.count > 2 else {
                options.operands.append(word)
                continue
            }
            var inlineValue: String?
            if let equals = word.firstIndex(of: "=") {
                inlineValue = String(word[word.index(after: equals)...])
                word = String(word[..<equals])
            }
            let name = String(word.dropFirst(2))
            if bare.contains(name) {
                guard inlineValue == nil else { return .failure(ToolFailure(2, "--\(name) takes no value")) }
                options.flags.insert(name)
            } else if valued.contains(name) {
                guard let value = inlineValue ?? (index < arguments.count ? arguments[index] : nil) else {
                    return .failure(ToolFailure(2, "--\(name) needs a value"))
                }
                if inlineValue == nil { index += 1 }
                options.values[name, default: []].append(value)
            } else {
                let known = (valued.union(bare)).sorted().map { "--\($0)" }.joined(separator: ", ")
                return .failure(
                    ToolFailure(2, "unknown option --\(name)" + (known.isEmpty ? "" : "; this command takes \(known)")))
            }
        }
        return .success(options)
    }

    func value(_ name: String) -> String? { values[name]?.last }

    func required(_ name: String, _ example: String) -> Result<String, ToolFailure> {
        guard let value = value(name) else {
            return .failure(ToolFailure(2, "--\(name) is required: --\(name) \(example)"))
        }
        return .success(value)
    }
}
