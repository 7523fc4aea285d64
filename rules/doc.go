// Package rules is Bashni (Russian column draughts) and Lasca, Lasker's 7×7
// cousin, as shared/RULES.md states them: the board, columns, positions,
// legal moves, notation, games and their results. Everything else — the
// computer player (ai), a game in progress with its players (session), the
// screens (scenes), the engine protocol (cmd/bashni-engine) — builds on it.
//
// The parts, file by file:
//
//   - variant.go, square.go, direction.go: the two boards (Variant: 8×8 or
//     7×7, dark squares only), squares a1…h8 (Square, bit i of a bitboard
//     is Square i), the four diagonal Directions with Neighbour and Shift.
//   - piece.go: a Piece (man or king of a Color) and a Column, a stack of up
//     to 24 pieces packed in a uint64, owned by its top.
//   - position.go: a Position — owned-by-White/Black and top-is-king
//     bitboards, the columns, the side to move, the move counters and a
//     Zobrist hash; a plain value (MakeMove changes it in a search; the
//     positions a Game holds are never changed once made).
//   - movegen.go: LegalMoves — captures are compulsory and whole routes;
//     bitboards find the columns that can start one, a depth-first search
//     follows each (Turkish strike: jumped columns stay until the move
//     ends); quiet moves on bitboards.
//   - move.go: a Move is a route (origin, landings, jumped squares,
//     promotion); MakeMove/UnmakeMove for search, Play for a new position.
//   - notation.go, fen.go, record.go: moves "c3-d4", "a3:c5:a7"; FEN, one-line
//     and readable; PDN-like game records (shared/PROTOCOL.md).
//   - game.go: a Game — positions from its start, undo and redo, results by
//     the rules (StatusOf: no moves, repetition, no progress) or off the
//     board (End: resignation, agreement, a clock, a server).
//   - perft.go: move-path enumeration counts, checked against RULES.md.
//
// The package imports nothing outside the standard library and holds no
// mutable global state: the only package-level values are tables computed
// once at start-up and never written again.
package rules
