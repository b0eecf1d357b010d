extension ConfettiCannon {
    /// The members a cannon object may have.
    static let knownKeys: Set<String> = [
        "preset", "num", "confettis", "colors", "confettiSize", "rainHeight", "fadesOut", "opacity", "openingAngle",
        "closingAngle", "radius", "repetitions", "repetitionInterval", "bell", "hapticFeedback", "startVelocity",
        "gravity", "drag", "drift", "flutter", "lifetime", "lifetimeVariation", "origin", "rocket",
    ]

    /// Limits that keep a deck from asking for more than a terminal can draw.
    public static let maximumNum = 2000
    public static let maximumRepetitions = 1000
    static let maximumColors = 256

    /// Reads a cannon from a deck object: `"preset"` first (default `"cannon"`), then every other
    /// member overrides it. Each bad value is logged as an error at its JSON path and unknown
    /// members as warnings; returns nil when any error was logged.
    ///
    /// ```json
    /// {"preset": "burst", "num": 80, "colors": ["pink", "#ffd700", 51], "confettis": ["circle", "🎉"]}
    /// ```
    public static func decode(_ reader: JSONObjectReader) -> ConfettiCannon? {
        let errorsBefore = reader.log.errors.count
        var cannon = ConfettiCannon.cannon
        if let name = reader.string("preset") {
            if let preset = presets[name] {
                cannon = preset
            } else {
                reader.log.error(
                    reader.path.appending("preset"), at: reader.member("preset")?.location,
                    "unknown preset \"\(SafeText.sanitize(name))\"\(hint(name, in: presets.keys)); use one of "
                        + presets.keys.sorted().joined(separator: ", "))
            }
        }
        if let num = reader.int("num", in: 0...maximumNum) { cannon.num = num }
        if let pieces = decodePieces(reader) { cannon.confettis = pieces }
        if let colors = decodeColors(reader) { cannon.colors = colors }
        if let size = positive(reader, "confettiSize", upTo: 400) { cannon.confettiSize = size }
        if let height = reader.double("rainHeight", in: 0...10_000) { cannon.rainHeight = height }
        if let fades = reader.bool("fadesOut") { cannon.fadesOut = fades }
        if let opacity = reader.double("opacity", in: 0...1) { cannon.opacity = opacity }
        if let angle = reader.double("openingAngle", in: 0...360) { cannon.openingAngle = angle }
        if let angle = reader.double("closingAngle", in: 0...360) { cannon.closingAngle = angle }
        if let radius = reader.double("radius", in: 0...10_000) { cannon.radius = radius }
        if let count = reader.int("repetitions", in: 1...maximumRepetitions) { cannon.repetitions = count }
        if let interval = reader.double("repetitionInterval", in: 0...60) { cannon.repetitionInterval = interval }
        if let bell = reader.bool("hapticFeedback") { cannon.bell = bell }
        if let bell = reader.bool("bell") { cannon.bell = bell }
        if let speed = optionalNumber(reader, "startVelocity", in: 0...2000) { cannon.startVelocity = speed }
        if let gravity = optionalNumber(reader, "gravity", in: 0...1000) { cannon.gravity = gravity }
        if let drag = reader.double("drag", in: 0...50) { cannon.drag = drag }
        if let drift = reader.double("drift", in: -500...500) { cannon.drift = drift }
        if let flutter = reader.double("flutter", in: 0...40) { cannon.flutter = flutter }
        if reader.member("lifetime")?.isNull == true {
            cannon.lifetime = nil
        } else if let lifetime = positive(reader, "lifetime", upTo: 120) {
            cannon.lifetime = lifetime
        }
        if let variation = reader.double("lifetimeVariation", in: 0...1) { cannon.lifetimeVariation = variation }
        if let origin = decodeOrigin(reader) { cannon.origin = origin }
        if reader.member("rocket")?.isNull == true {
            cannon.rocket = nil
        } else if let rocket = reader.object("rocket").flatMap(ConfettiRocket.decode) {
            cannon.rocket = rocket
        }
        reader.warnUnknownKeys(knownKeys)
        return reader.log.errors.count == errorsBefore ? cannon : nil
    }

    // MARK: Members

    private static func decodePieces(_ reader: JSONObjectReader) -> [ConfettiPiece]? {
        guard let items = reader.array("confettis") else { return nil }
        if items.isEmpty {
            reader.log.error(
                reader.path.appending("confettis"), at: reader.member("confettis")?.location,
                "must list at least one piece: a shape (\(shapeNames)), a single character or an emoji")
            return nil
        }
        var pieces: [ConfettiPiece] = []
        var failed = false
        for (node, path) in items {
            if let piece = decodePiece(node, path: path, log: reader.log) {
                pieces.append(piece)
            } else {
                failed = true
            }
        }
        return failed ? nil : pieces
    }

    private static var shapeNames: String { ConfettiPiece.Shape.allCases.map(\.rawValue).joined(separator: ", ") }

    /// `"circle"`, `"🎉"` or `"★"` (one grapheme), `{"text": "A"}` or `{"emoji": "🎉"}`.
    private static func decodePiece(_ node: JSONNode, path: JSONPath, log: DiagnosticLog) -> ConfettiPiece? {
        if let text = node.stringValue {
            if let shape = ConfettiPiece.Shape(rawValue: text) { return .shape(shape) }
            if text.count == 1, let grapheme = text.first, DisplayWidth.of(grapheme) > 0 {
                return .grapheme(grapheme)
            }
            let names = ConfettiPiece.Shape.allCases.map(\.rawValue)
            log.error(
                path, at: node.location,
                "unknown confetti \"\(SafeText.sanitize(text))\"\(hint(text, in: names)); use a shape (\(shapeNames)), "
                    + "a single character or an emoji")
            return nil
        }
        if let members = node.members, members.count == 1, let member = members.first,
            member.key == "text" || member.key == "emoji"
        {
            guard let text = member.value.stringValue, text.count == 1, let grapheme = text.first,
                DisplayWidth.of(grapheme) > 0
            else {
                log.error(path.appending(member.key), at: member.value.location, "expected a single visible character")
                return nil
            }
            let safe = ConfettiPiece.grapheme(grapheme)
            if member.key == "emoji", case .text(let shown) = safe { return .emoji(shown) }
            if member.key == "text", case .emoji(let shown) = safe { return .text(shown) }
            return safe
        }
        log.error(
            path, at: node.location,
            "expected a shape name, a single character, {\"text\": …} or {\"emoji\": …}, found \(node.kindName)")
        return nil
    }

    private static func decodeColors(_ reader: JSONObjectReader) -> [Color]? {
        guard let items = reader.array("colors") else { return nil }
        let location = reader.member("colors")?.location
        if items.isEmpty {
            reader.log.error(reader.path.appending("colors"), at: location, "must list at least one colour")
            return nil
        }
        if items.count > maximumColors {
            reader.log.error(
                reader.path.appending("colors"), at: location, "lists \(items.count) colours; at most \(maximumColors)")
            return nil
        }
        var colors: [Color] = []
        var failed = false
        for (node, path) in items {
            if let color = decodeColor(node, path: path, log: reader.log) {
                colors.append(color)
            } else {
                failed = true
            }
        }
        return failed ? nil : colors
    }

    /// `"pink"`, `"#ff2d55"` or a 256-colour index `0`–`255`.
    static func decodeColor(_ node: JSONNode, path: JSONPath, log: DiagnosticLog) -> Color? {
        let usage = "use a colour name, \"#rrggbb\" or a number from 0 to 255"
        switch node.value {
        case .string(let text):
            if let color = ConfettiPalette.color(named: text) { return color }
            if text.hasPrefix("#") {
                log.error(path, at: node.location, "\"\(SafeText.sanitize(text))\" is not a \"#rrggbb\" colour")
            } else {
                log.error(
                    path, at: node.location,
                    "unknown colour \"\(SafeText.sanitize(text))\"\(hint(text, in: ConfettiPalette.named.keys)); \(usage) ("
                        + ConfettiPalette.named.keys.sorted().joined(separator: ", ") + ")")
            }
            return nil
        case .number(let text):
            guard let index = Int(text), (0...255).contains(index) else {
                log.error(
                    path, at: node.location, "\(JSONNode.excerpt(ofNumber: text)) is not a colour index; \(usage)")
                return nil
            }
            return .indexed(UInt8(index))
        default:
            log.error(path, at: node.location, "expected a colour, found \(node.kindName); \(usage)")
            return nil
        }
    }

    /// `"center"`, `"bottomCenter"`, `"topEdge"`, `{"x": 0.5, "y": 0.9}` (fractions of the screen)
    /// or `{"rect": {"x": 10, "y": 20, "width": 12, "height": 1}}` (cells).
    private static func decodeOrigin(_ reader: JSONObjectReader) -> ConfettiOrigin? {
        guard let node = reader.member("origin") else { return nil }
        let path = reader.path.appending("origin")
        let named: [String: ConfettiOrigin] = ["center": .center, "bottomCenter": .bottomCenter, "topEdge": .topEdge]
        if let name = node.stringValue {
            if let origin = named[name] { return origin }
            reader.log.error(
                path, at: node.location,
                "unknown origin \"\(SafeText.sanitize(name))\"\(hint(name, in: named.keys)); use "
                    + named.keys.sorted().joined(separator: ", ") + ", {\"x\": 0.5, \"y\": 0.9} or {\"rect\": {…}}")
            return nil
        }
        guard let object = JSONObjectReader(node, path: path, log: reader.log) else { return nil }
        if object.has("rect") {
            object.warnUnknownKeys(["rect"])
            guard let rect = object.object("rect") else { return nil }
            rect.warnUnknownKeys(["x", "y", "width", "height"])
            let x = rect.int("x", required: true, in: -10_000...10_000)
            let y = rect.int("y", required: true, in: -10_000...10_000)
            let width = rect.int("width", required: true, in: 0...10_000)
            let height = rect.int("height", required: true, in: 0...10_000)
            guard let x, let y, let width, let height else { return nil }
            return .rect(Rect(x: x, y: y, width: width, height: height))
        }
        object.warnUnknownKeys(["x", "y"])
        let x = object.double("x", required: true, in: 0...1)
        let y = object.double("y", required: true, in: 0...1)
        guard let x, let y else { return nil }
        return .point(x: x, y: y)
    }

    // MARK: Helpers

    /// A number that must be above zero and at most `limit`.
    private static func positive(_ reader: JSONObjectReader, _ key: String, upTo limit: Double) -> Double? {
        guard let value = reader.double(key) else { return nil }
        guard value > 0, value <= limit else {
            reader.log.error(
                reader.path.appending(key), at: reader.member(key)?.location,
                "must be greater than 0 and at most \(JSONObjectReader.format(limit)), found \(JSONObjectReader.format(value))"
            )
            return nil
        }
        return value
    }

    /// A number where `null` asks for the derived default: returns `.some(nil)` for null.
    private static func optionalNumber(_ reader: JSONObjectReader, _ key: String, in range: ClosedRange<Double>)
        -> Double??
    {
        if reader.member(key)?.isNull == true { return .some(nil) }
        return reader.double(key, in: range).map { .some($0) }
    }

    /// ` (did you mean "x"?)` when a known name is close, else nothing.
    static func hint(_ name: String, in known: some Collection<String>) -> String {
        guard let suggestion = Suggestions.closest(to: name, in: known).first else { return "" }
        return " (did you mean \"\(suggestion)\"?)"
    }
}
