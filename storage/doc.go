// Package storage keeps the player's settings, the game in progress and the
// archive of finished games across quits, crashes and page reloads.
//
// On desktop the documents are JSON files in a directory (by default
// <os.UserConfigDir()>/bashni, or $BASHNI_CONFIG_DIR when set); in the browser
// they are window.localStorage entries under keys "bashni/<name>.json". Both
// sit behind the same [Store] type, chosen by build tags.
//
// Every document is a JSON envelope carrying a schema version:
//
//	{"schema": 1, "kind": "settings", "data": {...}}
//
// Writes replace a document atomically (temporary file, fsync, rename) after
// copying the previous good version to "<name>.json.bak". A document that is
// damaged, truncated or written by a newer version of the game is set aside as
// "<name>.json.broken-<time>" (or ".newer-<time>"), the backup is tried next,
// and defaults are used when nothing is good. Loading never fails: it returns
// a value and a [Notice] of what it had to do (zero when all is well), in
// codes: the screens put it in the player's language.
//
// The package knows the rules only by name: a variant and a side are words
// of the documents, translated to and from the rules' types in one place
// (rules.go); positions and moves are strings in the notation of
// shared/PROTOCOL.md, checked only for shape.
package storage
