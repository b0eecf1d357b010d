/// Everything the paywall list's window (how many packages it shows at once) is worked out
/// from: the presentation less what only the selection changes, the theme and the content
/// rectangle. The app keeps the last ones with their window, so a key that moves only the
/// selection scrolls the list without laying the paywall out again.
struct PaywallRevealInputs: Hashable, Sendable {
    var presentation: PaywallPresentation
    var theme: Theme
    var content: Rect

    init(presentation: PaywallPresentation, theme: Theme, content: Rect) {
        // The selection marks a row and picks the button's words; neither moves a line (the
        // button keeps the height of its longest call to action). Copy that names the selected
        // package's price can change the title's height, so the rest stays in.
        var shape = presentation
        shape.listTop = 0
        shape.callToAction = ""
        for index in shape.rows.indices { shape.rows[index].isSelected = false }
        self.presentation = shape
        self.theme = theme
        self.content = content
    }
}
