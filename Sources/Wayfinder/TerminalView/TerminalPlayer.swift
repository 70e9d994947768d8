/// Draws a runtime's scene in the terminal, frame after frame, with a title line on top and a
/// caption under the picture; the picture fills the terminal (80×24 when its size is unknown).
///
/// ```swift
/// let player = TerminalPlayer()
/// player.begin()
/// runtime.onEvent = { _ in }
/// if let snapshot = runtime.snapshot() { player.draw(snapshot, title: "demo", caption: "focus → search") }
/// player.end()
/// ```
public final class TerminalPlayer {
    private let renderer: TerminalRenderer
    private let colour: Bool
    private var lastCaption = ""

    /// Creates a player sized to the terminal on standard output.
    /// - Parameter colour: Whether to draw with ANSI colour.
    public init(colour: Bool = true) {
        let size = Terminal.size ?? TerminalRenderer.defaultSize
        // One row for the title.
        renderer = TerminalRenderer(columns: size.columns, rows: size.rows - 1)
        self.colour = colour
    }

    /// Clears the screen.
    public func begin() {
        Terminal.write("\u{1B}[H\u{1B}[2J")
    }

    /// Draws one frame. A nil caption keeps the previous one.
    public func draw(_ snapshot: TerminalSnapshot, title: String, caption: String?) {
        if let caption { lastCaption = caption }
        var snapshot = snapshot
        snapshot.caption = lastCaption
        var text = Terminal.Sequence.home
        let heading = String(title.prefix(renderer.columns))
        text += (colour ? "\u{1B}[0;1;7m" : "") + heading + (colour ? "\u{1B}[0m" : "")
        text += Terminal.Sequence.clearToEndOfLine + "\r\n"
        let lines = renderer.render(snapshot, colour: colour)
        for (index, line) in lines.enumerated() {
            text += line + Terminal.Sequence.clearToEndOfLine
            if index < lines.count - 1 { text += "\r\n" }
        }
        Terminal.write(text)
    }

    /// Leaves the last frame on screen and moves the cursor below it.
    public func end() {
        Terminal.write("\u{1B}[0m\r\n")
    }
}
