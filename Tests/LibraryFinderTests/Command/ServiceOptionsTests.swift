import ArgumentParsing
import Foundation
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// The list's and `book`'s command lines read `--api-base`, `--appkey`, `--format` and
/// `--timeout` one way.
@Suite struct ServiceOptionsTests {
    private func listError(_ arguments: [String]) -> String? {
        do {
            _ = try LibraryFinderInvocation.parse(arguments, environment: [:])
            return nil
        } catch {
            return error.message
        }
    }

    private func bookError(_ arguments: [String]) -> String? {
        do {
            _ = try BookInvocation.parse(
                ["9784101092058", "--system-id", "A"] + arguments, environment: [:])
            return nil
        } catch {
            return error.message
        }
    }

    @Test(arguments: [
        ["--format", "xml"], ["--format", "jsno"], ["--api-base", "ftp://example.jp"],
        ["--api-base", "not a url"], ["--timeout", "0"], ["--timeout", "nan"],
    ])
    func aBadValueIsWordedTheSameInBoth(arguments: [String]) {
        let list = listError(arguments)
        #expect(list != nil)
        #expect(list == bookError(arguments))
    }

    @Test func theAppKeyIsTrimmedInBothFromTheOptionAndTheEnvironment() throws {
        guard
            case .run(let list) = try LibraryFinderInvocation.parse(["--appkey", " k1 "], environment: [:]),
            case .run(let book) = try BookInvocation.parse(
                ["9784101092058", "--system-id", "A", "--appkey", " k1 "], environment: [:]),
            case .run(let fromEnvironment) = try LibraryFinderInvocation.parse(
                [], environment: ["CALIL_APPKEY": " k2\t"])
        else {
            Issue.record("not a run")
            return
        }
        #expect(list.service.appKey == "k1")
        #expect(book.service.appKey == "k1")
        #expect(fromEnvironment.service.appKey == "k2")
        guard
            case .run(let blank) = try LibraryFinderInvocation.parse(
                ["--appkey", " "], environment: ["CALIL_APPKEY": "k3"])
        else { return }
        #expect(blank.service.appKey == "k3")
    }
}
