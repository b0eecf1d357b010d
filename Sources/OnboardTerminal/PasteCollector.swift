import OnboardKit

/// Gathers the text of one bracketed paste (`ESC [ 200 ~` … `ESC [ 201 ~`, DEC mode 2004),
/// which may arrive over many reads.
///
/// The end marker is recognised whether ncurses hands it over as one key code or, when its
/// bytes came too far apart for ncurses to match them, as the characters themselves. A start
/// marker inside a paste is dropped (terminals do not nest pastes); everything else is kept
/// as data, as the terminal sent it (a newline usually as a carriage return), up to
/// `Message.pasteLimit` scalars. What lies beyond the limit is read and dropped, so that it
/// never becomes keys.
struct PasteCollector {
    static let startMarker = Array("\u{1B}[200~".unicodeScalars)
    static let endMarker = Array("\u{1B}[201~".unicodeScalars)

    private(set) var text = String.UnicodeScalarView()
    /// How many scalars were dropped beyond `Message.pasteLimit`.
    private(set) var droppedCount = 0
    /// The scalars in `text` (a scalar view counts itself one by one).
    private var keptCount = 0
    /// Scalars that so far match the start of a marker: kept back until they either complete
    /// it or turn out to be text.
    private var held: [Unicode.Scalar] = []

    /// Takes the next character of the paste; returns true when it completed the end marker,
    /// and the paste is over.
    mutating func accept(_ scalar: Unicode.Scalar) -> Bool {
        // Nearly all of a paste is text with no marker begun: kept at once.
        if held.isEmpty, scalar != Self.endMarker[0] {
            keep(scalar)
            return false
        }
        held.append(scalar)
        if held == Self.endMarker {
            held = []
            return true
        }
        if held == Self.startMarker {
            held = []
            return false
        }
        if Self.endMarker.starts(with: held) || Self.startMarker.starts(with: held) { return false }
        // Not a marker after all: what was held is text, except an Esc that may begin one.
        let last = held.removeLast()
        keep(held)
        held = []
        if last == Self.endMarker[0] {
            held = [last]
        } else {
            keep(last)
        }
        return false
    }

    /// The paste as gathered: call it once `accept` said the paste is over, once the end marker
    /// came as a key code, or when the paste is given up (its end never came).
    mutating func finish() -> String {
        keep(held)
        held = []
        return String(text)
    }

    private mutating func keep(_ scalars: [Unicode.Scalar]) {
        for scalar in scalars { keep(scalar) }
    }

    private mutating func keep(_ scalar: Unicode.Scalar) {
        if keptCount < Message.pasteLimit {
            text.append(scalar)
            keptCount += 1
        } else {
            droppedCount += 1
        }
    }
}
