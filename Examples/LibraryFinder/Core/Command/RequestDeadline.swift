import Foundation

/// A ``LibraryService`` that gives up after exactly `seconds`, however the service below counts
/// time.
///
/// FoundationNetworking on Linux hands libcurl its timeout as `Int(seconds) * 1000` milliseconds:
/// the seconds are truncated to a whole number first, so 0.5 becomes 0 (and then a 1 ms timeout:
/// the request fails at once) and 2.5 becomes 2. The client below is therefore given the timeout
/// rounded up to whole seconds, and this wrapper enforces the exact one.
struct RequestDeadline: LibraryService {
    /// The service that does the work.
    let service: any LibraryService
    /// Seconds to wait for the whole answer.
    let seconds: Double
    /// The server, for the timeout message (`api.calil.jp`, `127.0.0.1:8080`).
    let host: String

    /// The timeout to give a URLSession-based client so that it never fires before `seconds`.
    static func transportTimeout(for seconds: Double) -> Double { max(1, seconds.rounded(.up)) }

    /// `host[:port]` of a server URL, as the timeout message shows it.
    static func host(of url: URL) -> String {
        var host = url.host ?? url.absoluteString
        if let port = url.port { host += ":\(port)" }
        return host
    }

    func libraries(matching query: LibraryQuery) async throws -> [Library] {
        let nanoseconds = UInt64(seconds * 1_000_000_000)
        return try await withThrowingTaskGroup(of: [Library]?.self) { group in
            group.addTask { try await service.libraries(matching: query) }
            group.addTask {
                try await Task.sleep(nanoseconds: nanoseconds)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            guard let libraries = first else { throw CalilError(.timedOut(host: host, seconds: seconds)) }
            return libraries
        }
    }
}
