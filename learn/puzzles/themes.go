package puzzles

import (
	"fmt"
	"math/bits"

	"bashni/rules"
)

// Theme names an idea a puzzle's solution uses. DetectThemes finds them from
// the position and the solution line alone, so the generator and the tests
// agree on what each one means.
type Theme string

// The themes, each defined by what happens on the solution line (the
// player's moves and the opponent's replies). A theme is the point of the
// line, not something that happens on the way: most Bashni captures free a
// prisoner or take the top of a tall column, so those two themes ask for
// what the whole line achieves.
const (
	// WinColumn: a capture of the player's takes the top of an enemy column
	// of five or more pieces whose next piece is the player's, so that the
	// tall column (four or more of the player's pieces under one enemy
	// top: a column has its owner's pieces over the other side's, RULES.md
	// rules 11–12) changes hands, and it is still the player's at the end
	// of the line.
	WinColumn Theme = "win-column"
	// FreePrisoners: over the line, at least two of the player's pieces
	// held under enemy tops come free, more than the enemy pieces the line
	// takes prisoner, and no tall column changed hands (that is
	// WinColumn): freeing them is what the line wins.
	FreePrisoners Theme = "free-prisoners"
	// TurkishStrike: a capture of the opponent's on the line stops because
	// jumped columns stay on the board until the move is over and a column
	// is jumped only once (Bashni rule 13, Lasca rule 5): from where it
	// stopped it could have captured again had the jumped columns gone
	// (StoppedByTurkishStrike); and the player's next move takes the column
	// that stopped there.
	TurkishStrike Theme = "turkish-strike"
	// PromotionCapture: a man of the player's is crowned during a capture.
	PromotionCapture Theme = "promotion-capture"
	// KingShot: a king of the player's takes two or more columns in one
	// move, or the player's first move is a quiet move and a man of the
	// player's is crowned later on the line by a quiet move (a
	// breakthrough; crowned in a capture is PromotionCapture).
	KingShot Theme = "king-shot"
	// Blockade: the opponent runs out of safe moves and must give
	// material: after a move of the player's it has no safe move
	// (NoSafeMove: no legal move at all, or every move gives material), or
	// its best reply on the line is a quiet move that gives material
	// (GivesMaterial).
	Blockade Theme = "blockade"
	// Sacrifice: the player gives material on purpose: after a reply of the
	// opponent's the player is three or more of Material (a man 1, a king
	// 3) below where the line began, and the line still wins. (Giving a man
	// or two to take more is how most combinations start; a sacrifice
	// gives more.)
	Sacrifice Theme = "sacrifice"
)

// AllThemes lists the themes in the order menus show them.
var AllThemes = []Theme{WinColumn, FreePrisoners, TurkishStrike, PromotionCapture, KingShot, Blockade, Sacrifice}

// ParseTheme checks a theme name.
func ParseTheme(s string) (Theme, error) {
	for _, t := range AllThemes {
		if string(t) == s {
			return t, nil
		}
	}
	return "", fmt.Errorf("unknown puzzle theme %q", s)
}

// tallColumn is the height from which a column changing hands is the point
// of a line (WinColumn).
const tallColumn = 5

// DetectThemes returns the themes of a solution line played from start (the
// puzzle's position, the player to move), in the order of AllThemes. The
// line must be legal.
func DetectThemes(start *rules.Position, line []rules.Move) []Theme {
	player := start.SideToMove()
	startBalance := Balance(start, player)
	found := map[Theme]bool{}
	var won []rules.Square // where tall columns changed hands to the player
	p := start
	promoted := false
	for i, m := range line {
		mine := i%2 == 0
		if mine && m.IsCapture() {
			for k := 0; k < m.CaptureCount(); k++ {
				sq := m.CapturedAt(k)
				if col := p.Column(sq); col.Height() >= tallColumn && col.Piece(1).Color() == player {
					won = append(won, sq)
				}
			}
			if p.Column(m.From()).Top().IsKing() && m.CaptureCount() >= 2 {
				found[KingShot] = true
			}
		}
		if mine && m.IsPromotion() {
			if m.IsCapture() {
				found[PromotionCapture] = true
			} else {
				promoted = true // crowned by a quiet move
			}
		}
		if !mine && i+1 < len(line) && takes(line[i+1], m.To()) && StoppedByTurkishStrike(p, m) {
			found[TurkishStrike] = true
		}
		if !mine && GivesMaterial(p, m) {
			found[Blockade] = true
		}
		next := p.Play(m)
		if !mine && Balance(next, player) <= startBalance-3 {
			found[Sacrifice] = true
		}
		if mine && NoSafeMove(next) {
			found[Blockade] = true
		}
		p = next
	}
	if promoted && len(line) > 0 && !line[0].IsCapture() {
		found[KingShot] = true
	}
	for _, sq := range won {
		if col := p.Column(sq); col.Owner() == player && col.Height() >= 3 {
			found[WinColumn] = true
		}
	}
	freed := Held(start, player) - Held(p, player)
	taken := Held(p, player.Opponent()) - Held(start, player.Opponent())
	if freed >= 2 && freed > taken && !found[WinColumn] {
		found[FreePrisoners] = true
	}
	out := []Theme{}
	for _, t := range AllThemes {
		if found[t] {
			out = append(out, t)
		}
	}
	return out
}

