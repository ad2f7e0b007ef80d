/// The exit statuses every executable of the package uses.
public enum ExitStatus {
    /// The command did what was asked.
    public static let success: Int32 = 0
    /// The command was understood but could not be carried out (the reason is printed).
    public static let failure: Int32 = 1
    /// The command line was wrong; nothing was done.
    public static let usage: Int32 = 2
    /// The user pressed Ctrl-C (128 + SIGINT, as shells report it).
    public static let interrupted: Int32 = 130
}
