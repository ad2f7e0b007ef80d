// `ReSwiftThunkTesting` is the name of ReSwift-Thunk's test-helper module, so that test code
// written for ReSwift-Thunk (`import ReSwiftThunkTesting`) compiles unchanged against this
// package. That module had one public type, `ExpectThunk`; this one re-exports exactly that type
// from `ReSwiftTesting`, where it lives with the package's other test helpers. The re-export is
// the same declaration, not a copy or an alias: a file may import both modules without
// ambiguity, and `ExpectThunk`'s documentation is in `ReSwiftTesting`.
//
// `@_exported` is the compiler's (underscored but long-standing) way for a module to re-export
// another module's declarations; the `class` scope keeps the rest of `ReSwiftTesting` (TestStore,
// ActionRecorder) out of files that only asked for ReSwift-Thunk's helper.

@_exported import class ReSwiftTesting.ExpectThunk
