/// Which cannon fires at which moment of the onboarding, as the deck's `"confetti"` object says.
public struct ConfettiTriggers: Hashable, Sendable {
    /// Fires when the onboarding first appears; nil for none.
    public var onAppear: ConfettiCannon?
    /// Fires when the last page is done; nil for none.
    public var onFinish: ConfettiCannon?
    /// Fires when a purchase succeeds; nil for none.
    public var onPurchase: ConfettiCannon?
    /// Fires when the user presses the celebrate key (`c`); nil turns the key off.
    public var onCelebrate: ConfettiCannon?

    /// By default only a purchase and the celebrate key throw confetti; the deck decides the rest.
    public init(
        onAppear: ConfettiCannon? = nil, onFinish: ConfettiCannon? = nil,
        onPurchase: ConfettiCannon? = .celebration, onCelebrate: ConfettiCannon? = .celebration
    ) {
        self.onAppear = onAppear
        self.onFinish = onFinish
        self.onPurchase = onPurchase
        self.onCelebrate = onCelebrate
    }

    public static let `default` = ConfettiTriggers()

    static let knownKeys: Set<String> = ["onAppear", "onFinish", "onPurchase", "onCelebrate"]

    /// Reads the deck's `"confetti"` object. Each trigger is a cannon object, a preset name
    /// (`"onFinish": "fireworks"`), `true` for the celebration, or `false`/`null` for none.
    /// Problems are logged at their JSON path (`confetti.onAppear.num`); a trigger with errors
    /// keeps its default.
    ///
    /// ```json
    /// "confetti": {"onAppear": {"preset": "cannon", "repetitions": 5, "repetitionInterval": 2}, "onFinish": "fireworks"}
    /// ```
    public static func decode(_ reader: JSONObjectReader) -> ConfettiTriggers {
        var triggers = ConfettiTriggers.default
        if let cannon = decodeTrigger(reader, "onAppear") { triggers.onAppear = cannon }
        if let cannon = decodeTrigger(reader, "onFinish") { triggers.onFinish = cannon }
        if let cannon = decodeTrigger(reader, "onPurchase") { triggers.onPurchase = cannon }
        if let cannon = decodeTrigger(reader, "onCelebrate") { triggers.onCelebrate = cannon }
        reader.warnUnknownKeys(knownKeys)
        return triggers
    }

    /// `.some(cannon)` to set, `.some(nil)` to turn off, nil to keep the default.
    private static func decodeTrigger(_ reader: JSONObjectReader, _ key: String) -> ConfettiCannon?? {
        guard let node = reader.member(key) else { return nil }
        let path = reader.path.appending(key)
        switch node.value {
        case .null, .bool(false):
            return .some(nil)
        case .bool(true):
            return .some(.celebration)
        case .string(let name):
            if let preset = ConfettiCannon.presets[name] { return .some(preset) }
            let names = ConfettiCannon.presets.keys
            reader.log.error(
                path, at: node.location,
                "unknown preset \"\(SafeText.sanitize(name))\"\(ConfettiCannon.hint(name, in: names)); use one of "
                    + names.sorted().joined(separator: ", ") + ", a cannon object, true or false")
            return nil
        case .object:
            guard let object = JSONObjectReader(node, path: path, log: reader.log),
                let cannon = ConfettiCannon.decode(object)
            else { return nil }
            return .some(cannon)
        default:
            reader.log.error(
                path, at: node.location,
                "expected a cannon object, a preset name, true or false, found \(node.kindName)")
            return nil
        }
    }
}
