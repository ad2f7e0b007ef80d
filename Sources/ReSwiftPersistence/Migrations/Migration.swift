import Foundation

/// One step that upgrades a stored value from schema version `n` to version `n + 1`.
///
/// When ``PersistedFile/load()`` finds a file written with an older schema version, it runs the
/// migrations in turn, from the file's version up to the file's current ``PersistedFile/schemaVersion``,
/// then decodes the result. Each step sees the JSON of the value (the envelope is handled for you).
/// A file needs one migration per version it is behind, so a file at version 1 loaded by an app at
/// version 3 runs `Migration(from: 1)` and then `Migration(from: 2)`.
///
/// Write a step either on the JSON:
///
/// ```swift
/// // version 1 stored `name`; version 2 calls it `title`
/// let renameTitle = Migration(from: 1) { json in
///     json["title"] = json["name"]
///     json["name"] = nil
/// }
/// ```
///
/// or on the old and new types, when you keep them:
///
/// ```swift
/// let addPriority = Migration(from: 2, decoding: TodoV2.self) { old in
///     TodoV3(title: old.title, priority: 0)
/// }
/// ```
///
/// A migration that throws, or a missing step, leaves the file unusable: it is moved aside and
/// reported like any other file that can't be loaded.
public struct Migration: Sendable {
    /// The schema version this step reads; it produces version `fromVersion + 1`.
    public let fromVersion: Int

    let transform: @Sendable (inout JSONValue) throws -> Void

    /// Creates a step that rewrites the JSON of a version-`fromVersion` value in place.
    ///
    /// - Parameters:
    ///   - fromVersion: The version the step reads (at least 1); it produces `fromVersion + 1`.
    ///   - transform: Rewrites the value's JSON. Throw to reject a value that can't be migrated.
    public init(from fromVersion: Int, _ transform: @escaping @Sendable (inout JSONValue) throws -> Void) {
        precondition(fromVersion >= 1, "Migration(from: \(fromVersion)): schema versions start at 1.")
        self.fromVersion = fromVersion
        self.transform = transform
    }

    /// Creates a step that decodes the old value as `Old` and encodes the `New` value it returns.
    ///
    /// - Parameters:
    ///   - fromVersion: The version the step reads (at least 1); it produces `fromVersion + 1`.
    ///   - oldType: The type version `fromVersion` was stored as.
    ///   - transform: Builds the new value from the old one. Throw to reject a value.
    public init<Old: Decodable & Sendable, New: Encodable & Sendable>(
        from fromVersion: Int,
        decoding oldType: Old.Type,
        _ transform: @escaping @Sendable (Old) throws -> New
    ) {
        self.init(from: fromVersion) { json in
            let old = try JSONDecoder().decode(Old.self, from: JSONEncoder().encode(json))
            json = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(transform(old)))
        }
    }
}

/// The migrations of one file, checked and ordered.
struct MigrationChain: Sendable {
    private let steps: [Int: Migration]

    init(_ migrations: [Migration], schemaVersion: Int) {
        var steps: [Int: Migration] = [:]
        for migration in migrations {
            precondition(
                migration.fromVersion < schemaVersion,
                "Migration(from: \(migration.fromVersion)) can't apply to a file whose current schema version is "
                    + "\(schemaVersion); a migration must start below the current version."
            )
            precondition(
                steps[migration.fromVersion] == nil,
                "Two migrations start from schema version \(migration.fromVersion); keep one per version."
            )
            steps[migration.fromVersion] = migration
        }
        self.steps = steps
    }

    /// Runs the steps from `version` up to `target`.
    ///
    /// - Throws: ``MigrationFailure`` naming the step that is missing or failed.
    func migrate(_ json: inout JSONValue, from version: Int, to target: Int) throws(MigrationFailure) {
        var current = version
        while current < target {
            guard let step = steps[current] else {
                throw MigrationFailure(fromVersion: current, underlying: nil)
            }
            do {
                try step.transform(&json)
            } catch {
                throw MigrationFailure(fromVersion: current, underlying: error)
            }
            current += 1
        }
    }
}

/// Why a migration chain stopped.
struct MigrationFailure: Error {
    /// The version whose step is missing or threw.
    var fromVersion: Int
    /// What the step threw; `nil` when no step was registered.
    var underlying: (any Error)?
}
