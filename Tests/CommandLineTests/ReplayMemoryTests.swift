import Foundation
import Testing
import WayfinderTestSupport

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// `wayfinder replay` streams: its peak memory does not grow with the recording's length. Only
/// memory is measured (the kernel's peak resident size of the child), never time.
@Suite struct ReplayMemoryTests {
    /// Writes a synthetic 1 kHz mouse session of `frames` frames with `Scripts/generate-session`.
    static func session(frames: Int, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("session-\(frames).evemu").path
        let outcome = try WayfinderProcess.execute(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", Fixtures.packageRoot.appendingPathComponent("Scripts/generate-session").path,
                "--frames", "\(frames)", "-o", path,
            ])
        guard outcome.exitCode == 0 else {
            throw WayfinderProcess.Failure(description: "generate-session failed: \(outcome.standardError)")
        }
        return path
    }

    /// Runs `wayfinder` with standard output to `/dev/null` and returns its exit status and peak
    /// resident memory in kilobytes (`ru_maxrss` of the child, from `wait4`).
    static func peakMemory(_ arguments: [String]) throws -> (status: Int32, kilobytes: Int) {
        let executable = try WayfinderProcess.executableURL().path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw WayfinderProcess.Failure(
                description: "posix_spawn \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        // The exit status as WEXITSTATUS has it; anything else (a signal) is reported as -1.
        let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : -1
        return (exitStatus, Int(usage.ru_maxrss))
    }

    /// A session ten times as long peaks at no more than a quarter above the short one: a replay
    /// that kept its frames or events would need tens of megabytes more (the long session's file
    /// is 37 MB).
    @Test func peakMemoryDoesNotGrowWithTheRecording() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let short = try Self.peakMemory(["replay", "--json", Self.session(frames: 20_000, in: directory)])
        let long = try Self.peakMemory(["replay", "--json", Self.session(frames: 200_000, in: directory)])
        #expect(short.status == 0 && long.status == 0)
        #expect(
            Double(long.kilobytes) <= Double(short.kilobytes) * 1.25, "\(short.kilobytes) kB, then \(long.kilobytes) kB"
        )
    }
}
