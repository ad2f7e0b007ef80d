import Testing

/// The error that `body` throws, for tests that go on to check it.
///
/// What `let error = thrownError(E.self) { … }` gives from Swift 6.1 on; Swift 6.0's
/// `#expect(throws:)` returns nothing, and the package supports 6.0. Records an issue, and returns
/// `nil`, when `body` throws nothing or an error that isn't an `E`. For `#require(throws:)`, wrap
/// it: `let error = try #require(thrownError(PersistenceError.self) { … })`.
///
/// ```swift
/// let error = thrownError(SessionError.self) { try load(lines) }
/// #expect(error?.description.contains("version 99") == true)
/// ```
///
/// - Parameters:
///   - type: The error type expected.
///   - sourceLocation: Where the issue is reported; leave it out.
///   - body: The code expected to throw.
/// - Returns: The error, or `nil`.
public func thrownError<E: Error, R>(
    _ type: E.Type, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R
) -> E? {
    do {
        _ = try body()
    } catch let error as E {
        return error
    } catch {
        Issue.record(
            "Expected an error of type \(E.self), but \(Swift.type(of: error)) was thrown: \(error)",
            sourceLocation: sourceLocation)
        return nil
    }
    Issue.record(
        "Expected an error of type \(E.self), but nothing was thrown", sourceLocation: sourceLocation)
    return nil
}

/// The error that the asynchronous `body` throws; see the synchronous ``thrownError(_:sourceLocation:_:)``.
///
/// - Parameters:
///   - type: The error type expected.
///   - sourceLocation: Where the issue is reported; leave it out.
///   - body: The code expected to throw.
/// - Returns: The error, or `nil`.
public func thrownError<E: Error, R>(
    _ type: E.Type, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> R
) async -> E? {
    do {
        _ = try await body()
    } catch let error as E {
        return error
    } catch {
        Issue.record(
            "Expected an error of type \(E.self), but \(Swift.type(of: error)) was thrown: \(error)",
            sourceLocation: sourceLocation)
        return nil
    }
    Issue.record(
        "Expected an error of type \(E.self), but nothing was thrown", sourceLocation: sourceLocation)
    return nil
}
