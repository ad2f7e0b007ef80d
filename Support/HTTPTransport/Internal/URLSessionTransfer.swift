import Foundation
import InternalReSwiftUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request through URLSession: on Apple platforms, and on Linux where libcurl can't be loaded
/// directly (there it spins a core while waiting; see ``HTTPClient``).
enum URLSessionTransfer {
    static func get(_ url: URL, headers: [String: String], timeout: Double, maximumBodySize: Int)
        async throws -> HTTPResponse
    {
        let seconds = Double(HTTPClient.milliseconds(timeout)) / 1000
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url)
        request.timeoutInterval = seconds
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }

        let task = TaskBox()
        let completion = Completion<HTTPResponse>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                completion.wait(with: continuation)
                task.start(
                    session.dataTask(with: request) { data, response, error in
                        completion.resolve(
                            outcome(
                                data: data, response: response, error: error, maximumBodySize: maximumBodySize
                            ))
                    })
            }
        } onCancel: {
            // Resolve first: cancelling the data task makes URLSession call back at once, on
            // another thread, with its own "cancelled" error, which must not win the race.
            completion.resolve(.failure(CancellationError()))
            task.cancel()
        }
    }

    private static func outcome(
        data: Data?, response: URLResponse?, error: (any Error)?, maximumBodySize: Int
    )
        -> Result<HTTPResponse, any Error>
    {
        if let error {
            if (error as? URLError)?.code == .cancelled { return .failure(CancellationError()) }
            return .failure(HTTPTransportError(kind(of: error)))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(HTTPTransportError(.badResponse))
        }
        let body = data ?? Data()
        guard body.count <= maximumBodySize else { return .failure(HTTPTransportError(.responseTooLarge)) }
        return .success(HTTPResponse(status: http.statusCode, body: body))
    }

    static func kind(of error: any Error) -> HTTPTransportError.Kind {
        guard let error = error as? URLError else { return .other(code: (error as NSError).code) }
        switch error.code {
        case .badURL, .unsupportedURL: return .unsupportedURL
        case .cannotFindHost, .dnsLookupFailed: return .cannotFindHost
        case .cannotConnectToHost: return .connectionRefused
        case .notConnectedToInternet: return .cannotConnect
        case .timedOut: return .timedOut
        case .networkConnectionLost, .badServerResponse, .zeroByteResource: return .connectionLost
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return .secureConnectionFailed
        case .httpTooManyRedirects: return .tooManyRedirects
        case .dataLengthExceedsMaximum: return .responseTooLarge
        default: return .other(code: error.code.rawValue)
        }
    }
}

/// Holds the data task so a cancellation arriving before or after it starts still cancels it.
private final class TaskBox: Sendable {
    private let state = Locked((task: URLSessionDataTask?.none, isCancelled: false))

    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.isCancelled
        }
        if cancelled { task.cancel() } else { task.resume() }
    }

    func cancel() {
        let task = state.withLock { state in
            state.isCancelled = true
            return state.task
        }
        task?.cancel()
    }
}
