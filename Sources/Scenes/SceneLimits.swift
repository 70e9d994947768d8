/// The limits a scene file is read within, so that a file cannot take the memory or the time of
/// the process that reads it.
public enum SceneLimits {
    /// The largest scene file read, in bytes: 256 MiB. A generated scene of a million labelled
    /// nodes with interactions is about 150 MB; a larger file is refused before any of it is read
    /// (its size is known from the file system), rather than held whole in memory first.
    public static let maximumFileSize = 256 << 20
}
