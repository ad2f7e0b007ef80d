// fuzz-modules: LibraryFinderModel LibraryFinderTerminal MemoryGameModel MemoryGameTerminal TodoModel TodoTerminal
//
// Every app reads its command line and some environment variables with the package's one
// argument parser (Support/ArgumentParsing). The input is split at NUL bytes, which no argument
// can hold, into words: a word starting with byte 0x01 is an environment variable (`NAME=value`),
// every other word an argument, decoded from UTF-8 with repair as the runtime decodes argv. Each
// app's parser must give a command or a usage error whose message can be printed, never crash.

import ArgumentParsing
import Foundation
import MemoryGameTerminal
import TodoTerminal

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var arguments: [String] = []
    var environment: [String: String] = [:]
    for word in bytes.split(separator: 0, omittingEmptySubsequences: false) {
        if word.first == 0x01 {
            let text = String(decoding: word.dropFirst(), as: UTF8.self)
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            environment[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        } else {
            arguments.append(String(decoding: word, as: UTF8.self))
        }
    }
    do {
        _ = try LibraryFinderInvocation.parse(arguments, environment: environment)
    } catch {
        _ = error.message
    }
    do {
        _ = try MemoryGameInvocation.parse(arguments, environment: environment)
    } catch {
        _ = error.message
    }
    do {
        _ = try TodoInvocation.parse(arguments)
    } catch {
        _ = String(describing: error)
    }
    return 0
}
