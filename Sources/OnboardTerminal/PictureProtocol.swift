import OnboardKit

/// How PNG pictures reach the terminal (`--images`, the config file's `images`).
public enum PictureProtocol: String, CaseIterable, Hashable, Sendable {
    /// kitty's graphics protocol (kitty, Ghostty, WezTerm): the PNG file itself, scaled by the
    /// terminal to the cells.
    case kitty
    /// Sixel (xterm -ti vt340, foot, WezTerm, Konsole, mlterm, Windows Terminal): pixels on a
    /// palette of up to 256 colours, encoded by libsixel.
    case sixel
    /// iTerm2's inline images (iTerm2, WezTerm): the PNG file, scaled by the terminal.
    case iterm
    /// Upper half blocks in the terminal's colours: every terminal with colours.
    case blocks
    /// No pictures: their alt text.
    case none

    /// Whether the terminal draws the picture itself over cells the page leaves blank.
    public var isGraphics: Bool { self == .kitty || self == .sixel || self == .iterm }
}

/// `--images`: a protocol, or `auto` to ask the terminal.
public enum PictureChoice: Hashable, Sendable {
    case auto
    case fixed(PictureProtocol)

    /// `auto`, or a protocol's name; nil for anything else.
    public init?(_ text: String) {
        if text == "auto" {
            self = .auto
        } else if let chosen = PictureProtocol(rawValue: text) {
            self = .fixed(chosen)
        } else {
            return nil
        }
    }

    public static let names = ["auto"] + PictureProtocol.allCases.map(\.rawValue)

    /// Whether the terminal needs asking: only `auto` outside tmux and screen, which pass no
    /// graphics through by default (and tmux 3.3a has no sixel of its own), and outside
    /// `NO_COLOR`, where pictures are their alt text anyway.
    public func needsProbe(environment: [String: String]) -> Bool {
        guard self == .auto else { return false }
        return !Self.isMultiplexer(environment) && environment["NO_COLOR"] == nil
    }

    static func isMultiplexer(_ environment: [String: String]) -> Bool {
        let terminal = environment["TERM"] ?? ""
        return environment["TMUX"].map { !$0.isEmpty } == true || terminal.hasPrefix("tmux")
            || terminal.hasPrefix("screen")
    }

    /// The protocol to draw with: the one chosen, else what the terminal answered (kitty's
    /// graphics first, as it carries the PNG unchanged), else iTerm2's where `TERM_PROGRAM` names
    /// a terminal that has it, else sixel where the device attributes list 4, else half blocks.
    public func resolve(environment: [String: String], answers: TerminalGraphics?) -> PictureProtocol {
        if case .fixed(let chosen) = self { return chosen }
        guard needsProbe(environment: environment) else { return .blocks }
        if answers?.kitty == true { return .kitty }
        if ["iTerm.app", "WezTerm"].contains(environment["TERM_PROGRAM"] ?? "") { return .iterm }
        if answers?.sixel == true { return .sixel }
        return .blocks
    }
}
