/// How strictly a ``TestStore`` checks what happens.
public enum Exhaustivity: Sendable, Hashable {
    /// The default. Each `send` and `receive` closure must describe the whole change of the
    /// state; every action that thunks or middleware dispatch must be received; and no async
    /// thunk may still run when the test ends.
    case on
    /// For integration-style tests. A closure only needs to set the parts of the state you care
    /// about (assign the values you expect, like `$0.isLoading = false`, rather than changing
    /// them relatively, like `$0.count += 1`); `receive` skips actions until the one it expects;
    /// actions left unreceived and thunks still running at the end don't fail the test.
    case off
}
