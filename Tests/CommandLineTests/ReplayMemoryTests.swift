import Foundation
import Testing
import WayfinderTestSupport

/// `wayfinder replay` streams: its peak memory does not grow with the recording's length. Only
/// memory is measured (the kernel's peak resident size of the process), never time.
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
    /// resident memory in kilobytes.
    ///
    /// A small Python process starts it and reads its peak from `RUSAGE_CHILDREN`. Spawned from
    /// this test process directly, the child would inherit this process's high-water mark: Linux
    /// carries the memory a process had before `exec` into its peak, and a child spawned with a
    /// shared address space (as `posix_spawn` does) starts out as this whole test run, which
    /// holds a hundred megabytes and more while the other suites run beside it.
    static func peakMemory(_ arguments: [String]) throws -> (status: Int32, kilobytes: Int) {
        let executable = try WayfinderProcess.executableURL().path
        let script = """
            import resource, subprocess, sys
            status = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode
            print(status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        let outcome = try WayfinderProcess.execute(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, executable] + arguments)
        let fields = outcome.standardOutput.split(whereSeparator: \.isWhitespace)
        guard outcome.exitCode == 0, fields.count == 2, let status = Int32(fields[0]), let kilobytes = Int(fields[1])
        else {
            throw WayfinderProcess.Failure(
                description: "measuring \(arguments): \(outcome.standardOutput) \(outcome.standardError)")
        }
        return (status, kilobytes)
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
