/// The version `--version` prints: tui-onboard's own, since both ship together.
enum ToolVersion {
    static let text = "0.1.0"
}
