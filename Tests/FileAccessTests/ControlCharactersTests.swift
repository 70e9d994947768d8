import FileAccess
import Testing

/// The one function that keeps text from files and devices from driving a terminal.
@Suite struct ControlCharactersTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("café ☕ · 10 °C", "café ☕ · 10 °C"),
        ("\u{1B}]0;title\u{07}", #"\u{1B}]0;title\u{07}"#),
        ("\u{1B}[2J", #"\u{1B}[2J"#),
        ("a\u{0}b\u{7F}c", #"a\u{00}b\u{7F}c"#),
        ("\u{9B}2J \u{9D}52;c;x\u{9C}", #"\u{9B}2J \u{9D}52;c;x\u{9C}"#),
        ("\u{80}\u{9F}\u{A0}", #"\u{80}\u{9F}"# + "\u{A0}"),
        ("two\nlines\tand a tab\r", #"two\u{0A}lines\u{09}and a tab\u{0D}"#),
    ])
    func controlCharactersAreWrittenOut(text: String, escaped: String) {
        #expect(text.escapingControlCharacters() == escaped)
    }

    @Test func wholeLinesKeepTheirLineFeedsAndTabs() {
        #expect("a\tb\n".escapingControlCharacters(keepingLineBreaks: true) == "a\tb\n")
        #expect(
            "name \u{1B}[31m\r\n".escapingControlCharacters(keepingLineBreaks: true) == #"name \u{1B}[31m\u{0D}"# + "\n"
        )
    }
}
