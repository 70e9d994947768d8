import EventModel
import Foundation
import Testing

@Suite struct JSONLineTests {
    @Test func fieldsKeepTheirOrder() {
        var line = JSONLine()
        line.append("time", 0.25)
        line.append("device", "mouse")
        line.append("events", integerRows: [[2, 0, -3], [0, 0, 0]])
        line.append("fingers", 2)
        line.append("moved", true)
        line.appendNull("to")
        line.append("modifiers", strings: ["shift", "ctrl"])
        #expect(
            line.text
                == #"{"time":0.25,"device":"mouse","events":[[2,0,-3],[0,0,0]],"fingers":2,"moved":true,"to":null,"modifiers":["shift","ctrl"]}"#
        )
    }

    @Test func anEmptyObjectIsBraces() {
        #expect(JSONLine().text == "{}")
    }

    /// `wayfinder run` writes each line into its output this way, without making a string of it.
    @Test func theBytesAreTheText() {
        var line = JSONLine()
        line.append("device", "say \"hi\"\u{01} ✓")
        line.append("dx", -1.5)
        line.append("when", 0.000016)
        line.append("count", -12)
        let expected = #"{"device":"say \"hi\"\u0001 ✓","dx":-1.5,"when":0.000016,"count":-12}"#
        #expect(String(decoding: line.withUTF8 { Array($0) }, as: UTF8.self) == expected)
        #expect(line.text == expected)
    }

    /// Times are written from whole microseconds without floating point, as the number of
    /// seconds would print.
    @Test(arguments: [
        (Duration.zero, #"{"time":0}"#),
        (.microseconds(1), #"{"time":0.000001}"#),
        (.milliseconds(1_250), #"{"time":1.25}"#),
        (.microseconds(-16), #"{"time":-0.000016}"#),
        (.seconds(1_765_000_000) + .microseconds(250_001), #"{"time":1765000000.250001}"#),
        (.nanoseconds(1_500), #"{"time":0.000002}"#),
    ])
    func durationsPrintAsSeconds(duration: Duration, expected: String) {
        var line = JSONLine()
        line.append("time", seconds: duration)
        #expect(line.text == expected)
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("say \"hi\"", #""say \"hi\"""#),
        (#"back\slash"#, #""back\\slash""#),
        ("line\nbreak\r\ttab", #""line\nbreak\r\ttab""#),
        ("\u{01}\u{1F}\u{7F}", #""\u0001\u001f\u007f""#),
        ("\u{08}\u{0C}", #""\b\f""#),
        ("Ünïcødé ✓ 🖱", "\"Ünïcødé ✓ 🖱\""),
        ("sep\u{2028}", #""sep\u2028""#),
    ])
    func stringsAreEscaped(value: String, expected: String) {
        #expect(JSONLine.quoted(value) == expected)
    }

    @Test func everyEscapedStringReadsBackWithFoundation() throws {
        var everything = ""
        for value in 0..<0x250 {
            if let scalar = Unicode.Scalar(value) { everything.unicodeScalars.append(scalar) }
        }
        everything += "\u{2028}\u{2029}🖱"
        var line = JSONLine()
        line.append("name", everything)
        line.append("name with \"quotes\"", 1)
        #expect(!line.text.contains("\n"))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(line.text.utf8)) as? [String: Any]
        )
        #expect(object["name"] as? String == everything)
        #expect(object["name with \"quotes\""] as? Int == 1)
    }

    @Test func numbersAreValidJSON() throws {
        var line = JSONLine()
        line.append("whole", 5.0)
        line.append("small", 0.000001)
        line.append("large", 1e20)
        line.append("negative", -1.5)
        line.append("nan", Double.nan)
        line.append("infinity", Double.infinity)
        line.append("int32", Int32.min)
        line.append("uint16", UInt16.max)
        #expect(
            line.text
                == #"{"whole":5,"small":0.000001,"large":1e+20,"negative":-1.5,"nan":null,"infinity":null,"int32":-2147483648,"uint16":65535}"#
        )
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.text.utf8)) as? [String: Any])
        #expect((object["small"] as? Double) == 0.000001)
        #expect((object["large"] as? Double) == 1e20)
        #expect(object["nan"] is NSNull)
        #expect((object["int32"] as? Int) == Int(Int32.min))
    }

    /// Rounded to the nearest millionth, in plain decimal notation without trailing zeros.
    @Test(arguments: [
        (0.000016, "0.000016"),
        (1.6e-05, "0.000016"),
        (1.1362510000000001, "1.136251"),
        (0.1 + 0.2, "0.3"),
        (-0.0000004, "0"),
        (-0.0, "0"),
        (-2.5000001, "-2.5"),
        (1_764_601_234.000016, "1764601234.000016"),
        (123.4567894, "123.456789"),
        (0.0000005, "0.000001"),
        (9e12, "9000000000000"),
        (9_000_000_000_000.125, "9000000000000.125"),
        (1e17, "100000000000000000"),
    ])
    func numbersAreCompact(value: Double, expected: String) throws {
        var line = JSONLine()
        line.append("n", value)
        #expect(line.text == #"{"n":"# + expected + "}")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.text.utf8)) as? [String: Any])
        #expect(abs((object["n"] as? Double ?? .nan) - value) <= 0.0000005 + value.magnitude * 1e-15)
    }

    @Test func removeAllStartsANewObject() {
        var line = JSONLine()
        line.append("a", 1)
        line.removeAll()
        line.append("b", "x")
        #expect(line.text == #"{"b":"x"}"#)
    }

    @Test func objectsNest() {
        var size = JSONLine()
        size.append("width", 100.5)
        size.append("height", 60)
        var line = JSONLine()
        line.append("size", object: size)
        #expect(line.text == #"{"size":{"width":100.5,"height":60}}"#)
    }

    /// Whole numbers below 2³² are written from their bits, without floating point: every digit
    /// is the same as the rounding to millionths writes, for wholes, fractions, both zeros, the
    /// edges of the fast path, subnormals, huge magnitudes, NaN and infinities, and a spread of
    /// generated values.
    @Test func numbersMatchTheRoundingToMillionths() {
        var values: [Double] = [
            0, -0.0, 1, -1, 2, 0.5, -0.5, 1.5, 3, 4_294_967_295, -4_294_967_295, 4_294_967_296,
            -4_294_967_296, 4_294_967_297, 4_294_967_295.5, 0x1p31, 0x1p32 - 0x1p-20, 0.0000005, 0.0000004999,
            -0.0000005, 123.4567894, 1e-300, -1e-300, Double.leastNonzeroMagnitude,
            Double.leastNormalMagnitude, -Double.leastNonzeroMagnitude, 9e12, -9e12, 8_999_999_999_999,
            9_000_000_000_000.125, 5.76e11, 1e17, 1e20, -1e20, 0x1p63, Double.greatestFiniteMagnitude,
            .nan, -.nan, .infinity, -.infinity, 0.1 + 0.2, 1.1362510000000001,
        ]
        for exponent in -30...40 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [power, -power, power.nextUp, power.nextDown, power + 1, power - 1, power * 3, -power * 3]
        }
        for whole in -1_000...1_000 {
            values += [Double(whole), Double(whole) / 4, Double(whole) / 1_000_000, Double(whole) * 1_000_003]
        }
        // A reproducible spread over many magnitudes (a linear congruential sequence).
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let bits = state >> 11
            let magnitude =
                Double(bits) / Double(1 << 53) * Double(sign: .plus, exponent: Int(state % 80) - 40, significand: 1)
            values.append(state & 1 == 0 ? magnitude : -magnitude)
            values.append((magnitude * 1_000).rounded())
        }
        var mismatches: [String] = []
        for value in values {
            var line = JSONLine()
            line.append("n", value)
            let expected = #"{"n":"# + Self.millionthsText(value) + "}"
            if line.text != expected { mismatches.append("\(value): \(line.text), expected \(expected)") }
        }
        #expect(mismatches == [])
    }

    /// Whether a line is ASCII, which lets a writer skip its scan for control characters.
    @Test func aLineKnowsWhetherItIsASCII() {
        var line = JSONLine()
        line.append("device", "Mouse \"1\"\u{1B}")
        line.append("dx", -1.5)
        #expect(line.isASCII)
        line.append("name", "Mus ✓")
        #expect(!line.isASCII)
        line.removeAll()
        #expect(line.isASCII)
        var nested = JSONLine()
        nested.append("c1", "\u{85}")
        line.append("settings", object: nested)
        #expect(!line.isASCII)
        #expect(line.text == "{\"settings\":{\"c1\":\"\u{85}\"}}")
    }

    /// The number formatting as it was written first, with floating point throughout: the
    /// reference the formatting must match digit for digit.
    private static func millionthsText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let magnitude = value.magnitude
        guard magnitude < 9e12 else {
            if value == value.rounded(), magnitude < 9.2e18 { return String(Int64(value)) }
            return value.description
        }
        let millionths = Int64((magnitude * 1_000_000).rounded())
        guard millionths != 0 else { return "0" }
        let sign = value < 0 ? "-" : ""
        let whole = millionths / 1_000_000
        var fraction = String(millionths % 1_000_000)
        guard fraction != "0" else { return sign + String(whole) }
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(whole) + "." + fraction
    }
}
