import Foundation
import ReSwift
import Testing

/// A state in ReSwift 6.1's `Coding` shape, as apps wrote it for persisting state.
struct Profile: Coding, Equatable {
    var name: String
    var visits: Int

    init(name: String, visits: Int) {
        self.name = name
        self.visits = visits
    }

    init?(dictionary: [String: AnyObject]) {
        guard let name = dictionary["name"] as? String, let visits = dictionary["visits"] as? Int else {
            return nil
        }
        self.init(name: name, visits: visits)
    }

    var dictionaryRepresentation: [String: AnyObject] {
        ["name": name as NSString, "visits": NSNumber(value: visits)]
    }
}

@Suite struct CodingTests {
    func roundTrip<Value: Coding>(_ value: Value) -> Value? {
        Value(dictionary: value.dictionaryRepresentation)
    }

    @Test func aConformerRoundTripsThroughItsDictionary() {
        let profile = Profile(name: "Ada", visits: 3)
        #expect(roundTrip(profile) == profile)
    }

    @Test func aConformerRejectsADictionaryThatDoesNotDescribeIt() {
        #expect(Profile(dictionary: ["name": "Ada" as NSString]) == nil)
    }
}
