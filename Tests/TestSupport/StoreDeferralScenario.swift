#if os(Linux) || os(macOS)
    /// Runs a scenario of `store-deferral-fixture` (Tests/Fixtures/StoreDeferral): a store whose
    /// subscribers dispatch from `newState`, in a child process with a deadline. A store that
    /// processes a deferred action while it still notifies stops on its internal precondition;
    /// here that fails the calling test with the child's status and its last lines, instead of
    /// ending the test process and every test in it.
    ///
    /// ```swift
    /// #expect(try storeDeferralScenario("up-to-ten") == ["returned 10", "saw 0 1 2 3 4 5 6 7 8 9 10"])
    /// ```
    ///
    /// - Parameter scenario: The scenario's name (the keys of the fixture's `scenarios`).
    /// - Returns: The lines the scenario printed before its final "done".
    /// - Throws: ``TestSupportError`` when the fixture stopped before "done", isn't built, or
    ///   outlived its 30 s deadline.
    public func storeDeferralScenario(_ scenario: String) throws -> [String] {
        let run = try runProduct(
            "store-deferral-fixture", arguments: [scenario], environment: ["SWIFT_BACKTRACE": "enable=no"],
            timeout: 30)
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        let said = lines.last == "" ? Array(lines.dropLast()) : lines
        guard run.status == 0, said.last == "done" else {
            throw TestSupportError(
                """
                the store stopped (status \(run.status)) in scenario \(scenario) after:
                \(said.suffix(5).joined(separator: "\n"))
                \(run.standardError)
                """)
        }
        return Array(said.dropLast())
    }
#endif
