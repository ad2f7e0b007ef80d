// The package's lock and signal chaining live in the internal leaf target below every module, so
// that ReSwift, its satellites and the Support targets share one copy. Re-exported so that the
// modules and tests that import ReSwift see the leaf's `package` declarations (`Locked`) as they
// saw ReSwift's own; nothing in it is public, so ReSwift's users see nothing new.
@_exported import InternalReSwiftUtilities

/// A plain lock: the same type as `Locked<Void>`, by the name the module's code has used.
typealias Lock = Locked<Void>
