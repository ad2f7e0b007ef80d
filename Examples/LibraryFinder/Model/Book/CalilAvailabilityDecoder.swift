import Foundation
import ReSwiftPersistence

/// Reads a Calil `/check` answer (JSON or JSONP) into an ``AvailabilityAnswer``.
///
/// `{"session": "…", "continue": 0|1, "books": {"<isbn>": {"<systemid>": {"status": "OK",
/// "reserveurl": "…", "libkey": {"<library>": "貸出可"}}}}}`; `libkey` may be empty, absent or
/// `null` (still running, or not held), and numbers may come as strings.
package enum CalilAvailabilityDecoder {
    /// Decodes a response body.
    ///
    /// - Parameters:
    ///   - body: The response body.
    ///   - redact: Applied to every text taken from the body (the client scrubs its app key with
    ///     it), before anything is shortened. The ISBN and system id keys are kept as sent, so
    ///     that they match what was asked (the reducer keeps only the books and systems asked).
    /// - Throws: ``CalilError`` `.serviceError` for the service's own error object,
    ///   `.unexpectedAvailabilityBody` when the body isn't a `/check` answer.
    package static func answer(from body: Data, redacting redact: (String) -> String = { $0 })
        throws(CalilError)
        -> AvailabilityAnswer
    {
        let value: JSONValue
        do {
            value = try JSONValue.parse(
                CalilResponseDecoder.unwrapJSONP(body), maximumDepth: CalilResponseDecoder.maximumNesting)
        } catch {
            throw CalilError(
                .unexpectedAvailabilityBody(
                    detail: "not JSON: " + CalilResponseDecoder.preview(of: body, redacting: redact)))
        }
        guard case .object(let fields) = value else {
            throw CalilError(.unexpectedAvailabilityBody(detail: "not a JSON object"))
        }
        guard let continuation = fields["continue"]?.flag else {
            if let message = CalilResponseDecoder.serviceErrorMessage(inBody: body) {
                throw CalilError(.serviceError(message: redact(message)))
            }
            throw CalilError(.unexpectedAvailabilityBody(detail: "no \"continue\" field"))
        }
        var books: [String: [String: SystemAvailability]] = [:]
        switch fields["books"] {
        case .object(let perISBN)?:
            for (isbn, systemsValue) in perISBN {
                guard case .object(let perSystem) = systemsValue else {
                    throw CalilError(.unexpectedAvailabilityBody(detail: "a book that is not an object"))
                }
                var systems: [String: SystemAvailability] = [:]
                for (systemID, systemValue) in perSystem {
                    systems[systemID] = try system(from: systemValue, redacting: redact)
                }
                let key = (try? ISBN(isbn))?.digits ?? isbn
                books[key, default: [:]].merge(systems) { _, new in new }
            }
        case nil, .null?:
            break
        case .array(let elements)? where elements.isEmpty:
            break
        default:
            throw CalilError(.unexpectedAvailabilityBody(detail: "\"books\" is not an object"))
        }
        return AvailabilityAnswer(
            session: fields["session"]?.text.map(redact), continues: continuation, books: books)
    }

    private static func system(from value: JSONValue, redacting redact: (String) -> String) throws(CalilError)
        -> SystemAvailability
    {
        guard case .object(let fields) = value else {
            throw CalilError(.unexpectedAvailabilityBody(detail: "a library system that is not an object"))
        }
        // The documented words are taken as sent; only an unknown one is text to scrub.
        var status = SystemStatus(fields["status"]?.text ?? "Running")
        if case .other(let text) = status { status = .other(redact(text)) }
        var libraries: [String: Availability] = [:]
        if case .object(let perLibrary)? = fields["libkey"] {
            for (library, availability) in perLibrary {
                guard let text = availability.text else { continue }
                libraries[redact(library)] = Availability(redact(text))
            }
        }
        return SystemAvailability(
            status: status, reserveURL: fields["reserveurl"]?.text.map(redact), libraries: libraries)
    }
}
