import Foundation

/// The files generated from the option tables and checked in under `Sources/wayfinder/Generated`:
/// manual pages in `man/` and completion scripts in `completions/`.
///
/// `wayfinder --generate-documentation DIRECTORY` writes them (`Scripts/generate-documentation`
/// does, into the checkout); a test fails while the checked-in ones are stale; `Scripts/install`
/// installs them.
enum GeneratedDocumentation {
    /// Every file, as a path relative to the directory and its content, in a fixed order.
    static var files: [(path: String, text: String)] {
        ManualPage.names.map { name in ("man/" + ManualPage.fileName(of: name), ManualPage.page(named: name) ?? "") }
            + CompletionScript.Shell.allCases.map { shell in
                ("completions/" + shell.fileName, CompletionScript.script(for: shell))
            }
    }

    /// Writes every file into a directory, creating `man/` and `completions/` as needed.
    /// - Throws: ``CommandFailure`` naming the file that could not be written.
    static func write(to directory: String) throws(CommandFailure) {
        let root = URL(fileURLWithPath: directory)
        for file in files {
            let url = root.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: url)
            } catch {
                throw CommandFailure("cannot write \(url.path): \(error.localizedDescription)")
            }
        }
    }
}
