extension ReplayCommand {
    /// Replays the recordings through the classifiers (and, with `--scene`, the whole pipeline)
    /// and prints the interaction stream.
    func runClassified() throws {
        throw CommandFailure("replaying as classified interactions is not available yet; use --raw for frames")
    }
}
