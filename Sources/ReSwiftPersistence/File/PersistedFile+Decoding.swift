import Foundation

// MARK: - Decoding and describing problems

extension PersistedFile {
    func decode(_ data: Data) -> Result<Value, PersistenceError> {
        let decoder = JSONDecoder()
        let version: Int
        do {
            version = try decoder.decode(VersionHeader.self, from: data).schemaVersion
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            let reason = data.isEmpty ? "the file is empty" : Self.describeJSONSyntaxError(in: data)
            return .failure(
                PersistenceError(
                    .notJSON, fileURL: url, reason: reason,
                    underlyingError: DecodingError.dataCorrupted(context)))
        } catch {
            return .failure(
                PersistenceError(
                    .wrongShape, fileURL: url,
                    reason:
                        "it isn't a {\"schemaVersion\": …, \"value\": …} envelope: \(Self.describe(error))",
                    underlyingError: error))
        }
        if version > schemaVersion {
            return .failure(
                PersistenceError(
                    .newerVersion, fileURL: url,
                    reason: "schema version \(version); this version reads up to \(schemaVersion)"))
        }
        guard version >= 1 else {
            return .failure(
                PersistenceError(.wrongShape, fileURL: url, reason: "schema version \(version) is below 1"))
        }
        do {
            if version == schemaVersion {
                return .success(try decoder.decode(Envelope<Value>.self, from: data).value)
            }
            var json = try decoder.decode(Envelope<JSONValue>.self, from: data).value
            do {
                try migrations.migrate(&json, from: version, to: schemaVersion)
            } catch {
                let reason: String
                if let underlying = error.underlying {
                    reason =
                        "the migration from version \(error.fromVersion) to \(error.fromVersion + 1) failed: "
                        + Self.describe(underlying)
                } else {
                    reason =
                        "the file has schema version \(version) but no migration from version "
                        + "\(error.fromVersion) to \(error.fromVersion + 1) is registered"
                }
                return .failure(
                    PersistenceError(
                        .migrationFailed, fileURL: url, reason: reason, underlyingError: error.underlying))
            }
            return .success(try decoder.decode(Value.self, from: JSONEncoder().encode(json)))
        } catch {
            let versionNote = version == schemaVersion ? "" : " after migrating from version \(version)"
            return .failure(
                PersistenceError(
                    .wrongShape, fileURL: url,
                    reason:
                        "the value doesn't have the shape this program stores\(versionNote): \(Self.describe(error))",
                    underlyingError: error))
        }
    }

    /// `20261129T111309.120Z`: UTC, sortable, and valid in file names everywhere.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return pad(parts.year, 4) + pad(parts.month, 2) + pad(parts.day, 2) + "T" + pad(parts.hour, 2)
            + pad(parts.minute, 2) + pad(parts.second, 2) + "." + pad((parts.nanosecond ?? 0) / 1_000_000, 3)
            + "Z"
    }

    /// Where the JSON parser stopped, in a phrase ("unexpected end of file during JSON parse").
    static func describeJSONSyntaxError(in data: Data) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            if var detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String,
                !detail.isEmpty
            {
                if detail.hasSuffix(".") { detail.removeLast() }
                return detail.prefix(1).lowercased() + detail.dropFirst()
            }
        }
        return "it can't be parsed as JSON"
    }

    /// What JSON holds for a value of `type`, in words ("an object", "a string"): the reader of
    /// a message about a file knows JSON, not the program's Swift types (`Dictionary<String, Any>`).
    static func jsonKind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type, is Substring.Type, is Character.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is any BinaryInteger.Type: return "a whole number"
        case is any BinaryFloatingPoint.Type, is Decimal.Type: return "a number"
        case is [String: Any].Type: return "an object"
        case is [Any].Type: return "an array"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Dictionary<") { return "an object" }
            if name.hasPrefix("Array<") { return "an array" }
            return "a value of another kind"
        }
    }

    /// A decoding error in a phrase: what was wrong, and where in the value.
    static func describe(_ error: any Error) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "the top level" : String(text.drop(while: { $0 == "." }))
        }
        guard let error = error as? DecodingError else {
            if let failure = error as? POSIX.Failure { return failure.description }
            return String(describing: error)
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing key \"\(key.stringValue)\" at \(path(context.codingPath))"
        case .typeMismatch(let type, let context):
            return "expected \(jsonKind(type)) at \(path(context.codingPath))"
        case .valueNotFound(let type, let context):
            return "expected \(jsonKind(type)) but found null at \(path(context.codingPath))"
        case .dataCorrupted(let context):
            let underlying =
                (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            let detail = underlying ?? context.debugDescription
            return context.codingPath.isEmpty ? detail : "\(detail) at \(path(context.codingPath))"
        @unknown default:
            return String(describing: error)
        }
    }
}

/// The on-disk form: the schema version beside the value.
struct Envelope<Wrapped: Codable>: Codable {
    var schemaVersion: Int
    var value: Wrapped
}

/// Just the version, read first to decide how to decode the rest.
private struct VersionHeader: Decodable {
    var schemaVersion: Int
}
