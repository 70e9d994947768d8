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
            Self.script, ["--group", "--user", user, "--dry-run"],
            environment: ["WAYFINDER_UDEV_RULES_DIR": rules.path])
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput == "")
        #expect(outcome.errorLines == ["install-udev-rule: error: " + message])
        #expect(!FileManager.default.fileExists(atPath: rules.path))
    }

    /// What the script says about reloading udev: udev does not run in every test machine.
    static let reloadLines =
        FileManager.default.fileExists(atPath: "/run/udev")
            && ["/usr/bin/udevadm", "/bin/udevadm"].contains { FileManager.default.isExecutableFile(atPath: $0) }
        ? [
            "install-udev-rule: would run: udevadm control --reload-rules",
            "install-udev-rule: would run: udevadm trigger --subsystem-match=input --action=change",
        ] : ["install-udev-rule: udev is not running here; the rule applies from the next boot"]

    static let rulesSource = Fixtures.packageRoot.appendingPathComponent("udev-rules").standardizedFileURL.path

    /// The default is the seat rule: one file, no group, no user; systemd-logind gives the
    /// active local session's user access. (udev does not run in the test's container, so the
    /// script says the rule applies from the next boot.)
    @Test func installsTheSeatRuleByDefault() throws {
        let rules = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: rules) }
        let outcome = try WayfinderProcess.execute(
            Self.script, ["--dry-run"], environment: ["WAYFINDER_UDEV_RULES_DIR": rules.path])
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput == "")
        #expect(
            outcome.errorLines
                == [
                    "install-udev-rule: would run: install -D -m 0644 \(Self.rulesSource)/70-wayfinder-uaccess.rules "
                        + "\(rules.path)/70-wayfinder-uaccess.rules"
                ] + Self.reloadLines)
        #expect(!FileManager.default.fileExists(atPath: rules.path))
    }

    /// The group rule, with a user to add.
    @Test func installsTheGroupRuleWhenAsked() throws {
        let rules = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: rules) }
        let outcome = try WayfinderProcess.execute(
            Self.script, ["--group", "--user", "nobody", "--dry-run"],
            environment: ["WAYFINDER_UDEV_RULES_DIR": rules.path])
        #expect(outcome.exitCode == 0)
        let acl =
            FileManager.default.isExecutableFile(atPath: "/usr/bin/setfacl")
            ? [] : ["install-udev-rule: would install the 'acl' package (setfacl)"]
        let group =
            (try? String(contentsOfFile: "/etc/group", encoding: .utf8))?.split(separator: "\n")
                .contains { $0.hasPrefix("wayfinder:") } == true
            ? ["install-udev-rule: group 'wayfinder' exists"]
            : ["install-udev-rule: would run: groupadd --system wayfinder"]
        #expect(
            outcome.errorLines
                == [
                    "install-udev-rule: would run: install -D -m 0644 \(Self.rulesSource)/70-wayfinder.rules "
                        + "\(rules.path)/70-wayfinder.rules"
                ] + acl + group + ["install-udev-rule: would run: usermod --append --groups wayfinder -- nobody"]
                + Self.reloadLines)
        #expect(!FileManager.default.fileExists(atPath: rules.path))
    }

    /// `--user` names a user for the group; the seat rule has none. These mistakes are usage
    /// errors: status 64 and the usage line.
    @Test(arguments: [
        (
            ["--user", "nobody"],
            "--user is for the group rule (--group): the seat rule gives access to whoever uses the local seat"
        ),
        (["--seat"], "unknown argument '--seat'"),
        (["--group", "--user"], "--user needs a user name"),
    ])
    func refusesAMisusedCommandLine(arguments: [String], message: String) throws {
        let rules = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString)")
        let outcome = try WayfinderProcess.execute(
            Self.script, ["--dry-run"] + arguments, environment: ["WAYFINDER_UDEV_RULES_DIR": rules.path])
        #expect(outcome.exitCode == 64)
        #expect(
            outcome.errorLines == [
                "install-udev-rule: error: " + message,
                "install-udev-rule: usage: Scripts/install-udev-rule [--group [--user NAME]] [--dry-run]",
            ])
        #expect(!FileManager.default.fileExists(atPath: rules.path))
    }
}
