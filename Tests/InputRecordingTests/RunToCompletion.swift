import Foundation

/// Runs a program to completion.
/// - Parameters:
///   - executable: The program's path.
///   - arguments: Its arguments.
/// - Returns: Its exit status, and what it wrote to standard output and standard error, in the
///   order it wrote it.
/// - Throws: When the program cannot be started.
func runToCompletion(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
