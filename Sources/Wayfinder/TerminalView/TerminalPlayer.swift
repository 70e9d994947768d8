import FileAccess
public import InputDevices

/// Draws a runtime's scene in the terminal, frame after frame, with a title line on top and a
/// caption under the picture; the picture fills the terminal (80×24 when its size is unknown).
///
/// The view lives on the alternate screen, so that the terminal's contents come back when it
/// ends; it follows the terminal's size, redrawing the last frame when the window is resized
/// (poll ``resizeDescriptor`` and call ``redrawIfResized()``); and ``end()`` (or releasing the
/// player) restores the screen and the cursor, so that every way out leaves the terminal as it
/// was.
///
/// ```swift
/// let player = try TerminalPlayer()
/// player.begin()
/// defer { player.end() }
/// if let snapshot = runtime.snapshot() {
///     player.draw(snapshot, title: "demo", hint: "q: quit", caption: "focus → search")
/// }
/// ```
public final class TerminalPlayer {
    private var renderer: TerminalRenderer
    private let colour: Bool
    private let measure: () -> (columns: Int, rows: Int)?
    private let output: (String) -> Void
    private let resize: TerminalResizeSignal
    private var isShowing = false
    private var last: (snapshot: TerminalSnapshot, title: String, hint: String)?
    private var lastCaption = ""

    /// Creates a player sized to the terminal on standard output.
    /// - Parameters:
    ///   - colour: Whether to draw with ANSI colour; by default unless `NO_COLOR` or `TERM=dumb`
    ///     says not to (``Terminal/allowsColour``).
    ///   - size: Where the terminal's size comes from; standard output's by default.
    ///   - output: Where the frames go; standard output by default.
    /// - Throws: ``TerminalResizeSignal/Failure`` when resizes cannot be watched.
    public init(
        colour: Bool = Terminal.allowsColour,
        size: @escaping () -> (columns: Int, rows: Int)? = { Terminal.size },
        output: @escaping (String) -> Void = Terminal.write
    ) throws(TerminalResizeSignal.Failure) {
        self.colour = colour
        measure = size
        self.output = output
        renderer = Self.renderer(for: size())
        resize = try TerminalResizeSignal()
    }

    private static func renderer(for size: (columns: Int, rows: Int)?) -> TerminalRenderer {
        let size = size ?? TerminalRenderer.defaultSize
        // One row for the title.
        return TerminalRenderer(columns: size.columns, rows: size.rows - 1)
    }

    /// The descriptor that becomes readable when the terminal is resized, for a loop that waits
    /// on other input too.
    public var resizeDescriptor: FileDescriptor { resize.fileDescriptor }

    /// Switches to the alternate screen, hides the cursor and clears the screen.
    public func begin() {
        guard !isShowing else { return }
        isShowing = true
        output(Terminal.Sequence.enterFullScreen)
    }

    /// Draws one frame. A nil caption keeps the previous one.
    /// - Parameters:
    ///   - snapshot: What to draw.
    ///   - title: The title line's text, cut to fit.
    ///   - hint: Text kept at the title line's right end whatever the width (`q: quit`).
    ///   - caption: The line under the picture; nil keeps the previous one.
    public func draw(_ snapshot: TerminalSnapshot, title: String, hint: String = "", caption: String?) {
        if let caption { lastCaption = caption }
        last = (snapshot, title, hint)
        let size = measure() ?? TerminalRenderer.defaultSize
        var text = ""
        if size.columns != renderer.columns || size.rows - 1 != renderer.rows {
            renderer = Self.renderer(for: size)
            text += Terminal.Sequence.clearScreen
        }
        var snapshot = snapshot
        snapshot.caption = lastCaption
        text += Terminal.Sequence.home
        let heading = Self.titleLine(title, hint: hint, columns: renderer.columns)
        text += (colour ? "\u{1B}[0;1;7m" : "") + heading + (colour ? "\u{1B}[0m" : "")
        text += Terminal.Sequence.clearToEndOfLine + "\r\n"
        let lines = renderer.render(snapshot, colour: colour)
        for (index, line) in lines.enumerated() {
            text += line + Terminal.Sequence.clearToEndOfLine
            if index < lines.count - 1 { text += "\r\n" }
        }
        output(text)
    }

    /// Redraws the last frame at the terminal's new size when it has been resized since the last
    /// call; returns whether it had.
    @discardableResult
    public func redrawIfResized() -> Bool {
        guard resize.consume() else { return false }
        if let last { draw(last.snapshot, title: last.title, hint: last.hint, caption: nil) }
        return true
    }

    /// Leaves the alternate screen and shows the cursor, restoring what the terminal showed
    /// before ``begin()``; safe to call more than once.
    public func end() {
        guard isShowing else { return }
        isShowing = false
        output(Terminal.Sequence.leaveFullScreen)
    }

    deinit { end() }

    /// Returns the title line for a width: the title cut to fit, and the hint at the right end,
    /// which is never cut while there is room for it.
    ///
    /// ```
    ///  wayfinder explore  Tab / Shift-Tab: groups · arrows: items · Return, Space: sel… q: quit
    /// ```
    /// Control characters in either are shown escaped.
    public static func titleLine(_ title: String, hint: String, columns: Int) -> String {
        let title = title.escapingControlCharacters()
        let hint = hint.escapingControlCharacters()
        guard columns > 0 else { return "" }
        guard !hint.isEmpty else { return String(title.prefix(columns)) }
        guard hint.count + 1 < columns else { return String(hint.prefix(columns)) }
        let room = columns - hint.count - 1
        var shown = title
        if shown.count > room {
            shown = String(title.prefix(max(0, room - 1)))
            while shown.last == " " { shown.removeLast() }
            shown += "…"
        }
        return shown + String(repeating: " ", count: columns - shown.count - hint.count) + hint
    }
}
