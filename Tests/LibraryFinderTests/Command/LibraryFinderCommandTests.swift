import ArgumentParsing
import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftQuery
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// Collects what the command writes.
final class CapturedOutput: Sendable {
    private let written = Locked((out: "", err: ""))

    var standardOutput: String { written.withLock { $0.out } }
    var standardError: String { written.withLock { $0.err } }

    var io: CommandIO {
        CommandIO(
            output: { [written] text in written.withLock { $0.out += text } },
            error: { [written] text in written.withLock { $0.err += text } })
    }
}

@Suite struct LibraryFinderCommandTests {
    /// The folders the test's caches go in, removed after the test (with the suite's instance).
    private let temporary: TemporaryDirectory

    init() throws {
        temporary = try TemporaryDirectory(prefix: "library-finder-tests")
    }

    private let libraries = [Fixtures.library(id: "1", short: "明徳館")]

    private func run(_ arguments: [String], environment: [String: String] = [:]) async -> (
        Int32, CapturedOutput
    ) {
        let captured = CapturedOutput()
        let status = await LibraryFinderCommand.run(
            arguments: arguments, environment: environment, io: captured.io)
        return (status, captured)
    }

    @Test func printsHelpAndVersion() async {
        let (helpStatus, help) = await run(["--help"])
        #expect(helpStatus == 0)
        #expect(
            help.standardOutput.hasPrefix("library-finder — Japanese libraries from the Calil library API"))
        #expect(help.standardOutput.contains("--near LON,LAT"))
        let (versionStatus, version) = await run(["--version"])
        #expect(versionStatus == 0)
        #expect(version.standardOutput == "library-finder \(PackageVersion.current)\n")
    }

    @Test func withoutAKeySaysHowToSetOneAndExitsWithTwo() async {
        let (status, output) = await run(["--format", "json"], environment: ["HOME": "/nonexistent"])
        #expect(status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.contains("https://calil.jp/api/dashboard/"))
        #expect(output.standardError.contains("--appkey <your key>"))
    }

    @Test func printsTheListInTheChosenFormat() async {
        let captured = CapturedOutput()
        var options = LibraryFinderOptions()
        options.service.format = .csv
        let status = await LibraryFinderCommand.printList(
            options: options, service: FakeLibraryService([.success(libraries)]), cache: nil, io: captured.io)
        #expect(status == 0)
        #expect(captured.standardOutput.hasPrefix("id,short_name,"))
        #expect(captured.standardOutput.contains("\n1,明徳館,"))
        #expect(captured.standardError.isEmpty)
    }

    @Test func notesOnStandardErrorWhenTheListComesFromTheCache() async throws {
        let cache = ListCache(file: LibraryList.cacheFile(directory: try temporary.newFolder()))
        try cache.file.save(
            QuerySnapshot(answers: [
                LibraryQuery().listKey(server: "https://api.calil.jp"):
                    .init(value: libraries, fetched: Date(timeIntervalSince1970: 1_800_000_000))
            ]))
        let captured = CapturedOutput()
        var options = LibraryFinderOptions()
        options.service.format = .json
        let down = CalilError(.httpStatus(code: 502, serviceMessage: nil))
        let status = await LibraryFinderCommand.printList(
            options: options, service: FakeLibraryService([.failure(down)]), cache: cache, io: captured.io)
        #expect(status == 0)
        #expect(captured.standardOutput.contains(#""source" : "cache""#))
        #expect(
            captured.standardError.hasPrefix("library-finder: The Calil API answered HTTP 502 (Bad Gateway).")
        )
        #expect(captured.standardError.contains("Showing the cached list, fetched 2027-01-15 "))
    }

    @Test func reportsAFailureOnStandardErrorAndExitsWithOne() async {
        let captured = CapturedOutput()
        let malformed = CalilError(.unexpectedBody(detail: "not JSON: it starts with \"<html>\""))
        let status = await LibraryFinderCommand.printList(
            options: LibraryFinderOptions(), service: FakeLibraryService([.failure(malformed)]), cache: nil,
            io: captured.io)
        #expect(status == 1)
        #expect(captured.standardOutput.isEmpty)
        #expect(captured.standardError == "library-finder: \(malformed.description)\n")
    }
}
