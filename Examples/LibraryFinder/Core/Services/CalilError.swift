import Foundation

/// Why a request to the Calil API failed, with a message that says what to do.
///
/// Messages never contain the app key: they name the host, never a URL, and text from the server
/// is scrubbed of every piece of the key before it is kept (see ``AppKeyRedaction``).
struct CalilError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kinds of failure.
    enum Kind: Equatable, Sendable {
        /// No app key was given.
        case missingAppKey
        /// The server couldn't be reached (no network, unknown host, refused connection).
        case cannotConnect(host: String, detail: String)
        /// No answer within the timeout.
        case timedOut(host: String, seconds: Double)
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
    let kind: Kind

    init(_ kind: Kind) {
        self.kind = kind
    }

    /// Whether the service couldn't be reached or couldn't serve (connection, timeout, 5xx): the
    /// cases where a cached list is shown instead.
    var isServiceUnreachable: Bool {
        switch kind {
        case .cannotConnect, .timedOut: true
        case .httpStatus(let code, _): code >= 500
        case .missingAppKey, .serviceError, .unexpectedBody, .unexpectedAvailabilityBody: false
        }
    }

    /// Whether the service was reached and answered with a server error (5xx): it failed, rather
    /// than being out of reach.
    var isServiceFailure: Bool {
        if case .httpStatus(let code, _) = kind { return code >= 500 }
        return false
    }

    var description: String {
        switch kind {
        case .missingAppKey:
            return Self.missingAppKeyMessage
        case .cannotConnect(let host, let detail):
            return "Could not reach the Calil API at \(host) (\(detail)). Check your network connection."
        case .timedOut(let host, let seconds):
            return "The Calil API at \(host) did not answer within \(Self.format(seconds)) seconds. "
                + "Check your network connection, or allow more time with --timeout."
        case .httpStatus(let code, let serviceMessage):
            var text = "The Calil API answered HTTP \(code) (\(Self.reason(for: code)))"
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
    static let missingAppKeyMessage = """
        library-finder needs a Calil app key, and none was given.
        Get a free key by registering at https://calil.jp/api/dashboard/
        (the API is described at https://calil.jp/doc/api.html).
        Then set it for your shell:
            export CALIL_APPKEY=<your key>
        or pass it once:
            library-finder --appkey <your key>
        """

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    private static func reason(for code: Int) -> String {
        switch code {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 400..<500: "Client Error"
        case 500..<600: "Server Error"
        default: "Unexpected Status"
        }
    }

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

/// Hides an app key in text meant for people (errors, logs), in every form a server may echo it.
enum AppKeyRedaction {
    /// The shortest run of the key's characters treated as a piece of it (or the whole key, when
    /// shorter).
    static let shortestPiece = 6

    /// How much of a long text is scrubbed and kept before it is shortened further.
    static let scrubbedPrefixBytes = 4096

    /// `text` with every piece of `key` replaced by `…`.
    ///
    /// A piece is a run of at least ``shortestPiece`` consecutive characters of the key, each
    /// written as itself (letters in either case), percent-escaped (hex digits in either case, or
    /// escaped twice as `%25XX`), `+` for a space, or JSON-escaped (`\/`, `\\`, `\"`, `\u00XX`),
    /// in any mixture. So the key is found whole, cut short, and however a server re-encoded it.
    static func scrub(_ text: String, key: String) -> String {
        let keyBytes = Array(key.utf8)
        guard !keyBytes.isEmpty else { return text }
        let shortest = min(keyBytes.count, shortestPiece)
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            var longest = 0
            for start in 0...(keyBytes.count - shortest) {
                var position = index
                var matched = start
                while matched < keyBytes.count,
                    let used = encodedLength(of: keyBytes[matched], in: bytes, at: position)
                {
                    position += used
                    matched += 1
                }
                if matched - start >= shortest { longest = max(longest, position - index) }
            }
            if longest > 0 {
                output += "…".utf8
                index += longest
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `text` scrubbed of `key`, then cut to at most `limit` characters (with `…` when cut). Long
    /// text is scrubbed on a prefix of ``scrubbedPrefixBytes``; a key cut at that boundary still
    /// goes (as a piece), and what follows the boundary is never shown.
    static func excerpt(of text: String, key: String, limit: Int) -> String {
        let prefix =
            text.utf8.count > scrubbedPrefixBytes
            ? String(decoding: text.utf8.prefix(scrubbedPrefixBytes), as: UTF8.self) : text
        let clean = scrub(prefix, key: key)
        return clean.count > limit || prefix.utf8.count < text.utf8.count
            ? String(clean.prefix(limit)) + "…" : clean
    }

    /// The number of bytes at `bytes[position...]` that spell the key byte `byte`, or `nil`.
    private static func encodedLength(of byte: UInt8, in bytes: [UInt8], at position: Int) -> Int? {
        guard position < bytes.count else { return nil }
        let first = bytes[position]
        if lowercased(first) == lowercased(byte) { return 1 }
        if byte == UInt8(ascii: " "), first == UInt8(ascii: "+") { return 1 }
        if first == UInt8(ascii: "%") {
            if hexValue(bytes, at: position + 1) == byte { return 3 }
            if hexValue(bytes, at: position + 1) == 0x25, hexValue(bytes, at: position + 3) == byte {
                return 5
            }
        }
        if first == UInt8(ascii: "\\"), position + 1 < bytes.count {
            let escaped = bytes[position + 1]
            if escaped == byte, [UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "\"")].contains(byte) {
                return 2
            }
            if escaped == UInt8(ascii: "u"), hexValue(bytes, at: position + 2) == 0,
                hexValue(bytes, at: position + 4) == byte
            {
                return 6
            }
        }
        return nil
    }

    /// The byte written by two hex digits at `bytes[position...]`, in either case.
    private static func hexValue(_ bytes: [UInt8], at position: Int) -> UInt8? {
        guard position + 1 < bytes.count, let high = hexDigit(bytes[position]),
            let low = hexDigit(bytes[position + 1])
        else { return nil }
        return high << 4 | low
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
