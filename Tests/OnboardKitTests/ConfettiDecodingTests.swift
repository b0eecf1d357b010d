import Testing

@testable import OnboardKit

@Suite struct ConfettiDecodingTests {
    /// Decodes `json` as a deck whose `"confetti"` member holds the triggers.
    private func triggers(_ json: String) throws -> (ConfettiTriggers, DiagnosticLog) {
        let log = DiagnosticLog(file: "deck.json")
        let root = try JSONParser.parse(json)
        let deck = try #require(JSONObjectReader(root, path: .root, log: log))
        let confetti = try #require(deck.object("confetti"))
        return (ConfettiTriggers.decode(confetti), log)
    }

    /// Decodes one cannon object at the document's root.
    private func cannon(_ json: String) throws -> (ConfettiCannon?, DiagnosticLog) {
        let log = DiagnosticLog(file: "deck.json")
        let reader = try #require(JSONObjectReader(try JSONParser.parse(json), path: .root, log: log))
        return (ConfettiCannon.decode(reader), log)
    }

    @Test func anEmptyObjectIsTheMobileDefaultCannon() throws {
        let (decoded, log) = try cannon("{}")
        #expect(log.diagnostics.isEmpty)
        let value = try #require(decoded)
        #expect(value == ConfettiCannon.cannon)
        #expect(value.num == 20 && value.confettiSize == 10 && value.rainHeight == 600 && value.radius == 300)
        #expect(value.openingAngle == 60 && value.closingAngle == 120 && value.repetitions == 1)
        #expect(value.repetitionInterval == 1 && value.fadesOut && value.opacity == 1 && !value.bell)
        #expect(value.colors.count == 7 && value.confettis.count == 5)
    }

    @Test func everyMemberIsRead() throws {
        let (decoded, log) = try cannon(
            """
            {"num": 35, "confettis": ["triangle", "slimRectangle", "🎉", "★", {"text": "$"}], "colors": ["pink", "#00ff80", 196],
             "confettiSize": 20, "rainHeight": 400, "fadesOut": false, "opacity": 0.8, "openingAngle": 30,
             "closingAngle": 150, "radius": 250, "repetitions": 3, "repetitionInterval": 0.5, "bell": true,
             "startVelocity": 90, "gravity": 12, "drag": 2.5, "drift": -3, "flutter": 0.5, "lifetime": 3,
             "lifetimeVariation": 0.3, "origin": {"rect": {"x": 10, "y": 20, "width": 12, "height": 1}},
             "rocket": {"sparks": 12, "fuse": 0.6, "sparkRadius": 90}}
            """)
        #expect(log.diagnostics.isEmpty, "\(log.diagnostics)")
        let value = try #require(decoded)
        #expect(value.num == 35)
        #expect(value.confettis == [.shape(.triangle), .shape(.slimRectangle), .emoji("🎉"), .text("★"), .text("$")])
        #expect(value.colors == [ConfettiPalette.named["pink"]!, .rgb(0, 255, 128), .indexed(196)])
        #expect(value.confettiSize == 20 && value.rainHeight == 400 && !value.fadesOut && value.opacity == 0.8)
        #expect(value.openingAngle == 30 && value.closingAngle == 150 && value.radius == 250)
        #expect(value.repetitions == 3 && value.repetitionInterval == 0.5 && value.bell)
        #expect(value.startVelocity == 90 && value.gravity == 12 && value.drag == 2.5 && value.drift == -3)
        #expect(value.flutter == 0.5 && value.lifetime == 3 && value.lifetimeVariation == 0.3)
        #expect(value.origin == .rect(Rect(x: 10, y: 20, width: 12, height: 1)))
        #expect(value.rocket == ConfettiRocket(sparks: 12, fuse: 0.6, sparkRadius: 90))
    }

