/// What a ``PersistedFile`` does with a file whose contents it can't use: not JSON, not a value of
/// the expected type, or a migration that failed.
///
/// Each app states its choice when it creates the file, according to what the file holds:
///
/// ```swift
/// // Data the user typed in: never thrown away behind their back.
/// let todos = PersistedFile<TodoList>(url: todoURL, whenUnusable: .refuse)
/// // Settings or a cache: rebuilt from defaults, with a notice naming where the old file went.
/// let settings = PersistedFile<Settings>(url: settingsURL, whenUnusable: .setAsideAndRebuild)
/// ```
///
/// The policy covers bad *contents* only. Whatever the policy, a file that can't be *read*
/// (permissions, an I/O error) and a file written by a newer schema version are never moved or
/// written over: every operation throws a ``PersistenceError`` that says so, and the file stays as
/// it is. And ``PersistedFile/read()`` never changes anything, whatever the policy.
public enum UnusableFilePolicy: Sendable, Hashable {
    /// Leave the file where it is and throw a ``PersistenceError`` from ``PersistedFile/load()``,
    /// ``PersistedFile/update(_:)`` and ``PersistedFile/save(_:)``: nothing is saved over it. The
    /// app offers the user a way out that calls ``PersistedFile/setAside()``.
    case refuse
    /// Rename the file next to itself with a timestamped suffix (`settings.json.moved-20261129T111309.120Z`,
    /// never replacing another file), report a ``PersistenceError`` naming where it went to the
    /// problem handler, and carry on as if there were no file, so the app starts from its defaults.
    case setAsideAndRebuild
}
