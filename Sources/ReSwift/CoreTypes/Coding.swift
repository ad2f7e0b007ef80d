/// A type that converts to and from a dictionary, as ReSwift 6.1 declares it.
///
/// Kept so that code written for ReSwift compiles unchanged; new code should use `Codable`.
public protocol Coding {
    /// Creates a value from its dictionary representation, or `nil` when the dictionary doesn't
    /// describe one.
    init?(dictionary: [String: AnyObject])

    /// The value as a dictionary.
    var dictionaryRepresentation: [String: AnyObject] { get }
}
