#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The user and group id (65534, `nobody`) tests switch to, to check what another user can do.
public let otherUserID: UInt32 = 65534

/// Why a test can't run a program as ``otherUserID`` with `setpriv`, or `nil` when it can:
/// switching users needs root, and `/usr/bin/setpriv`. A test that needs it prints the reason and
/// skips when it is not `nil`.
public var otherUserUnavailable: String? {
    if geteuid() != 0 { return "not running as root (uid \(geteuid())), so can't switch to user nobody" }
    if access("/usr/bin/setpriv", X_OK) != 0 { return "/usr/bin/setpriv isn't installed" }
    return nil
}

/// The `setpriv` command line that runs `executable` with `arguments` as ``otherUserID``, with no
/// supplementary groups.
///
/// - Returns: The program to start and its arguments.
public func asOtherUser(_ executable: String, _ arguments: [String]) -> (
    executable: String, arguments: [String]
) {
    let id = String(otherUserID)
    return ("/usr/bin/setpriv", ["--reuid=\(id)", "--regid=\(id)", "--clear-groups", executable] + arguments)
}

/// Who a test runs a program as when file permissions must stop it: root ignores them, so when
/// the tests run as root that is ``otherUserID`` (through `setpriv`), and otherwise the test's own
/// user. `nil` when the tests run as root and can't switch (``otherUserUnavailable`` says why).
public var userBoundByPermissions: UInt32? {
    if geteuid() != 0 { return geteuid() }
    return otherUserUnavailable == nil ? otherUserID : nil
}

/// The command line that runs `executable` with `arguments` as ``userBoundByPermissions``:
/// through `setpriv` when the tests run as root, as it is otherwise.
///
/// - Returns: The program to start and its arguments.
public func asUserBoundByPermissions(_ executable: String, _ arguments: [String]) -> (
    executable: String, arguments: [String]
) {
    geteuid() == 0 ? asOtherUser(executable, arguments) : (executable, arguments)
}
