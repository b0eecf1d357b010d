/// The buttons: Back (not on the first page), Next (or the done button on the last page), and
/// Skip at the top right (not on the last page), with the app's name at the top left.
public enum ControlsView {
    public static func draw(into canvas: inout Canvas, layout: CarouselLayout, appName: String, theme: Theme) {
        let skip = layout.skipButton
        let nameLimit = layout.width - 4 - (skip.map { $0.width + 2 } ?? 0)
        if nameLimit > 0 {
            let name = TextLayout.truncate(appName, width: nameLimit)
            // Mirrored, the name goes to the right and Skip to the left.
            let x = layout.direction == .rightToLeft ? layout.width - 2 - DisplayWidth.of(name) : 2
            canvas.draw(name, x: x, y: layout.topBarRow, style: theme.muted)
        }
        if let skip {
            canvas.draw(layout.skipCaption, x: skip.x, y: skip.y, style: theme.muted.underlined())
        }
        // Captions are laid out left to right already (the arrow on the outer side): drawn as
        // left-to-right lines, only a right-to-left label in them is reordered.
        if let back = layout.backButton {
            canvas.draw(layout.backCaption, x: back.x, y: back.y, style: theme.backButton, direction: .leftToRight)
        }
        if let next = layout.nextButton {
            canvas.draw(layout.nextCaption, x: next.x, y: next.y, style: theme.accentText, direction: .leftToRight)
        }
        if let done = layout.doneButton {
            canvas.draw(layout.doneCaption, x: done.x, y: done.y, style: theme.primaryButton, direction: .leftToRight)
        }
    }
}
