import Foundation
import Testing
import WayfinderTestSupport

/// Issue 23, case 10: `Scripts/install-udev-rule --user -G` (or `-nG`, `--help`, `0`) passed
/// the `id "$user"` check and ran `usermod … --help`, reporting success, and `--user 0` bypassed
/// the refusal of root. The user is now looked up in the user database and refused when it is not
/// a user, or when it is root by any name or number; `--dry-run` keeps the script from changing
/// anything should it get further.
@Suite struct UdevRuleScriptTests {
    static let script = Fixtures.packageRoot.appendingPathComponent("Scripts/install-udev-rule")

    @Test(arguments: [
        ("-G", "'-G' is not a user name (name one with --user)"),
        ("-nG", "'-nG' is not a user name (name one with --user)"),
        ("--help", "'--help' is not a user name (name one with --user)"),
        ("", "'' is not a user name (name one with --user)"),
        ("0", "'root' is root (uid 0), who can read input devices already; name the user to add with --user"),
        ("root", "'root' is root (uid 0), who can read input devices already; name the user to add with --user"),
        ("no-such-user-23", "no such user 'no-such-user-23' (name one with --user)"),
    ])
    func refusesWhatIsNotAUserToAdd(user: String, message: String) throws {
        let rules = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: rules) }
        let outcome = try WayfinderProcess.execute(
            Self.script, ["--user", user, "--dry-run"], environment: ["WAYFINDER_UDEV_RULES_DIR": rules.path])
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput == "")
        #expect(outcome.errorLines == ["install-udev-rule: error: " + message])
        #expect(!FileManager.default.fileExists(atPath: rules.path))
    }
}
