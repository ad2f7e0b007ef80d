/// A subscriber identified by type: how a ``DispatchMeasurement`` names a subscriber, and the key
/// a profiler groups subscriber times by.
///
/// Cheap to make and compare: it holds a metatype, and builds its name only when asked.
public struct SubscriberKind: Hashable, Sendable, CustomStringConvertible {
    private enum Kind {
        /// A subscriber object of this class, or a closure subscription receiving this type.
        case type(Any.Type, isObject: Bool)
        /// A subscription named by whoever made it.
        case named(String)
    }

    private let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// What the store tells its probe: the subscriber's class, or the type a closure
    /// subscription receives.
    init(_ type: Any.Type, isObject: Bool) {
        self.init(.type(type, isObject: isObject))
    }

    /// A subscriber object, identified by its class, e.g. `.object(GameView.self)`.
    public static func object(_ type: AnyObject.Type) -> SubscriberKind {
        SubscriberKind(type, isObject: true)
    }

    /// A closure subscription, identified by the type of value it receives.
    public static func closure(selecting type: Any.Type) -> SubscriberKind {
        SubscriberKind(type, isObject: false)
    }

    /// A subscription identified by a name, for subscribers that are neither of the above.
    public static func named(_ name: String) -> SubscriberKind {
        SubscriberKind(.named(name))
    }

    /// The name a profile shows: the class name (`"GameView"`), `"closure(Int)"` for a closure
    /// subscription selecting an `Int`, or the given name.
    public var typeName: String {
        switch kind {
        case .type(let type, isObject: true): String(describing: type)
        case .type(let type, isObject: false): "closure(\(String(describing: type)))"
        case .named(let name): name
        }
    }

    public var description: String { typeName }

    public static func == (lhs: SubscriberKind, rhs: SubscriberKind) -> Bool {
        switch (lhs.kind, rhs.kind) {
        case (.type(let left, let leftIsObject), .type(let right, let rightIsObject)):
            leftIsObject == rightIsObject && ObjectIdentifier(left) == ObjectIdentifier(right)
        case (.named(let left), .named(let right)): left == right
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch kind {
        case .type(let type, let isObject):
            hasher.combine(isObject)
            hasher.combine(ObjectIdentifier(type))
        case .named(let name):
            hasher.combine(name)
        }
    }
}
