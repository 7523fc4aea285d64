package explain

import (
	"errors"
	"fmt"

	"bashni/ai"
	"bashni/rules"
)

// A hint that teaches (issue 21): besides the move, the line the engine
// expects (for the board to draw as arrows or numbered ghosts) and why the
// move is good, as reasons with arguments. No words are made here: a
// Reason names its message (package i18n's catalogue, section hint) and
// its values, and Say asks the player's catalogue for the words.
//
// Material is counted as Bashni counts it (shared/RULES.md): every piece
// stays on the board, so a side's material is the pieces of its colour in
// the columns it owns, the pieces that move and fight. A capture takes the
// top of a column (the victim loses a piece, the capturer gains a
// prisoner), and a column whose new top is the capturer's changes hands,
// freeing the capturer's pieces held in it.

// Step is one ply of the expected line.
type Step struct {
	Move   rules.Move
	Side   rules.Color
	Number int // the move number of the record (1. c3-d4 d6-c5: both are 1)
	// Forced is set on plies added after the engine's line: the captures
	// that follow its last move (compulsory, counted to their end so that
	// the line does not stop in the middle of an exchange).
	Forced bool
	// Balance is the material after this ply, from the hint's side's view,
	// relative to before the hint: +1 a piece up, -1 a piece down.
	Balance int
}

// ReasonCode names a reason; its message is "hint." + the code with
// underscores (MessageID).
type ReasonCode string

// The reasons a hint move is good.
const (
	OnlyMove       ReasonCode = "only-move"       // the only legal move
	WinsGame       ReasonCode = "wins-game"       // a forced win in Count moves
	HoldsOut       ReasonCode = "holds-out"       // the game is lost; this move lasts longest (Count moves)
	WinsMaterial   ReasonCode = "wins-material"   // wins Count pieces (by move ByMove)
	FreesPrisoners ReasonCode = "frees-prisoners" // gives Gives pieces (maybe none) to free Count prisoners
	Sacrifice      ReasonCode = "sacrifice"       // gives Gives pieces, wins Count back by move ByMove
	Exchange       ReasonCode = "exchange"        // gives Count pieces and takes as many back
	OnlySaves      ReasonCode = "only-saves"      // the only move that saves the column on Square
	SavesColumn    ReasonCode = "saves-column"    // saves the column on Square
	Prevents       ReasonCode = "prevents"        // prevents the capture Move
	LeastLoss      ReasonCode = "least-loss"      // every move loses; this one only Count pieces
	GivesForPlay   ReasonCode = "gives-for-play"  // gives Count pieces for a better game
	Crowns         ReasonCode = "crowns"          // crowns a man on Square by move ByMove
	Quiet          ReasonCode = "quiet"           // nothing is won or lost: a safe move that improves the position
)

// ReasonCodes lists every code, for the test that each has its message in
// every language.
var ReasonCodes = []ReasonCode{OnlyMove, WinsGame, HoldsOut, WinsMaterial, FreesPrisoners, Sacrifice, Exchange, OnlySaves, SavesColumn, Prevents, LeastLoss, GivesForPlay, Crowns, Quiet}

// Reason is one reason with its arguments; fields a code does not use are
// zero.
type Reason struct {
	Code   ReasonCode
	Count  int          // pieces won, freed, traded or lost; moves to a win
	Gives  int          // pieces given first
	Square rules.Square // the column saved, the crowning square
	Move   rules.Move   // the capture prevented
	ByMove int          // the record's move number by which it is done (0: not said)
}

// Hint is what the hint screen shows beside the move.
type Hint struct {
	Move rules.Move
	// Line is the expected line, Move first: the engine's principal
	// variation, then the compulsory captures that finish it (Forced).
	Line []Step
	// Reasons say why, the main one first (never empty).
	Reasons []Reason
}

// maxSettle bounds the capture plies counted after a line or a move (a
// chain of exchanges longer than this is rare), and settleNodes the
// positions one count looks at, so that a hint is explained in
// milliseconds whatever the position.
const (
	maxSettle   = 10
	settleNodes = 20_000
)

// storyPlies is how far into the line the reasons look (then on to the
// end of the exchange going on there): the engine's line goes deeper, but
// its far end is a guess, and a newcomer follows a few moves, not twenty.
const storyPlies = 8

