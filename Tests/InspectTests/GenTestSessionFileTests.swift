import Foundation
import TestSupport
import Testing

@testable import ReSwiftInspect

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `gen-test` says about the lines of a session it can't use as they are: a bad `seq`
/// (not a whole number, missing, repeated or out of order) is refused with its line, actions the
/// initial state already holds are skipped with a note, and a last line cut off mid-write (a full
/// disk, a killed recorder) is left out with a note instead of refusing the whole session.
@Suite(.timeLimit(.minutes(5))) struct GenTestSessionFileTests {
    static let hello =
        #"{"type":"hello","app":"shopping","stateType":"InspectTests.ShoppingState","pid":1}"#
    static let state = #"{"type":"state","seq":2,"state":{"items":[]}}"#

    static func action(seq: String, name: String, items: [String]) -> String {
        let seqField = seq.isEmpty ? "" : #""seq":\#(seq),"#
        let list = items.map { "\"\($0)\"" }.joined(separator: ",")
        return #"{"type":"action",\#(seqField)"action":"AddItem","actionType":"InspectTests.AddItem","#
            + #""payload":{"name":"\#(name)"},"state":{"items":[\#(list)]}}"#
    }

    private func genTest(_ lines: [String], trailingNewline: Bool = true) throws -> ProductRun {
        let folder = try TemporaryDirectory()
        let session = folder.file("session.jsonl").path
        let text = lines.joined(separator: "\n") + (trailingNewline ? "\n" : "")
        try Data(text.utf8).write(to: URL(fileURLWithPath: session))
        return try runProduct(
            "reswift-inspect", arguments: ["gen-test", session, "--reducer", "shoppingReducer"])
    }

    @Test(arguments: [
        ("1e30", "1e+30"), ("9223372036854775808", "9223372036854775808"), (#""5""#, #""5""#), ("-3", "-3"),
        ("4.5", "4.5"),
    ])
    func anActionWhoseSeqIsNotAWholeNumberIsRefusedWithItsLine(seq: String, shown: String) throws {
        let run = try genTest([
            Self.hello, Self.state, Self.action(seq: "3", name: "a", items: ["a"]),
            Self.action(seq: seq, name: "b", items: ["a", "b"]),
        ])
        #expect(run.status == 1)
        #expect(
            run.standardError.contains("line 4: the action's seq is \(shown), not a whole number from 0 up"),
            "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test func anActionWithoutASeqIsRefused() throws {
        let run = try genTest([Self.hello, Self.state, Self.action(seq: "", name: "a", items: ["a"])])
        #expect(run.status == 1)
        #expect(run.standardError.contains("line 3: the action has no seq"), "\(run.standardError)")
    }

    @Test func aRepeatedSeqIsRefusedNamingBothLines() throws {
        let run = try genTest([
            Self.hello, Self.state, Self.action(seq: "3", name: "a", items: ["a"]),
            Self.action(seq: "3", name: "b", items: ["a", "b"]),
        ])
        #expect(run.status == 1)
        #expect(
            run.standardError.contains("action #3 is in the session twice (lines 3 and 4)"),
            "\(run.standardError)")
    }

    @Test func actionsOutOfOrderAreRefused() throws {
        let run = try genTest([
            Self.hello, Self.state, Self.action(seq: "5", name: "a", items: ["a"]),
            Self.action(seq: "4", name: "b", items: ["a", "b"]),
        ])
        #expect(run.status == 1)
        #expect(
            run.standardError.contains("line 4: action #4 comes after #5 (line 3)"), "\(run.standardError)")
    }

    @Test func actionsTheInitialStateHoldsAreSkippedAndSaidSo() throws {
        let run = try genTest([
            Self.hello, Self.action(seq: "1", name: "early", items: ["early"]), Self.state,
            Self.action(seq: "2", name: "same", items: ["same"]),
            Self.action(seq: "3", name: "a", items: ["a"]),
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "skipped 2 actions (lines 2 and 4) recorded before the initial state, which already holds their changes"
            ),
            "\(run.standardError)")
        #expect(run.standardOutput.contains("// 1 actions, each checked"))
    }

    @Test func aLastLineCutOffMidWriteIsLeftOutAndSaidSo() throws {
        let whole = Self.action(seq: "4", name: "b", items: ["a", "b"])
        let run = try genTest(
            [
                Self.hello, Self.state, Self.action(seq: "3", name: "a", items: ["a"]),
                String(whole.prefix(40)),
            ],
            trailingNewline: false)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("line 4: the last line was cut off"), "\(run.standardError)")
        #expect(run.standardOutput.contains("store.send(action1)"))
        #expect(!run.standardOutput.contains("action2"))

        let broken = try genTest(
            [
                Self.hello, Self.state, String(whole.prefix(40)),
                Self.action(seq: "3", name: "a", items: ["a"]),
            ])
        #expect(broken.status == 1, "a damaged line that isn't the last one still refuses the session")
        #expect(broken.standardError.contains("line 3: not a JSON object"), "\(broken.standardError)")
    }
}