// GivesMaterial reports whether the quiet move m, legal in p, gives the
// other side a capture that wins more (Balance) than any it had before the
// move.
func GivesMaterial(p *rules.Position, m rules.Move) bool {
	if m.IsCapture() {
		return false
	}
	null := *p
	null.SetSideToMove(p.SideToMove().Opponent())
	return bestCaptureGain(p.Play(m)) > bestCaptureGain(&null)
}

// takes reports whether the capture m jumps the column on sq.
func takes(m rules.Move, sq rules.Square) bool {
	for k := 0; k < m.CaptureCount(); k++ {
		if m.CapturedAt(k) == sq {
			return true
		}
	}
	return false
}

// NoSafeMove reports whether the side to move in p has no safe move: no
// legal move at all while it still owns columns, or no capture and every
// move gives material away: after it the other side has a capture that
// wins more (Balance) than any it has already. A piece already hanging
// does not make a blockade; having to give a new one does.
func NoSafeMove(p *rules.Position) bool {
	if p.Owned(p.SideToMove()) == 0 || p.MustCapture() {
		return false
	}
	for _, m := range p.LegalMoves(nil) {
		if !GivesMaterial(p, m) {
			return false
		}
	}
	return true
}

// bestCaptureGain is the most material (Balance) the side to move in p
// wins with one capture, 0 when it has none.
func bestCaptureGain(p *rules.Position) int {
	side := p.SideToMove()
	now := Balance(p, side)
	best := 0
	for _, c := range p.AppendCaptures(nil) {
		best = max(best, Balance(p.Play(c), side)-now)
	}
	return best
}

// Held counts the pieces of colour c that are prisoners: under a top of
// the other colour somewhere in their column (below the top run of the
// column's owner).
func Held(p *rules.Position, c rules.Color) int {
	n := 0
	for b := p.Occupied(); b != 0; b &= b - 1 {
		col := p.Column(rules.Square(bits.TrailingZeros64(b)))
		own, _, _, _ := col.Census()
		for i := own; i < col.Height(); i++ {
			if col.Piece(i).Color() == c {
				n++
			}
		}
	}
	return n
}

// StoppedByTurkishStrike reports whether the capture m, legal in p, ends
// only because jumped columns stay on the board until the move is over and
// a column may be jumped only once: in the position after m, with the same
// side to move again, the capturing column could capture once more (a
// column it has not jumped, now reachable, or one it jumped that is still
// the enemy's). A Lasca man crowned on the far rank ends its move by rule
// 6, not by this one.
func StoppedByTurkishStrike(p *rules.Position, m rules.Move) bool {
	if !m.IsCapture() {
		return false
	}
	if p.Variant() == rules.Lasca && m.IsPromotion() {
		return false
	}
	q := p.Play(m)
	q.SetSideToMove(p.SideToMove())
	for _, c := range q.AppendCaptures(nil) {
		if c.From() == m.To() {
			return true
		}
	}
	return false
}

// Material counts what side controls in p: every piece of its colour in the
// top layer of its own columns, a man 1 and a king 3. Prisoners count for
// nobody: they are out of play until freed.
func Material(p *rules.Position, side rules.Color) int {
	n := 0
	for b := p.Owned(side); b != 0; b &= b - 1 {
		sq := rules.Square(bits.TrailingZeros64(b))
		own, kings, _, _ := p.Column(sq).Census()
		n += own + 2*kings
	}
	return n
}

// Balance is Material of side minus Material of its opponent.
func Balance(p *rules.Position, side rules.Color) int {
	return Material(p, side) - Material(p, side.Opponent())
}

// TextID is the message ID (package text) of the theme's name.
func (t Theme) TextID() string {
	return map[Theme]string{
		WinColumn:        "puzzle.theme.win_column",
		FreePrisoners:    "puzzle.theme.free_prisoners",
		TurkishStrike:    "puzzle.theme.turkish_strike",
		PromotionCapture: "puzzle.theme.promotion_capture",
		KingShot:         "puzzle.theme.king_shot",
		Blockade:         "puzzle.theme.blockade",
		Sacrifice:        "puzzle.theme.sacrifice",
	}[t]
}

// PromptID is the message ID of the puzzle's prompt, by the side the player
// has.
func PromptID(player rules.Color) string {
	if player == rules.White {
		return "puzzle.prompt.white"
	}
	return "puzzle.prompt.black"
}
