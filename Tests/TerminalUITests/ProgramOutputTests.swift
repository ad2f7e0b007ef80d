import Foundation
import Testing

@testable import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The executables' one output path: data kept exact on standard output, messages sanitized on
/// standard error, and a failed write turned into exit status 1 and a message on the other stream.
@Suite struct ProgramOutputTests {
    /// A pipe whose reading end the test drains after the writes.
    private final class CapturedPipe {
        let readEnd: Int32
        let writeEnd: Int32

        init() throws {
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { throw CocoaError(.fileWriteUnknown) }
            readEnd = fds[0]
            writeEnd = fds[1]
        }

        /// Closes the writing end and returns everything written.
        func text() -> String {
            close(writeEnd)
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                data.append(contentsOf: buffer[0..<count])
            }
            close(readEnd)
            return String(decoding: data, as: UTF8.self)
        }
    }

    @Test func keepsStandardOutputExactAndShowsControlCharactersOnStandardErrorAsPlaceholders() throws {
        let output = try CapturedPipe()
        let error = try CapturedPipe()
        let streams = ProgramOutput(outputFD: output.writeEnd, errorFD: error.writeEnd, program: "tool")
        streams.write("data \u{1B}[31m\u{7}\n", to: .standardOutput)
        streams.write(
            "tool: can't read /tmp/\u{1B}]0;pwned\u{7}x\u{9B}2J\u{7F}\n\tsecond line\n", to: .standardError)
        #expect(streams.exitStatus(0) == 0)
        #expect(output.text() == "data \u{1B}[31m\u{7}\n")
        #expect(error.text() == "tool: can't read /tmp/␛]0;pwned␇x<U+009B>2J␡\n\tsecond line\n")
    }

    @Test func aFullStandardErrorMakesExitStatusOneAndSaysSoOnStandardOutput() throws {
        let output = try CapturedPipe()
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let streams = ProgramOutput(outputFD: output.writeEnd, errorFD: full, program: "todo")
        streams.write("todo: unknown option \"--bogus\"\n", to: .standardError)
        #expect(streams.failures == [.standardError: ENOSPC])
        // Even a usage error (2) ends in 1 once its message could not be shown.
        #expect(streams.exitStatus(2) == 1)
        #expect(
            output.text() == "todo: couldn't write to standard error (\(String(cString: strerror(ENOSPC))))\n"
        )
    }

    @Test func aFullStandardOutputMakesExitStatusOneAndSaysSoOnStandardError() throws {
        let error = try CapturedPipe()
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let streams = ProgramOutput(outputFD: full, errorFD: error.writeEnd, program: "library-finder")
        streams.write("library-finder 1.1.0\n", to: .standardOutput)
        streams.write("more\n", to: .standardOutput)
        #expect(streams.exitStatus(0) == 1)
        #expect(
            error.text()
                == "library-finder: couldn't write to standard output (\(String(cString: strerror(ENOSPC))))\n"
        )
    }

    @Test func aClosedDescriptorCountsAsFailedWithoutAMessageWhenBothFail() throws {
        let output = try CapturedPipe()
        let streams = ProgramOutput(outputFD: output.writeEnd, errorFD: -1, program: "memory-game")
        streams.write("memory-game: --seed needs a whole number\n", to: .standardError)
        #expect(streams.exitStatus(2) == 1)
        #expect(output.text() == "memory-game: couldn't write to standard error (it is closed)\n")

        let neither = ProgramOutput(outputFD: -1, errorFD: -1, program: "todo")
        neither.write("x\n", to: .standardOutput)
        neither.write("y\n", to: .standardError)
        #expect(neither.exitStatus(0) == 1)
    }

    @Test func writesNothingAndKeepsTheStatusWhenThereIsNothingToWrite() throws {
        let streams = ProgramOutput(outputFD: -1, errorFD: -1, program: "todo")
        streams.write("", to: .standardOutput)
        streams.write("", to: .standardError)
        #expect(streams.failures.isEmpty)
        #expect(streams.exitStatus(130) == 130)
    }
}
