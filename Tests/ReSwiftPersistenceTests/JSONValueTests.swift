import Foundation
import ReSwiftPersistence
import Testing

@Suite struct JSONValueTests {
    @Test func decodesEachKindOfValue() throws {
        let json = try JSONDecoder().decode(
            JSONValue.self,
            from: Data(
                #"{"n": null, "b": true, "i": 42, "d": 1.5, "s": "x", "a": [1, "y"], "o": {"k": false}}"#.utf8
            ))
        #expect(json["n"] == .null)
        #expect(json["b"] == .bool(true))
        #expect(json["i"] == .integer(42))
        #expect(json["d"] == .double(1.5))
        #expect(json["s"] == .string("x"))
        #expect(json["a"] == .array([.integer(1), .string("y")]))
        #expect(json["o"]?["k"]?.boolValue == false)
        #expect(json["missing"] == nil)
    }

    @Test func encodesBackToEquivalentJSON() throws {
        let json: JSONValue = ["list": [1, 2.5, "three", nil, true], "nested": ["deep": ["x": 1]]]
        let decoded = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(json))
        #expect(decoded == json)
    }

    @Test func subscriptsSetAndRemoveMembersAndElements() {
        var json: JSONValue = ["name": "Buy milk", "items": [1, 2]]
        json["title"] = json["name"]
        json["name"] = nil
        json["items"]?[1] = 5
        #expect(json == ["title": "Buy milk", "items": [1, 5]])
        #expect(json["items"]?[9] == nil)

        var notAnObject: JSONValue = 3
        notAnObject["key"] = "value"
        #expect(notAnObject == ["key": "value"])
    }

    @Test func accessorsConvertOnlyMatchingKinds() {
        let number: JSONValue = 2.0
        #expect(number.intValue == 2)
        #expect(JSONValue.double(2.5).intValue == nil)
        #expect(JSONValue.integer(3).doubleValue == 3)
        #expect(JSONValue.string("3").intValue == nil)
        #expect(JSONValue.bool(true).intValue == nil)
        #expect(JSONValue.null.isNull)
        #expect(JSONValue.array([]).arrayValue == [])
        #expect(JSONValue.object([:]).objectValue == [:])
        #expect(JSONValue.string("s").stringValue == "s")
    }
}
