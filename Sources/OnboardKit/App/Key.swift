/// A key press as the core understands it; the shell decodes terminal input into these.
public enum Key: Hashable, Sendable {
    case character(Character)
    /// A control chord such as Ctrl-C, named by its lowercase letter.
    case control(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case enter, escape, backspace, tab, backTab, delete
    case function(Int)
}
