/// An optional member of a JSON document that is written as `null` when it has no value.
///
/// A synthesized `Encodable` leaves out the key of an optional that is `nil`, but the documents
/// library-finder prints have every key, always (their schemas say so, and scripts read
/// `.reserveUrl` without asking whether it is there):
///
/// ```swift
/// struct System: Encodable {
///     var systemId: String
///     @NullWhenAbsent var reserveUrl: String?  // "reserveUrl": null
/// }
/// ```
@propertyWrapper
struct NullWhenAbsent<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}

extension NullWhenAbsent: Equatable where Value: Equatable {}
extension NullWhenAbsent: Sendable where Value: Sendable {}
