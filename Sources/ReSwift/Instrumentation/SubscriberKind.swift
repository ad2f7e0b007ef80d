/// A subscriber identified by type: how the store names a subscriber to what measures its
/// dispatches (`ReSwiftDevTools`), and the key a profiler groups subscriber times by.
///
/// Cheap to make and compare: it holds a metatype, and builds its name only when asked.
public struct SubscriberKind: Hashable, Sendable, CustomStringConvertible {
    private enum Kind {
        /// A subscriber object of this class.
        case object(AnyObject.Type)
        /// A closure subscription receiving values of this type.
        case closure(selecting: Any.Type)
        /// A subscription the store names itself (an async stream, an observed slice).
        case named(String)
    }

    private let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// A subscriber object, identified by its class, e.g. `.object(GameView.self)`.
    public static func object(_ type: AnyObject.Type) -> SubscriberKind {
        SubscriberKind(.object(type))
    }

    /// A closure subscription, identified by the type of value it receives.
    public static func closure(selecting type: Any.Type) -> SubscriberKind {
        SubscriberKind(.closure(selecting: type))
    }

    /// A subscription identified by a name, for subscribers that are neither of the above.
    public static func named(_ name: String) -> SubscriberKind {
        SubscriberKind(.named(name))
    }

    /// The name a profile shows: the class name (`"GameView"`), `"closure(Int)"` for a closure
    /// subscription selecting an `Int`, or the given name.
    public var typeName: String {
        switch kind {
        case .object(let type): String(describing: type)
        case .closure(let selected): "closure(\(String(describing: selected)))"
        case .named(let name): name
        }
    }

    public var description: String { typeName }

    public static func == (lhs: SubscriberKind, rhs: SubscriberKind) -> Bool {
        switch (lhs.kind, rhs.kind) {
        case (.object(let left), .object(let right)): ObjectIdentifier(left) == ObjectIdentifier(right)
        case (.closure(let left), .closure(let right)): ObjectIdentifier(left) == ObjectIdentifier(right)
        case (.named(let left), .named(let right)): left == right
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch kind {
        case .object(let type):
            hasher.combine(0)
            hasher.combine(ObjectIdentifier(type))
        case .closure(let selected):
            hasher.combine(1)
            hasher.combine(ObjectIdentifier(selected))
        case .named(let name):
            hasher.combine(2)
            hasher.combine(name)
        }
    }
}
