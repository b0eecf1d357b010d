extension ConfettiRocket {
    /// Reads `{"sparks": 40, "fuse": 0.8, "sparkRadius": 150}`, each member optional.
    static func decode(_ reader: JSONObjectReader) -> ConfettiRocket? {
        var rocket = ConfettiRocket()
        let errorsBefore = reader.log.errors.count
        if let sparks = reader.int("sparks", in: 0...1000) { rocket.sparks = sparks }
        if let fuse = reader.double("fuse", in: 0.05...20) { rocket.fuse = fuse }
        if let radius = reader.double("sparkRadius", in: 0...10_000) { rocket.sparkRadius = radius }
        reader.warnUnknownKeys(["sparks", "fuse", "sparkRadius"])
        return reader.log.errors.count == errorsBefore ? rocket : nil
    }
}
