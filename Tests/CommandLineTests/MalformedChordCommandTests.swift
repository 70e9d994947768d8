import Foundation
import Testing
import WayfinderTestSupport

/// A key chord that names a modifier more than once (`Ctrl+Ctrl+…+P`) used to be taken as
/// `Ctrl+P`; `navigate --keys` refuses it as a usage error naming the key and the modifier.
@Suite struct MalformedChordCommandTests {
    @Test(arguments: [
        ("Ctrl+Ctrl+P", #"key 1 ("Ctrl+Ctrl+P"): "Ctrl" is given twice"#),
        ("Tab Shift+Ctrl+shift+P", #"key 2 ("Shift+Ctrl+shift+P"): "shift" is given twice"#),
        (
            String(repeating: "Ctrl+", count: 1_000) + "P",
            #"key 1 (""# + String(repeating: "Ctrl+", count: 1_000) + #"P"): "Ctrl" is given twice"#
        ),
    ])
    func aRepeatedModifierIsRefused(keys: String, reason: String) throws {
        let scene = Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources/Demo/demo-scene.json").path
        let outcome = try WayfinderProcess.run(["navigate", "--scene", scene, "--keys", keys])
        // The usage lines that follow the error are those of any other usage error.
        let noKeys = try WayfinderProcess.run(["navigate", "--scene", scene, "--keys", ""])
        #expect(noKeys.errorLines.first == "Error: Invalid value for '--keys': no keys given")
        #expect(outcome.exitCode == 64)
        #expect(outcome.standardOutput == "")
        #expect(
            outcome.errorLines == ["Error: Invalid value for '--keys': " + reason] + noKeys.errorLines.dropFirst())
    }
}