// Teach explains the hint a (ai.Analysis of the last position of history:
// Best, PV, Score). The hint itself must be legal (an error says so); the
// line is kept up to its first illegal move, if any (a stale tail).
func Teach(history []*rules.Position, a ai.Analysis) (Hint, error) {
	if len(history) == 0 || history[len(history)-1] == nil {
		return Hint{}, errors.New("explain: a hint needs a position")
	}
	cur := history[len(history)-1]
	legal := cur.LegalMoves(nil)
	if len(legal) == 0 {
		return Hint{}, errors.New("explain: no hint: the side to move has no legal move")
	}
	if a.Best.IsZero() {
		return Hint{}, errors.New("explain: the analysis has no best move")
	}
	if !isLegal(cur, a.Best) {
		return Hint{}, fmt.Errorf("explain: the hint %v is not legal here", a.Best)
	}
	pv := a.PV
	if len(pv) == 0 || pv[0].String() != a.Best.String() {
		pv = []rules.Move{a.Best}
	}
	side := cur.SideToMove()
	start := countMaterial(cur)
	h := Hint{Move: a.Best}
	var mats []material
	pos := *cur
	play := func(m rules.Move, forced bool) {
		s := step(&pos, m, forced)
		pos = *pos.Play(m)
		mt := countMaterial(&pos)
		s.Balance = mt.balance(side) - start.balance(side)
		h.Line = append(h.Line, s)
		mats = append(mats, mt)
	}
	for _, m := range pv {
		if !isLegal(&pos, m) {
			break
		}
		play(m, false)
	}
	// Finish the line's exchange: the compulsory captures that follow,
	// each side taking what gains it most.
	for _, m := range settleLine(&pos, side) {
		play(m, true)
	}
	h.Reasons = reasons(cur, legal, a, h.Line, mats, start)
	return h, nil
}

func step(p *rules.Position, m rules.Move, forced bool) Step {
	return Step{Move: m, Side: p.SideToMove(), Number: p.FullmoveNumber(), Forced: forced}
}

func isLegal(p *rules.Position, m rules.Move) bool {
	for _, l := range p.LegalMoves(nil) {
		if l.String() == m.String() {
			return true
		}
	}
	return false
}

// reasons decides why the hint is good, from the material along the first
// storyPlies of its line (up to the end of the exchange there) and a
// count of what each other move would lose at once.
func reasons(cur *rules.Position, legal []rules.Move, a ai.Analysis, line []Step, mats []material, start material) []Reason {
	side := cur.SideToMove()
	// The story ends at the first quiet position (no capture for the side
	// to move) from storyPlies on, or where the line ends.
	cut := len(line) - 1
	for i := storyPlies - 1; i < len(line); i++ {
		if quietAfter(line, i) {
			cut = i
			break
		}
	}
	story := line[:cut+1]
	final := story[cut].Balance
	// low is the most the side is down at a quiet point of the story or,
	// when the hint gives something away (it does not capture), right
	// after the opponent's answer takes it.
	low := 0
	firstExchange := !line[0].Move.IsCapture()
	for i, s := range story {
		if quietAfter(line, i) {
			low = min(low, s.Balance)
			firstExchange = false
		} else if firstExchange && s.Side != side {
			low = min(low, s.Balance)
		}
	}
	// byMove is the move number of the quiet point from which the balance
	// stays at least final.
	byMove := func() int {
		at := cut
		for i := cut; i >= 0; i-- {
			if quietAfter(line, i) || i == cut {
				if story[i].Balance < final {
					break
				}
				at = i
			}
		}
		return story[at].Number
	}
	freed := start.captive[side] - mats[cut].captive[side]
	var out []Reason
	add := func(r Reason) { out = append(out, r) }
	threat, threatGain := threatOf(cur)
	switch plies, won := ai.IsWinScore(a.Score); {
	case won && a.Score > 0:
		add(Reason{Code: WinsGame, Count: max(1, (plies+1)/2)})
	case won:
		add(Reason{Code: HoldsOut, Count: max(1, (plies+1)/2)})
	case final > 0 && low < 0 && freed > 0:
		add(Reason{Code: FreesPrisoners, Gives: -low, Count: freed})
	case final > 0 && low < 0:
		add(Reason{Code: Sacrifice, Gives: -low, Count: final - low, ByMove: byMove()})
	case final > 0 && freed > 0:
		add(Reason{Code: FreesPrisoners, Count: freed, ByMove: byMove()})
	case final > 0:
		add(Reason{Code: WinsMaterial, Count: final, ByMove: byMove()})
	case final < 0:
		// Down material and worse: the engine found nothing that loses
		// less. Down material but not worse: it is given for the game.
		if a.Score < 0 || worstOthers(cur, legal, a.Best) <= final {
			add(Reason{Code: LeastLoss, Count: -final})
		} else {
			add(Reason{Code: GivesForPlay, Count: -final})
		}
	case threatGain > 0:
		// Nothing lost while the opponent threatened to take something:
		// the move saves it.
		code := SavesColumn
		if len(legal) > 1 && worstOthers(cur, legal, a.Best) < 0 && savers(cur, legal) == 1 {
			code = OnlySaves
		}
		add(Reason{Code: code, Square: threat.CapturedAt(0)})
	case low < 0:
		add(Reason{Code: Exchange, Count: -low})
	default:
		add(Reason{Code: Quiet})
	}
	if main := out[0].Code; threatGain > 0 && final >= 0 && main != WinsGame && main != HoldsOut {
		add(Reason{Code: Prevents, Move: threat})
	}
	for _, s := range story {
		if s.Side == side && s.Move.IsPromotion() {
			add(Reason{Code: Crowns, Square: s.Move.To(), ByMove: s.Number})
			break
		}
	}
	if len(legal) == 1 {
		add(Reason{Code: OnlyMove})
	}
	return out
}

