import ArgumentParsing
import Foundation
import HTTPTransport

/// Why a request to the Calil API failed, with a message that says what to do.
///
/// Messages never contain the app key: they name the host, never a URL, and text from the server
/// is scrubbed of every piece of the key before it is kept (see ``AppKeyRedaction``).
package struct CalilError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kinds of failure.
    package enum Kind: Equatable, Sendable {
        /// No app key was given.
        case missingAppKey
        /// The server couldn't be reached (no network, unknown host, refused connection).
        case cannotConnect(host: String, detail: String)
        /// No answer within the timeout (reading, decoding and checking it included).
        case timedOut(host: String, seconds: Double)
        /// The server answered, but not with anything HTTP can hand on: a body over the size
        /// limit, broken HTTP, endless redirects.
        case unusableAnswer(host: String, detail: String)
        /// The server answered with a status other than 2xx; `serviceMessage` is the service's own
        /// error text, when the body carried one.
        case httpStatus(code: Int, serviceMessage: String?)
        /// The service answered 2xx with its own error instead of a list.
        case serviceError(message: String)
        /// The body wasn't the expected JSON list of libraries.
        case unexpectedBody(detail: String)
        /// The body wasn't the expected `/check` answer (book availability).
        case unexpectedAvailabilityBody(detail: String)
    }

    /// What went wrong.
    package let kind: Kind

    package init(_ kind: Kind) {
        self.kind = kind
    }

    /// Whether the service couldn't be reached or couldn't serve (connection, timeout, 5xx): the
    /// cases where a cached list is shown instead.
    package var isServiceUnreachable: Bool {
        switch kind {
        case .cannotConnect, .timedOut, .unusableAnswer: true
        case .httpStatus(let code, _): code >= 500
        case .missingAppKey, .serviceError, .unexpectedBody, .unexpectedAvailabilityBody: false
        }
    }

    /// Whether the service was reached and answered with a server error (5xx): it failed, rather
    /// than being out of reach.
    package var isServiceFailure: Bool {
        if case .httpStatus(let code, _) = kind { return code >= 500 }
        return false
    }

    package var description: String {
        switch kind {
        case .missingAppKey:
            return Self.missingAppKeyMessage
        case .cannotConnect(let host, let detail):
            return "Could not reach the Calil API at \(host) (\(detail)). Check your network connection."
        case .timedOut(let host, let seconds):
            return "The Calil API at \(host) did not answer within \(SecondsText.phrase(seconds)). "
                + "Check your network connection, or allow more time with --timeout."
        case .unusableAnswer(let host, let detail):
            return "The Calil API at \(host) answered, but \(detail), so it was not used. "
                + "Check that --api-base points at the Calil API."
        case .httpStatus(let code, let serviceMessage):
            var text = "The Calil API answered HTTP \(code) (\(HTTPStatus.reasonPhrase(for: code)))"
            if let serviceMessage { text += ": \(serviceMessage)" }
            return text + ". " + Self.advice(for: code, serviceMessage: serviceMessage)
        case .serviceError(let message):
            return "The Calil API reported an error: \(message). Check the app key and the options."
        case .unexpectedBody(let detail):
            return "The Calil API sent something other than a list of libraries (\(detail)). "
                + "Check that --api-base points at the Calil API."
        case .unexpectedAvailabilityBody(let detail):
            return "The Calil API sent something other than a book availability answer (\(detail)). "
                + "Check that --api-base points at the Calil API."
        }
    }

    /// How to get and set a key; shown when there is none. Each line fits 80 columns after the
    /// `library-finder: ` prefix, so no URL is broken by the terminal.
    package static let missingAppKeyMessage = """
        library-finder needs a Calil app key, and none was given.
        Get a free key by registering at https://calil.jp/api/dashboard/
        (the API is described at https://calil.jp/doc/api.html).
        Then set it for your shell:
            export CALIL_APPKEY=<your key>
        or pass it once:
            library-finder --appkey <your key>
        """

    /// What to do about an HTTP error: by the service's own words when they name the cause (a
    /// 400 "bad appkey" is about the key, not the options), else by the status.
    private static func advice(for code: Int, serviceMessage: String?) -> String {
        if let serviceMessage, (400..<500).contains(code), Self.blamesTheAppKey(serviceMessage) {
            return "Check that your app key (CALIL_APPKEY or --appkey) is valid."
        }
        switch code {
        case 401, 403: return "Check that your app key (CALIL_APPKEY or --appkey) is valid."
        case 404: return "Check that --api-base points at the Calil API."
        case 429: return "The key's hourly request limit (about 1000) was reached; try again later."
        case 400..<500: return "Check the options (--pref, --city, --system-id, --near, --limit)."
        default: return "The service is having trouble; try again later."
        }
    }

    /// Whether the service's error text is about the app key ("bad appkey", "invalid app key").
    private static func blamesTheAppKey(_ message: String) -> Bool {
        let folded = message.lowercased().replacingOccurrences(of: " ", with: "").replacingOccurrences(
            of: "_", with: "")
        return folded.contains("appkey") || folded.contains("apikey")
    }
}

extension CalilError {
    /// The error for a request that got no usable answer: the host and fixed wording, never the URL
    /// (which holds the app key).
    ///
    /// - Parameters:
    ///   - error: What the transport reported.
    ///   - host: `host[:port]`, as messages name the server.
    ///   - timeout: The seconds the request was given.
    ///   - maximumBodySize: The most body bytes the client accepts.
    package static func transport(
        _ error: HTTPTransportError, host: String, timeout: Double, maximumBodySize: Int
    ) -> CalilError {
        switch error.kind {
        case .timedOut:
            return CalilError(.timedOut(host: host, seconds: timeout))
        case .responseTooLarge:
            let megabytes = maximumBodySize >> 20
            let limit = megabytes > 0 ? "\(megabytes) MB" : "\(maximumBodySize) bytes"
            return CalilError(.unusableAnswer(host: host, detail: "the answer was larger than \(limit)"))
        case .badResponse, .tooManyRedirects, .headersTooLarge:
            return CalilError(.unusableAnswer(host: host, detail: error.description))
        case .requestTooLarge:
            // Only an answer can make a request that large: a /check session id handed back.
            return CalilError(
                .unusableAnswer(
                    host: host, detail: "what it handed back made a request over 1 MB, too large to send"))
        default:
            return CalilError(.cannotConnect(host: host, detail: error.description))
        }
    }
}
