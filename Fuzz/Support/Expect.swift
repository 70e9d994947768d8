// The check every target makes (`// fuzz-support: Expect`).

/// Stops the process with `message` on standard error when `condition` is false: unlike
/// `precondition`, whose message an optimised build leaves out, the finding then says what broke.
func expect(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    guard !condition else { return }
    fatalError(message(), file: file, line: line)
}