// quietAfter reports whether the side to move after ply i has no capture:
// the next ply is not a capture (the line's end is quiet: Teach finishes
// its captures).
func quietAfter(line []Step, i int) bool {
	return i+1 >= len(line) || !line[i+1].Move.IsCapture()
}

// material is what each side has, by colour: control, its pieces in
// columns it owns; captive, its pieces held under the other side's tops.
type material struct {
	control, captive [2]int
}

func countMaterial(p *rules.Position) material {
	var m material
	v := p.Variant()
	for sq := rules.Square(0); sq < 64; sq++ {
		if !v.Playable(sq) {
			continue
		}
		c := p.Column(sq)
		owner := c.Owner()
		for i := 0; i < c.Height(); i++ {
			if col := c.Piece(i).Color(); col == owner {
				m.control[col]++
			} else {
				m.captive[col]++
			}
		}
	}
	return m
}

// balance is side's material less the opponent's.
func (m material) balance(side rules.Color) int {
	return m.control[side] - m.control[side.Opponent()]
}

// settle returns the balance (from side's view) after the compulsory
// captures from p, each side taking the route that gains it most, for at
// most depth plies, and that sequence of captures.
func settle(p *rules.Position, side rules.Color, depth int) (int, []rules.Move) {
	budget := settleNodes
	return settleN(p, side, depth, &budget)
}

func settleN(p *rules.Position, side rules.Color, depth int, budget *int) (int, []rules.Move) {
	*budget--
	caps := p.AppendCaptures(nil)
	if len(caps) == 0 || depth == 0 || *budget <= 0 {
		return countMaterial(p).balance(side), nil
	}
	mover := p.SideToMove()
	var best int
	var bestLine []rules.Move
	for i, m := range caps {
		v, line := settleN(p.Play(m), side, depth-1, budget)
		if mover != side {
			v = -v
		}
		if i == 0 || v > best {
			best, bestLine = v, append([]rules.Move{m}, line...)
		}
	}
	if mover != side {
		best = -best
	}
	return best, bestLine
}

// settleLine is the sequence of compulsory captures that ends a line in p.
func settleLine(p *rules.Position, side rules.Color) []rules.Move {
	_, line := settle(p, side, maxSettle)
	return line
}

// afterMove is the balance (side to move's view, relative to now) once m
// and the captures it allows are played out.
func afterMove(p *rules.Position, m rules.Move) int {
	side := p.SideToMove()
	now := countMaterial(p).balance(side)
	b, _ := settle(p.Play(m), side, maxSettle)
	return b - now
}

// worstOthers is the best balance any move but best keeps at once (so: if
// it is negative, every other move loses material). With no other move it
// is 0.
func worstOthers(p *rules.Position, legal []rules.Move, best rules.Move) int {
	first, out := true, 0
	for _, m := range legal {
		if m.String() == best.String() {
			continue
		}
		if b := afterMove(p, m); first || b > out {
			first, out = false, b
		}
	}
	return out
}

// savers counts the moves that lose nothing at once.
func savers(p *rules.Position, legal []rules.Move) int {
	n := 0
	for _, m := range legal {
		if afterMove(p, m) >= 0 {
			n++
		}
	}
	return n
}

// threatOf is the opponent's best capture if it were their move now, and
// what it would win them (0 and the zero Move if none wins anything).
func threatOf(p *rules.Position) (rules.Move, int) {
	q := *p
	opp := p.SideToMove().Opponent()
	q.SetSideToMove(opp)
	now := countMaterial(&q).balance(opp)
	b, line := settle(&q, opp, maxSettle)
	if len(line) == 0 || b-now <= 0 {
		return rules.Move{}, 0
	}
	return line[0], b - now
}
