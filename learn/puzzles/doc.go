// Package puzzles is the game's puzzle collection: positions from real play
// with one clearly winning move and a forced line to the point of the
// combination, tagged by theme and rated by difficulty; attempts checked
// move by move with the opponent answering along the line, graded hints,
// the solution step by step, and a wrong try played out to show what it
// costs (a code with arguments; screens make the words); and the player's
// Glicko-2 rating, streaks and counts.
//
// # Where the puzzles come from
//
// cmd/bashni-puzzles finds them in engine self-play at varied levels,
// random-ish playouts (a share of random moves: a newcomer's mistakes) and
// recorded games. A position becomes a puzzle when, after the opponent's
// last move:
//
//   - the side to move has at least three legal moves (gen -minmoves; of
//     the shipped puzzles at most 10 % start with only two, build -two),
//     is not already far ahead (at most 3 ahead in Material, gen -ahead;
//     some Lasca runs allowed 5: Lasca games with random moves are soon
//     lopsided), and the opponent was not already lost before its last
//     move (gen -prior);
//   - a deep search (ai.Engine.RankMoves, gen -deep nodes) scores the best
//     move at least MinEval (250) centipawns for the player and proves
//     every other move at least Margin (250) worse: one solution, no other
//     first move wins as much;
//   - the line that follows is forced: the opponent's best replies, and
//     every later move of the player (unless it is the only legal move)
//     again clearly best by the same test in -linenodes searches; it goes on
//     until the player's moves have won 2 or more of Material and the
//     captures expected next do not win it back, or the opponent has no
//     move; and then on through the forced captures (Unfinished): no line
//     stops while the opponent must capture and, whatever it takes, the
//     player captures again.
//
// The generator also records the shallowest depth (Found) at which a fresh
// engine already shows the first move clearly best; QuickCheck repeats that
// search, which is what the test suite runs on every shipped puzzle. The
// deeper check, `bashni-puzzles verify`, searches every legal first move
// separately (4,000,000 nodes each by default) and asks the solution to lead
// every other by Margin.
//
// # Themes
//
// A theme is on a puzzle when it is the point of the line (themes.go has
// each definition, from the rules, read off the line without search):
// a tall column (four or more) changes hands; prisoners freed are what the
// line wins; the Turkish strike (a capture of the opponent's stops because
// jumped columns stay until the move ends and are jumped only once, and
// the player takes the column that stopped); a man crowned in a capture; a
// king shot or breakthrough; a blockade (the opponent has no safe move and
// must give material); a sacrifice.
//
// # Difficulty and the player's rating
//
// A puzzle's rating comes from its features (FeaturesOf, difficulty.go):
// 650 for a single capture with nothing else to try, plus 150 for every
// further move of the player that had a choice (40 for a forced one), 130
// for every quiet move of the player, 150 when a quiet move gives material
// (the opponent must capture), and 20 for every plausible other move the
// player had (another capture, or a quiet move that gives nothing away; at
// most 12 counted). Tiers group the ratings
// (TierOf): beginner below 1100, intermediate to 1399, advanced to 1699,
// expert from 1700.
//
// A new player's rating starts at Set.StartRating, the top of the easiest
// third of the set (not a constant: it follows the shipped puzzles), ± 350,
// and moves by Glicko-2 after every puzzle: a clean solve (no mistake, no
// hint) wins against the puzzle's rating, anything else loses. Set.Next
// offers the unseen puzzle rated nearest the player's rating plus Stretch
// (50), within the theme and tier chosen.
//
// # Data format
//
// The puzzles are embedded gzip-compressed text files, data/bashni.tsv.gz
// and data/lasca.tsv.gz (File.Encode, ParseFile). The first line is
//
//	bashni-puzzles <TAB> 2 <TAB> Bashni <TAB> how the puzzles were verified
//
// (2 is FormatVersion), then one puzzle a line, tab-separated:
//
//	id       b3f0c9a12: variant letter + 8 hex digits of SHA-256(fen, setup, first move), stable across rebuilds
//	fen      the position BEFORE the opponent's last move (PROTOCOL.md FEN)
//	setup    the opponent's last move: the screen shows it, then the player moves
//	line     the solution, space-separated: player, opponent, player, …; odd length
//	themes   comma-separated Theme values, in the order of AllThemes (may be empty)
//	rating   the difficulty rating (RatingOf the line)
//	eval     the deep search's score of the first move, centipawns, player's view
//	margin   its lead over the second best move (at least)
//	depth    the deep search's depth
//	found    the QuickCheck depth
//	gain     Material won by the line
//
// Moves are written as in PROTOCOL.md (c3-d4, full capture routes
// a3:c5:e7). Puzzles are sorted by rating. ParseFile checks a file: every
// move must be legal in turn, ids unique. The generator's own output, with
// where each position came from, is kept under data/found (README.md there
// has the commands that rebuild the shipped files from it).
package puzzles
