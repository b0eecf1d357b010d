import OnboardKit
import OnboardTerminal
import Testing

@testable import OnboardRun

/// `"images"` in the config file, and `--images` over it.
@Suite struct PictureChoiceConfigTests {
    @Test(arguments: PictureChoice.names)
    func everyChoiceIsReadFromTheConfigFile(name: String) {
        let decoded = UserConfig.decode(Array(#"{"images": "\#(name)"}"#.utf8), file: "c.json")
        #expect(decoded.config?.images == PictureChoice(name) && decoded.diagnostics.isEmpty)
    }

    @Test func anUnknownChoiceIsAnErrorThatListsThem() {
        let decoded = UserConfig.decode(Array(#"{"images": "png"}"#.utf8), file: "c.json")
        #expect(decoded.config == nil)
        #expect(
            decoded.diagnostics.map(\.description) == [
                #"c.json:1:12: error: images: expected one of "auto", "kitty", "sixel", "iterm", "blocks", "none", found "png""#
            ])
    }

    @Test func theOptionWinsOverTheFileWhichWinsOverAuto() {
        var config = UserConfig()
        let none = RunPreferences.resolve(reducesMotion: false, theme: nil, environment: [:], config: config)
        #expect(none.pictures == .auto)
        config.images = .fixed(.blocks)
        let file = RunPreferences.resolve(reducesMotion: false, theme: nil, environment: [:], config: config)
        #expect(file.pictures == .fixed(.blocks))
        let option = RunPreferences.resolve(
            reducesMotion: false, theme: nil, environment: [:], config: config, pictures: .fixed(.sixel))
        #expect(option.pictures == .fixed(.sixel))
    }
}
