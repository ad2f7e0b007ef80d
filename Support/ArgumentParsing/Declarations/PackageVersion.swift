/// The version every executable of the package prints for `--version`.
public enum PackageVersion {
    /// The version number, shared by every executable: the one place it is written. A release
    /// sets it to the number of its `## [x.y.z] - date` heading in CHANGELOG.md (a test checks
    /// that the two and README's dependency line agree).
    public static let current = "1.1.0"

    /// What `--version` prints for `program`, e.g. `todo 1.1.0`.
    public static func line(for program: String) -> String { "\(program) \(current)" }
}
