// Package puzzles is the game's puzzle collection: positions from real play
// with one clearly winning move and a short forced line, tagged by theme,
// rated and grouped in tiers; attempts checked move by move with the
// opponent answering along the line; and the player's Glicko-2 rating,
// streaks and counts.
//
// # Where the puzzles come from
//
// cmd/bashni-puzzles finds them in computer self-play and in recorded games
// (bashni-match -pgn). A position becomes a puzzle when, after the
// opponent's last move:
//
//   - the side to move has at least two legal moves and is not already far
//     ahead (at most 3 ahead in Material), and the opponent was not already
//     lost before its last move (its search score at least -500);
//   - a deep search (ai.Engine.RankMoves, 4,000,000 nodes) scores the best
//     move at least MinEval (250) centipawns for the player and proves every
//     other move at least Margin (250) worse;
//   - the line that follows is short and forced: the opponent's best replies,
//     and every later move of the player (unless it is the only legal move)
//     again clearly best by the same test in 600,000-node searches; it ends
//     as soon as the player's own moves have won 2 or more of Material and
//     the captures expected next do not win it back, or when the opponent is
//     left without a move; at most 4 moves of the player.
//
// The generator also records the shallowest depth (Found) at which a fresh
// engine already shows the first move clearly best; QuickCheck repeats that
// search, which is what the test suite runs on every shipped puzzle, while
// `go run ./cmd/bashni-puzzles verify` repeats the deep check.
//
// # Rating and tiers
//
// A puzzle's rating comes from the lowest computer level (ai levels 1–6,
// level 1 the newcomer; three seeded tries each, two of three must succeed)
// that plays the whole solution: 800, 900, 1150, 1400, 1650 or 1850 for
// levels 1–6, 2050 when none does; plus 80 for every move of the player after the first, plus 120 when
// the first move is a quiet move (captures are compulsory and the board
// shows them; a quiet move that sets up a combination is harder to see),
// plus 30 for every ply beyond two that a fresh engine needs to see the
// first move clearly best (Found). Tiers group the ratings (TierOf):
// beginner below 1100, intermediate to 1399, advanced to 1699, expert from
// 1700. A player's rating starts at 1500 ± 350
// and moves by Glicko-2 after every puzzle: a clean solve (no mistake, no
// hint) wins against the puzzle's rating, anything else loses.
//
// # Data format
//
// The puzzles are embedded JSON files, data/bashni.json and data/lasca.json,
// each a File:
//
//	{
//	 "format": 1,                  // FormatVersion
//	 "variant": "Bashni",          // or "Lasca"
//	 "check": "…",                 // how the puzzles were verified, in words
//	 "puzzles": [ {
//	   "id": "b3f0c9a12",          // variant letter + 8 hex digits of SHA-256(fen, setup, first move): stable across rebuilds
//	   "fen": "W:W…:B…:H0:F20",    // the position BEFORE the opponent's last move (PROTOCOL.md FEN)
//	   "setup": "e3:c5",           // the opponent's last move: the screen shows it, then the player moves
//	   "line": ["d6:b4", "a5:c3", "b4:d2"], // the solution: player, opponent, player, …; odd length
//	   "themes": ["free-prisoners"],// Theme values, in the order of AllThemes
//	   "rating": 1150,
//	   "eval": 420,                // the deep search's score of the first move, centipawns, player's view
//	   "margin": 310,              // its lead over the second best move (at least)
//	   "depth": 14,                // the deep search's depth
//	   "found": 5,                 // the QuickCheck depth
//	   "gain": 3,                  // Material won by the line
//	   "level": 2,                 // the lowest computer level (1–6) that solves it (0: none)
//	   "source": "selfplay 2/9 L1-L1 ply 59"  // where the position comes from
//	 } ]
//	}
//
// Moves are written as in PROTOCOL.md (c3-d4, full capture routes
// a3:c5:e7). Puzzles are sorted by rating. Load parses and checks a file:
// every move must be legal in turn.
package puzzles
