/// The id of a thunk (see ``AsyncThunk/init(id:cancelInFlight:fileID:line:body:)``), type-erased.
/// Ids of different types never match: `"search"` and `SearchID()` are two ids.
// @unchecked Sendable: `base` is only ever made from a `Hashable & Sendable` value (the
// initializer takes one), and it is only compared and hashed.
struct EffectID: Hashable, @unchecked Sendable, CustomStringConvertible {
    let base: AnyHashable

    init(_ id: some Hashable & Sendable) {
        base = AnyHashable(id)
    }

    var description: String { "\(base)" }
}
