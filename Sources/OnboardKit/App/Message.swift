/// Everything that can happen to the app: the only way in for input, time and size.
public enum Message: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(width: Int, height: Int)
    /// One fixed simulation step of `seconds`; the core never reads a clock.
    case tick(seconds: Double)
    /// The process was asked to stop (SIGINT, SIGTERM, SIGHUP).
    case interrupt(Outcome)
}
