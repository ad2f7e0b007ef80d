import Foundation
import ReSwift

/// The action types an app records and replays, each under a name written into the session file.
///
/// Only registered types are recorded; other actions (thunks, actions that hold closures or
/// objects) pass through the recorder untouched. When a session is loaded, lines naming a type the
/// registry doesn't know are skipped and listed in ``RecordedSession/skipped``.
///
/// ```swift
/// struct AddTodo: Action, Codable { var title: String }
/// struct ToggleTodo: Action, Codable { var index: Int }
///
/// let registry = ActionRegistry(AddTodo.self, ToggleTodo.self)
/// ```
///
/// A type is written under its name without the module (`AddTodo`, `Box<Int>`) unless you give
/// it another with ``register(_:as:)``: do so when two modules have action types of the same name,
/// or to keep reading old sessions after renaming a type.
public struct ActionRegistry: @unchecked Sendable {
    // Sendable: a registry is a value with no shared mutable state. Its closures capture nothing
    // but an action type's metadata and call that type's Codable conformance, so they may run on
    // any thread. (They aren't declared `@Sendable` only because capturing a generic metatype in
    // a `@Sendable` closure needs `SendableMetatype`, which Swift 6.0 and 6.1 lack.) Action types
    // with a `@MainActor`-isolated Codable conformance are not supported.

    /// How to write and read one action type.
    struct Registration {
        var name: String
        /// Encodes a whole session line for an action of this type.
        var encodeLine: (_ action: Action, _ meta: EntryMetadata, _ encoder: JSONEncoder) throws -> Data
        /// Decodes the action from a whole session line.
        var decodeAction: (_ line: Data, _ decoder: JSONDecoder) throws -> Action
    }

    private var byType: [ObjectIdentifier: Registration] = [:]
    private var byName: [String: (type: ObjectIdentifier, registration: Registration)] = [:]

    /// Creates an empty registry; add types with ``register(_:as:)``.
    public init() {}

    /// Creates a registry of action types, each under its own type name.
    ///
    /// - Parameter types: The `Codable` action types to record and replay.
    public init(_ types: any (Action & Codable).Type...) {
        for type in types {
            register(type)
        }
    }

    /// Adds an action type to the registry.
    ///
    /// Registering the same type again replaces its name. Registering a second type under a name
    /// already taken is a programming error: the program stops with a message naming both types.
    ///
    /// - Parameters:
    ///   - type: A `Codable` action type.
    ///   - name: The name written into session files; the type's name without its module by default.
    public mutating func register<A: Action & Codable>(_ type: A.Type, as name: String? = nil) {
        let name = name ?? String(describing: type)
        let identifier = ObjectIdentifier(type)
        if let existing = byName[name], existing.type != identifier {
            preconditionFailure(
                """
                ActionRegistry: the name "\(name)" is already registered for another type, so \
                \(String(reflecting: type)) can't use it. Register one of them under another \
                name with register(_:as:).
                """
            )
        }
        if let previous = byType[identifier] {
            byName[previous.name] = nil
        }
        let registration = Registration(
            name: name,
            encodeLine: { action, meta, encoder in
                guard let action = action as? A else {
                    preconditionFailure("Internal inconsistency: \(action) is not a \(A.self)")
                }
                return try encoder.encode(EntryLine(meta: meta, action: action))
            },
            decodeAction: { line, decoder in
                try decoder.decode(EntryLine<A>.self, from: line).action
            }
        )
        byType[identifier] = registration
        byName[name] = (identifier, registration)
    }

    /// The names of the registered types, sorted.
    public var registeredNames: [String] {
        byName.keys.sorted()
    }

    /// Whether actions of this action's type are recorded.
    ///
    /// - Parameter action: Any action.
    /// - Returns: `true` if the action's type was registered.
    public func isRegistered(_ action: Action) -> Bool {
        byType[ObjectIdentifier(type(of: action))] != nil
    }

    func registration(for action: Action) -> Registration? {
        byType[ObjectIdentifier(type(of: action))]
    }

    func registration(named name: String) -> Registration? {
        byName[name]?.registration
    }
}
