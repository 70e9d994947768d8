import FileAccess
import Wayfinder

/// What `--expect`, `--update-expectations`, `--ignore` and `--time-tolerance` ask of a replay.
struct StreamExpectationOptions: Hashable, Sendable {
    /// The longest tolerance `--time-tolerance` takes: a minute. Beyond it, every time matches
    /// every other in any recording a test would keep, and the option would only hide a mistake.
    static let maximumTimeToleranceMilliseconds = 60_000.0

    /// The golden file.
    var path: String
    /// Whether the stream is written into the file instead of compared with it.
    var isUpdating: Bool
    /// How lines are compared.
    var comparison: StreamComparison

    /// Reads the options; nil when `--expect` is not given.
    /// - Throws: ``UsageError`` for `--update-expectations`, `--ignore` or `--time-tolerance`
    ///   without `--expect`, or a tolerance that is not a number of milliseconds.
    init?(
        parsing arguments: ParsedArguments, expect: CommandOption, update: CommandOption, ignore: CommandOption,
        timeTolerance: CommandOption
    ) throws(UsageError) {
        guard let path = arguments.value(of: expect) else {
            for option in [update, ignore, timeTolerance] where arguments.contains(option) {
                throw UsageError("'\(option.names[0])' needs '--expect GOLDEN': the golden file it is about")
            }
            return nil
        }
        self.path = path
        isUpdating = arguments.contains(update)
        var fields: Set<String> = []
        for list in arguments.values(of: ignore) {
            for field in list.split(separator: ",", omittingEmptySubsequences: false) {
                let name = field.trimmingSpaces
                guard !name.isEmpty else {
                    throw UsageError("'--ignore \(list)' names an empty field; give field names separated by commas")
                }
                fields.insert(name)
            }
        }
        var tolerance = StreamComparison.defaultTimeTolerance
        if let text = arguments.value(of: timeTolerance) {
            guard let milliseconds = Double(text), milliseconds.isFinite, milliseconds >= 0,
                milliseconds <= Self.maximumTimeToleranceMilliseconds
            else {
                throw UsageError(
                    "'--time-tolerance \(text)' is not a number of milliseconds from 0 to "
                        + "\(Int(Self.maximumTimeToleranceMilliseconds))")
            }
            tolerance = .microseconds(Int64((milliseconds * 1000).rounded()))
        }
        comparison = StreamComparison(timeTolerance: tolerance, ignoring: fields)
    }
}

extension Substring {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

/// Where a replay's JSON lines go with `--expect`: compared with the golden file as they come, or
/// written into it (replaced whole only once the replay has finished).
final class StreamExpectationSink {
    private let options: StreamExpectationOptions
    private var golden: GoldenStreamFile?
    private var output: OutputFile?
    /// The first difference, or the first error reading the golden file or writing it.
    private var failure: CommandFailure?
    private var lines = 0

    /// Opens the golden file to compare with, or creates its replacement.
    /// - Throws: ``CommandFailure`` naming the file when it cannot be opened or created.
    init(_ options: StreamExpectationOptions) throws(CommandFailure) {
        self.options = options
        do throws(FileError) {
            if options.isUpdating {
                output = try OutputFile(creating: options.path, replacing: true)
            } else {
                golden = try GoldenStreamFile(path: options.path, comparison: options.comparison)
            }
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// Takes the stream's next line.
    func take(_ line: String) {
        guard failure == nil else { return }
        lines += 1
        do {
            if output != nil {
                try output?.write(line)
                try output?.write("\n")
            } else if let difference = try golden?.check(line) {
                failure = CommandFailure("\(difference)")
            }
        } catch {
            failure = CommandFailure("\(error)")
        }
    }

    /// Stops the replay at the first difference: nothing after it changes the answer.
    func checkFailure() throws(CommandFailure) {
        if let failure { throw failure }
    }

    /// Ends the comparison, or puts the written file in place.
    /// - Returns: The line that says so: how many lines matched, or were written.
    /// - Throws: ``CommandFailure`` with the difference, or the file's error.
    func finish() throws(CommandFailure) -> String {
        try checkFailure()
        do {
            if let file = output.take() {
                try file.finish()
                return "\(options.path): \(lines) lines written"
            }
            if let difference = try golden?.finish() { throw CommandFailure("\(difference)") }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("\(error)")
        }
        return "\(options.path): \(lines) lines, as expected"
    }
}
