import Foundation
import WayfinderTestSupport

/// What a run of the built `wayfinder` binary printed and how it ended.
struct ProcessOutcome: Sendable {
    /// Everything written to standard output.
    var standardOutput: String
    /// Everything written to standard error.
    var standardError: String
    /// The exit status.
    var exitCode: Int32

    /// The lines of standard error.
    var errorLines: [String] {
        standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// The lines of standard output.
    var outputLines: [String] {
        standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// Runs the `wayfinder` executable that the build put next to the test bundle.
enum WayfinderProcess {
    /// Errors finding or running the executable.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The built executable: `WAYFINDER_EXECUTABLE` if set, else `wayfinder` in the directory of
    /// the running test bundle, else `.build/debug/wayfinder` in the package.
    static func executableURL() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [URL] = []
        if let path = environment["WAYFINDER_EXECUTABLE"] { candidates.append(URL(fileURLWithPath: path)) }
        if let bundle = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(
                URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent("wayfinder"))
        }
        candidates.append(Fixtures.packageRoot.appendingPathComponent(".build/debug/wayfinder"))
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw Failure(description: "no built wayfinder executable among \(candidates.map(\.path))")
    }

    /// Runs `wayfinder` with arguments and waits for it to end.
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - environment: Extra environment variables.
    ///   - timeout: How long the command may run before it is terminated (and the outcome's exit
    ///     code shows the signal).
    ///   - executable: The program; the built `wayfinder` by default.
    ///   - output: Where its standard output goes; nil collects it in the outcome.
    static func run(
        _ arguments: [String],
        environment: [String: String] = [:],
        timeout: TimeInterval = 120,
        executable: URL? = nil,
        output: FileHandle? = nil
    ) throws -> ProcessOutcome {
        try execute(
            executable ?? executableURL(), arguments, environment: environment, timeout: timeout, output: output)
    }

    /// Runs any program with arguments, standard input empty, and waits for it to end.
    /// - Parameters:
    ///   - program: The program.
    ///   - arguments: Its arguments.
    ///   - environment: Extra environment variables.
    ///   - timeout: How long it may run before it is terminated.
    ///   - output: Where its standard output goes (a file, `/dev/full`, a pipe nobody reads);
    ///     nil collects it in the outcome.
    static func execute(
        _ program: URL,
        _ arguments: [String],
        environment: [String: String] = [:],
        timeout: TimeInterval = 120,
        output: FileHandle? = nil
    ) throws -> ProcessOutcome {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = output ?? outputPipe
        process.standardError = errorPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // A watchdog: a command that hangs fails its test instead of hanging the suite.
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        // Read both pipes to the end before waiting, so that a large output cannot fill a pipe
        // and block the child.
        let errorData = LockedData()
        let errorReader = Thread {
            errorData.set(errorPipe.fileHandleForReading.readDataToEndOfFile())
        }
        errorReader.start()
        if output != nil { try outputPipe.fileHandleForWriting.close() }
        let outputData = outputPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let standardError = errorData.waitForValue()
        return ProcessOutcome(
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: standardError, as: UTF8.self),
            exitCode: process.terminationStatus
        )
    }
}

/// Data handed from a reader thread to the test, set once.
private final class LockedData: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Data?

    func set(_ data: Data) {
        condition.lock()
        value = data
        condition.signal()
        condition.unlock()
    }

    func waitForValue() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while value == nil { condition.wait() }
        return value ?? Data()
    }
}
