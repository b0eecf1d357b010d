/// The shells tui-onboard writes completions for (`--completions SHELL`).
enum CompletionShell: String, CaseIterable, Sendable {
    case bash
    case zsh
    case fish

    /// The script, made from `CommandLineSpec`.
    var script: String {
        switch self {
        case .bash: return BashCompletion.script()
        case .zsh: return ZshCompletion.script()
        case .fish: return FishCompletion.script()
        }
    }
}
