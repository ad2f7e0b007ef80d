import CCurlShim
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One request through libcurl's easy interface, performed on a thread of its own: libcurl waits
/// in `poll` on the socket, so a silent server costs no CPU.
final class CurlTransfer: @unchecked Sendable {
    // @unchecked Sendable: `handle` is performed on one thread only (the transfer's), cancelled
    // through an atomic flag (safe from any thread), and destroyed in deinit, which runs after
    // that thread released its reference, so never while performing.
    private let handle: OpaquePointer

    /// Whether libcurl could be loaded.
    static let isAvailable = ccurl_available() != 0

    private init?(
        url: URL, headers: [String: String], timeout: Double, maximumBodySize: Int,
        trustedCertificatesFile: String?
    ) {
        guard
            let handle = ccurl_transfer_create(
                url.absoluteString, HTTPClient.milliseconds(timeout), maximumBodySize)
        else { return nil }
        self.handle = handle
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            // A line break in a field would start a new header: refuse such fields.
            guard !(name + value).contains(where: \.isNewline) else { continue }
            _ = ccurl_transfer_add_header(handle, "\(name): \(value)")
        }
        if let trustedCertificatesFile {
            _ = ccurl_transfer_set_ca_file(handle, trustedCertificatesFile)
        }
    }

    deinit {
        ccurl_transfer_destroy(handle)
    }

    static func get(
        _ url: URL, headers: [String: String], timeout: Double, maximumBodySize: Int,
        trustedCertificatesFile: String?
    ) async throws -> HTTPResponse {
        guard
            let transfer = CurlTransfer(
                url: url, headers: headers, timeout: timeout, maximumBodySize: maximumBodySize,
                trustedCertificatesFile: trustedCertificatesFile)
        else { throw HTTPTransportError(.other(code: -1)) }
        let completion = Completion<HTTPResponse>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                completion.wait(with: continuation)
                Thread.detachNewThread {
                    completion.resolve(transfer.perform())
                }
            }
        } onCancel: {
            // Resolve first, so the transfer thread's own "aborted" ending can't win the race.
            completion.resolve(.failure(CancellationError()))
            ccurl_transfer_cancel(transfer.handle)
        }
    }

    /// Blocks until the transfer ends.
    private func perform() -> Result<HTTPResponse, any Error> {
        let result = ccurl_transfer_perform(handle)
        if result.cancelled != 0 { return .failure(CancellationError()) }
        if result.body_too_large != 0 { return .failure(HTTPTransportError(.responseTooLarge)) }
        if result.headers_too_large != 0 { return .failure(HTTPTransportError(.headersTooLarge)) }
        guard result.curl_code == 0 else {
            let kind = Self.kind(
                curlCode: result.curl_code, errno: result.os_errno, status: result.http_status,
                requestSent: result.request_size > 0)
            return .failure(HTTPTransportError(kind))
        }
        var length = 0
        let body = ccurl_transfer_body(handle, &length).map { Data(bytes: $0, count: length) } ?? Data()
        return .success(HTTPResponse(status: result.http_status, body: body))
    }

    /// The kind of failure for a libcurl result code (CURLcode; see libcurl-errors(3)).
    ///
    /// - Parameters:
    ///   - curlCode: The result code.
    ///   - errno: The system error of a failed connect.
    ///   - status: The last answer's HTTP status; 0 when no HTTP answer came.
    ///   - requestSent: Whether any of the request was sent.
    static func kind(curlCode: Int32, errno: Int32, status: Int, requestSent: Bool) -> HTTPTransportError.Kind
    {
        switch curlCode {
        // The URL was checked before the transfer, so an "unsupported protocol" without any HTTP
        // status is an answer that wasn't HTTP (libcurl refuses HTTP/0.9: no status line).
        case 1 where requestSent && status == 0: .badResponse
        // "Out of memory" and "too large" (since 8.6) are libcurl's limits on what it buffers: a
        // request over 1 MB (never sent), or a header line of the answer over 100 KB.
        case 27, 100: requestSent ? .headersTooLarge : .requestTooLarge
        case 1, 3: .unsupportedURL
        case 5, 6: .cannotFindHost
        case 7: errno == ECONNREFUSED ? .connectionRefused : .cannotConnect
        case 28: .timedOut
        case 47: .tooManyRedirects
        case 18, 52, 55, 56: .connectionLost
        case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91, 98: .secureConnectionFailed
        case 8, 16, 61, 92: .badResponse
        default: .other(code: Int(curlCode))
        }
    }
}
