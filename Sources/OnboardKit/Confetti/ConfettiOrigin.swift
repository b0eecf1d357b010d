/// Where a cannon's pieces start.
public enum ConfettiOrigin: Hashable, Sendable {
    /// A point given as fractions of the screen: (0, 0) is the top left, (1, 1) the bottom right.
    case point(x: Double, y: Double)
    /// Anywhere inside a rectangle of cells, such as a button.
    case rect(Rect)
    /// Anywhere along a line just above the top of the screen, for rain.
    case topEdge

    /// The middle of the screen.
    public static let center = ConfettiOrigin.point(x: 0.5, y: 0.5)
    /// Low in the middle, where the mobile cannon usually sits under its button.
    public static let bottomCenter = ConfettiOrigin.point(x: 0.5, y: 0.9)
}