    @Test func thePresetComesFirstAndMembersOverrideIt() throws {
        let (decoded, log) = try cannon(#"{"num": 3, "preset": "rain", "origin": "center"}"#)
        #expect(log.diagnostics.isEmpty)
        var expected = ConfettiCannon.rain
        expected.num = 3
        expected.origin = .center
        #expect(decoded == expected)
    }

    @Test(arguments: ["cannon", "rain", "burst", "fireworks", "celebration"])
    func presetsDecodeByName(name: String) throws {
        let (decoded, log) = try cannon(#"{"preset": "\#(name)"}"#)
        #expect(log.diagnostics.isEmpty)
        #expect(decoded == ConfettiCannon.presets[name])
        #expect(decoded != nil)
    }

    @Test func presetsDiffer() {
        let presets = [ConfettiCannon.cannon, .rain, .burst, .fireworks]
        #expect(Set(presets).count == 4)
        #expect(ConfettiCannon.burst.openingAngle == 0 && ConfettiCannon.burst.closingAngle == 360)
        #expect(ConfettiCannon.rain.origin == .topEdge)
        #expect(ConfettiCannon.fireworks.rocket != nil)
    }

    @Test(arguments: [
        (#"{"num": -4}"#, "confetti.onAppear.num", "-4 is out of range (0 to 2000)"),
        (#"{"repetitions": 0}"#, "confetti.onAppear.repetitions", "0 is out of range (1 to 1000)"),
        (#"{"openingAngle": 400}"#, "confetti.onAppear.openingAngle", "400 is out of range (0 to 360)"),
        (#"{"closingAngle": -10}"#, "confetti.onAppear.closingAngle", "-10 is out of range (0 to 360)"),
        (#"{"confettiSize": 0}"#, "confetti.onAppear.confettiSize", "must be greater than 0"),
        (#"{"opacity": 1.5}"#, "confetti.onAppear.opacity", "1.5 is out of range (0 to 1)"),
        (#"{"colors": ["blue", "purpel"]}"#, "confetti.onAppear.colors[1]", #"did you mean "purple"?"#),
        (##"{"colors": ["#12345g"]}"##, "confetti.onAppear.colors[0]", "is not a \"#rrggbb\" colour"),
        (#"{"colors": [256]}"#, "confetti.onAppear.colors[0]", "256 is not a colour index"),
        (#"{"colors": []}"#, "confetti.onAppear.colors", "must list at least one colour"),
        (#"{"confettis": ["cirle"]}"#, "confetti.onAppear.confettis[0]", #"did you mean "circle"?"#),
        (#"{"preset": "fireworx"}"#, "confetti.onAppear.preset", #"did you mean "fireworks"?"#),
        (#"{"num": "many"}"#, "confetti.onAppear.num", "expected a whole number, found a string"),
        (#"{"origin": {"x": 2, "y": 0.5}}"#, "confetti.onAppear.origin.x", "2 is out of range (0 to 1)"),
        (#"{"rocket": {"sparks": -1}}"#, "confetti.onAppear.rocket.sparks", "-1 is out of range (0 to 1000)"),
    ])
    func badValuesAreErrorsAtTheirPath(member: String, path: String, message: String) throws {
        let (decoded, log) = try triggers(#"{"confetti": {"onAppear": \#(member)}}"#)
        let error = try #require(log.errors.first)
        #expect(log.errors.count == 1, "\(log.errors)")
        #expect(error.path == path)
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.location != nil)
        // A trigger with errors keeps its default: nothing on appear.
        #expect(decoded.onAppear == nil)
    }

    @Test func errorsPointAtTheLineAndColumn() throws {
        let (_, log) = try triggers(
            """
            {"confetti": {
              "onFinish": {"num": 5,
                           "openingAngle": 361}}}
            """)
        let error = try #require(log.errors.first)
        #expect(
            error.description == "deck.json:3:32: error: confetti.onFinish.openingAngle: 361 is out of range (0 to 360)"
        )
    }

    @Test func unknownMembersAreWarnedWithASuggestion() throws {
        let (decoded, log) = try triggers(#"{"confetti": {"onPurchase": {"repetition": 3}, "onAppearr": true}}"#)
        #expect(log.errors.isEmpty)
        #expect(log.warnings.count == 2)
        let paths = Set(log.warnings.map(\.path))
        #expect(paths == ["confetti.onPurchase.repetition", "confetti.onAppearr"])
        #expect(log.warnings.contains { $0.message.contains(#"did you mean "repetitions"?"#) })
        #expect(log.warnings.contains { $0.message.contains(#"did you mean "onAppear"?"#) })
        #expect(decoded.onPurchase == ConfettiCannon.cannon)
    }

    @Test func triggersTakeObjectsPresetNamesAndSwitches() throws {
        let (decoded, log) = try triggers(
            """
            {"confetti": {"onAppear": {"repetitions": 5, "repetitionInterval": 2}, "onFinish": "fireworks",
                          "onPurchase": false, "onCelebrate": null}}
            """)
        #expect(log.diagnostics.isEmpty)
        var appear = ConfettiCannon.cannon
        appear.repetitions = 5
        appear.repetitionInterval = 2
        #expect(decoded.onAppear == appear)
        #expect(decoded.onFinish == .fireworks)
        #expect(decoded.onPurchase == nil)
        #expect(decoded.onCelebrate == nil)
    }

    @Test func byDefaultOnlyPurchasesAndTheCelebrateKeyThrowConfetti() throws {
        let (decoded, log) = try triggers(#"{"confetti": {"onAppear": true}}"#)
        #expect(log.diagnostics.isEmpty)
        #expect(decoded.onAppear == .celebration)
        #expect(decoded.onFinish == nil)
        #expect(decoded.onPurchase == .celebration)
        #expect(decoded.onCelebrate == .celebration)
        #expect(ConfettiTriggers.default.onAppear == nil)
    }

    @Test func colourNamesHexAndIndicesAllRead() {
        #expect(ConfettiPalette.color(named: "Pink") == .rgb(255, 45, 85))
        #expect(ConfettiPalette.color(named: "#f25") == .rgb(255, 34, 85))
        #expect(ConfettiPalette.color(named: "#+12345") == nil)
        #expect(ConfettiPalette.defaults.count == 7)
        #expect(ConfettiPalette.defaults.first == ConfettiPalette.named["blue"])
    }

    @Test func controlCharactersArePiecesNoOneCanSeeSoTheyAreErrorsShownSafely() throws {
        let (decoded, log) = try cannon(#"{"confettis": ["\u001b[31m"]}"#)
        #expect(decoded == nil)
        let error = try #require(log.errors.first)
        #expect(error.path == "confettis[0]")
        #expect(error.message.contains("␛[31m"))
        #expect(!error.message.unicodeScalars.contains { $0.value == 0x1B })
    }
}
