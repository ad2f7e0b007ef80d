import Foundation
import ReSwiftPersistence

/// Reads the Calil `/library` response into ``Library`` values, tolerating both field sets
/// (older: `savemlak`, `wikipedia`; newer: `primary`, `faid`, `isil`), nulls, numbers sent as
/// strings and strings sent as numbers, and a JSONP wrapper around the JSON.
package enum CalilResponseDecoder {
    /// Decodes a response body.
    ///
    /// - Parameters:
    ///   - body: The response body.
    ///   - redact: Applied to server text quoted in an error before it is shortened (the client
    ///     scrubs its app key with it).
    ///   - deadline: When to give up, looked at between the steps of decoding; `nil` for never.
    /// - Throws: ``CalilError`` `.serviceError` when the body is the service's own error object,
    ///   `.unexpectedBody` when it isn't JSON or isn't a list of libraries, the deadline's error
    ///   once it has passed.
    package static func libraries(
        from body: Data, redacting redact: (String) -> String = { $0 }, deadline: AnswerDeadline? = nil
    ) throws(CalilError) -> [Library] {
        let json = unwrapJSONP(body)
        if nestsDeeper(json, than: maximumNesting) {
            throw CalilError(.unexpectedBody(detail: "JSON nested more than \(maximumNesting) levels deep"))
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(json, maximumDepth: maximumNesting, deadline: deadline)
        } catch let expired as CalilError {
            throw expired
        } catch {
            throw CalilError(.unexpectedBody(detail: "not JSON: " + preview(of: body, redacting: redact)))
        }
        switch value {
        case .array(let elements):
            var libraries: [Library] = []
            libraries.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                if index > 0, index % AnswerDeadline.checkInterval == 0 { try deadline?.check() }
                libraries.append(try library(from: element, at: index))
            }
            return libraries
        case .object(let fields):
            if let message = serviceErrorMessage(in: fields) {
                throw CalilError(.serviceError(message: message))
            }
            throw CalilError(.unexpectedBody(detail: "a JSON object where a list was expected"))
        default:
            throw CalilError(.unexpectedBody(detail: "a single JSON value where a list was expected"))
        }
    }

    /// The service's own error text from a JSON body, if it carries one (used for error statuses).
    /// A body over ``maximumErrorBodyBytes`` isn't read: no service writes that much about an error.
    package static func serviceErrorMessage(inBody body: Data) -> String? {
        guard body.count <= maximumErrorBodyBytes else { return nil }
        let json = unwrapJSONP(body)
        guard !nestsDeeper(json, than: maximumNesting),
            let value = try? JSONValue.parse(json, maximumDepth: maximumNesting),
            case .object(let fields) = value
        else { return nil }
        return serviceErrorMessage(in: fields)
    }

    /// The largest error body searched for the service's own message.
    package static let maximumErrorBodyBytes = 64 << 10

    /// How deeply a reply may nest arrays and objects; the service's replies nest 2 deep. (When
    /// ``JSONValue`` was decoded with `JSONDecoder`, trying each type in turn, 500 nested brackets
    /// (1 KB) took seconds to refuse.)
    package static let maximumNesting = 32

    /// Whether `json` nests arrays and objects deeper than `limit` (brackets inside strings
    /// don't count).
    package static func nestsDeeper(_ json: Data, than limit: Int) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in json {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
            default:
                break
            }
        }
        return false
    }

    /// Removes a `callbackName( … );` wrapper, if there is one, leaving the JSON inside.
    package static func unwrapJSONP(_ body: Data) -> Data {
        var bytes = body[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        bytes = trimmingWhitespace(bytes)
        guard let first = bytes.first, first != UInt8(ascii: "["), first != UInt8(ascii: "{") else {
            return Data(bytes)
        }
        // An identifier (letters, digits, `_`, `$`, `.`), then `(`, the JSON, `)`, and maybe `;`.
        guard let open = bytes.firstIndex(of: UInt8(ascii: "(")),
            bytes[bytes.startIndex..<open].allSatisfy(isCallbackNameByte)
        else { return Data(bytes) }
        var inner = bytes[bytes.index(after: open)...]
        inner = trimmingWhitespace(inner)
        if inner.last == UInt8(ascii: ";") { inner = trimmingWhitespace(inner.dropLast()) }
        guard inner.last == UInt8(ascii: ")") else { return Data(bytes) }
        return Data(trimmingWhitespace(inner.dropLast()))
    }

    private static func library(from value: JSONValue, at index: Int) throws(CalilError) -> Library {
        guard case .object(let fields) = value else {
            throw CalilError(.unexpectedBody(detail: "entry \(index + 1) of the list is not an object"))
        }
        func text(_ key: String) -> String? { fields[key]?.text }
        let shortName = text("short")
        let formalName = text("formal")
        let id = text("libid")
        guard id != nil || shortName != nil || formalName != nil else {
            throw CalilError(
                .unexpectedBody(detail: "entry \(index + 1) has no libid, short or formal name"))
        }
        return Library(
            id: id ?? "",
            systemID: text("systemid") ?? "",
            systemName: text("systemname") ?? "",
            libraryKey: text("libkey") ?? "",
            shortName: shortName ?? formalName ?? "",
            formalName: formalName ?? shortName ?? "",
            category: LibraryCategory(code: text("category") ?? ""),
            prefecture: text("pref") ?? "",
            city: text("city") ?? "",
            address: text("address") ?? "",
            postcode: text("post"),
            phone: text("tel"),
            website: text("url_pc"),
            location: text("geocode").flatMap(Coordinate.init(lonLat:)),
            // Kilometres: a finite number, at least 0. Anything else ("1e400", "nan", -1e300) is
            // unknown; it used to crash `--format json` and `--format table`.
            distanceKm: fields["distance"]?.number.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil },
            isPrimary: fields["primary"]?.flag,
            isil: text("isil"),
            faid: text("faid")
        )
    }

    private static func serviceErrorMessage(in fields: [String: JSONValue]) -> String? {
        for key in ["error", "message", "msg", "error_message", "errorMessage", "status"] {
            switch fields[key] {
            case .object(let nested)?:
                if let message = serviceErrorMessage(in: nested) { return message }
            case let value?:
                if let message = value.text, message != "false" { return message }
            case nil:
                continue
            }
        }
        return nil
    }

    /// The start of a body for an error message: its first line, at most 60 characters, redacted
    /// before it is cut (a secret cut in half would escape a later scrub).
    package static func preview(of body: Data, redacting redact: (String) -> String = { $0 }) -> String {
        guard !body.isEmpty else { return "the body was empty" }
        let text = redact(String(decoding: body.prefix(AppKeyRedaction.scrubbedPrefixBytes), as: UTF8.self))
        let firstLine = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let trimmed = firstLine.trimmingCharacters(in: .whitespaces)
        return "it starts with \"" + (trimmed.count > 60 ? trimmed.prefix(60) + "…" : trimmed) + "\""
    }

    private static func isCallbackNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"),
            UInt8(ascii: "."), UInt8(ascii: " "):
            true
        default:
            false
        }
    }

    private static func trimmingWhitespace(_ bytes: Data.SubSequence) -> Data.SubSequence {
        let isSpace: (UInt8) -> Bool = { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
            let end = bytes.lastIndex(where: { !isSpace($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[start...end]
    }
}
