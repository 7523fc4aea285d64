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
// player's moves and the opponent's replies).
const (
	// WinColumn: a capture of the player's takes the top of an enemy column
	// of three or more pieces (a tall column changes hands or loses its
	// guard).
	WinColumn Theme = "win-column"
	// FreePrisoners: a capture of the player's takes the top of an enemy
	// column with the player's pieces right under it, so the column becomes
	// the player's again.
	FreePrisoners Theme = "free-prisoners"
	// TurkishStrike: a capture on the line (by either side) ends because of
	// the Turkish strike: had the jumped tops been removed at once, the
	// capturing column could have gone on capturing from where it stopped
	// (RULES.md rule 13). Bashni only.
	TurkishStrike Theme = "turkish-strike"
	// PromotionCapture: a man of the player's is crowned during a capture.
	PromotionCapture Theme = "promotion-capture"
	// KingShot: a king of the player's takes two or more columns in one
	// move, or the player's first move is a quiet move and a man of the
	// player's is crowned later on the line (a breakthrough).
	KingShot Theme = "king-shot"
	// Blockade: the line ends with the opponent still owning columns but
	// without a legal move.
	Blockade Theme = "blockade"
	// Sacrifice: the player's first move lets (and so, captures being
	// compulsory, makes) the opponent capture.
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

// DetectThemes returns the themes of a solution line played from start (the
// puzzle's position, the player to move), in the order of AllThemes. The
// line must be legal.
func DetectThemes(start *rules.Position, line []rules.Move) []Theme {
	player := start.SideToMove()
	found := map[Theme]bool{}
	p := start
	promoted := false
	for i, m := range line {
		mine := i%2 == 0
		if mine && m.IsCapture() {
			for k := 0; k < m.CaptureCount(); k++ {
				col := p.Column(m.CapturedAt(k))
				if col.Height() >= 3 {
					found[WinColumn] = true
				}
				if col.Height() >= 2 && col.Piece(1).Color() == player {
					found[FreePrisoners] = true
				}
			}
			if p.Column(m.From()).Top().IsKing() && m.CaptureCount() >= 2 {
				found[KingShot] = true
			}
		}
		if mine && m.IsPromotion() {
			promoted = true
			if m.IsCapture() {
				found[PromotionCapture] = true
			}
		}
		if m.IsCapture() && StoppedByTurkishStrike(p, m) {
			found[TurkishStrike] = true
		}
		next := p.Play(m)
		if i == 0 && !m.IsCapture() && next.MustCapture() {
			found[Sacrifice] = true
		}
		p = next
	}
	if promoted && len(line) > 0 && !line[0].IsCapture() {
		found[KingShot] = true
	}
	if len(line)%2 == 1 && !p.HasLegalMove() && p.Owned(player.Opponent()) != 0 {
		found[Blockade] = true
	}
	out := []Theme{}
	for _, t := range AllThemes {
		if found[t] {
			out = append(out, t)
		}
	}
	return out
}

// StoppedByTurkishStrike reports whether the capture m, legal in p, ends
// only because jumped columns stay on the board until the move is over: in
// the position after m, with the same side to move again, the capturing
// column could capture a column it has not jumped yet. (Were the tops taken
// off at once, it would have gone on.) Lasca transfers tops at once and a
// promotion ends its moves, so this never holds there.
func StoppedByTurkishStrike(p *rules.Position, m rules.Move) bool {
	if !m.IsCapture() || p.Variant() != rules.Bashni {
		return false
	}
	q := p.Play(m)
	q.SetSideToMove(p.SideToMove())
	jumped := map[rules.Square]bool{}
	for k := 0; k < m.CaptureCount(); k++ {
		jumped[m.CapturedAt(k)] = true
	}
	for _, c := range q.AppendCaptures(nil) {
		if c.From() == m.To() && !jumped[c.CapturedAt(0)] {
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
