// Package explain tells a player why a move they tried is not legal, in a
// form the board can show: a code, a sentence (package text) and the
// squares that make the point — the capture that was compulsory, the column
// that blocks, the landing squares that would let a king go on.
//
// A try is the route the player showed: the square of the column, then
// every square it went to. The rules (package rules) decide what is legal;
// this package only finds the first thing in the route that breaks them and
// names it (shared/RULES.md gives the rule numbers quoted in the comments).
//
// It also explains a hint (Teach, hint.go): the line the engine expects,
// for the board to draw, and why the move is good — what it wins, saves,
// prevents or gives for what — as reasons with arguments whose words come
// from the game's message catalogue (Reason.Say).
package explain

import (
	"bashni/learn/text"
	"bashni/rules"
)

// Code says what was wrong with a try, for a screen that wants to react to
// it (a sound, an animation) beyond showing the sentence.
type Code string

// The reasons a try can be refused.
const (
	NoColumn          Code = "no-column"          // nothing on the square
	NotYours          Code = "not-yours"          // the opponent's column
	GameOver          Code = "game-over"          // the side to move has no legal move at all
	CannotMove        Code = "cannot-move"        // this column is blocked
	CaptureCompulsory Code = "capture-compulsory" // a quiet move while a capture exists (rule 8)
	NotDiagonal       Code = "not-diagonal"       // columns move along diagonals
	Occupied          Code = "occupied"           // the landing square holds a column
	ManForward        Code = "man-forward"        // men move forward only (rule 5)
	ManOneStep        Code = "man-one-step"       // men move one square (rule 5)
	KingOneStep       Code = "king-one-step"      // Lasca's officers move and capture one step
	JumpOwn           Code = "jump-own"           // a column of one's own cannot be jumped
	TwoColumns        Code = "two-columns"        // one jump takes one column with an empty square beyond (rules 9, 10)
	ManShortJump      Code = "man-short-jump"     // a man jumps a neighbouring column onto the square just beyond (rule 9)
	ForwardCapture    Code = "forward-capture"    // Lasca's men capture forward only
	TurkishStrike     Code = "turkish-strike"     // a jumped column stays until the move ends (rule 13)
	OnlyByCapturing   Code = "only-by-capturing"  // after a jump the move goes on by jumps only
	QuietEnds         Code = "quiet-ends"         // a move without a capture is a single step or flight
	MustContinue      Code = "must-continue"      // the capture must go on while it can (rule 8)
	MustContinueKing  Code = "must-continue-king" // crowned during a capture, it goes on as a king (rule 14)
	KingLanding       Code = "king-landing"       // a king lands where it can go on capturing (rule 10)
	PromotionEnds     Code = "promotion-ends"     // Lasca: crowning ends the move
	ChooseRoute       Code = "choose-route"       // several captures go from here to there
	Illegal           Code = "illegal"            // none of the above (should not happen)

	// Reasons for legal moves that are not what a lesson or puzzle asks.
	NotTheGoal   Code = "not-the-goal"   // legal, but not what the step asks
	CanStillMove Code = "can-still-move" // the opponent is not blocked yet
	Refuted      Code = "refuted"        // the opponent has a strong answer (shown as Route)

	// A lesson's practice game against the computer.
	NotYourTurn   Code = "not-your-turn"  // the computer is to move
	PracticeLost  Code = "practice-lost"  // the practice game was lost: it starts again
	PracticeDrawn Code = "practice-drawn" // the practice game was drawn: it starts again
)

// Why is the answer to a refused try.
type Why struct {
	Code Code
	Text text.T
	// Route is a move to draw as a path (origin first): the capture that
	// is compulsory, a continuation, an answer of the opponent. Empty if
	// none.
	Route []rules.Square
	// Marks are squares to highlight: the column that blocks, the columns
	// that can capture, the landing squares to choose from.
	Marks []rules.Square
}

// Try checks a route in p: the square of the column to move first, then
// every square the column goes to (a capture hop by hop). A route of one
// square asks whether that column may move at all.
//
// It returns the legal move the route names (a complete route, or origin
// and destination when only one capture joins them) and a nil Why; or, if
// the route is not a legal move, the zero move and why not. For a route of
// one square the move is always zero and Why is nil when the column can
// move.
func Try(p *rules.Position, path []rules.Square) (rules.Move, *Why) {
	if len(path) == 0 {
		return rules.Move{}, why(Illegal, text.Of("why.illegal"), nil, nil)
	}
	from := path[0]
	col := p.Column(from)
	side := p.SideToMove()
	switch {
	case col.IsEmpty():
		return rules.Move{}, why(NoColumn, text.Of("why.no_column", "Square", from.String()), nil, sq(from))
	case col.Owner() != side:
		return rules.Move{}, why(NotYours, text.Of("why.not_yours", "Square", from.String()), nil, sq(from))
	}
	legal := p.LegalMoves(nil)
	if len(legal) == 0 {
		return rules.Move{}, why(GameOver, text.Of("why.game_over"), nil, nil)
	}
	mustCapture := legal[0].IsCapture()
	if len(path) == 1 {
		for _, m := range legal {
			if m.From() == from {
				return rules.Move{}, nil
			}
		}
		if mustCapture {
			return rules.Move{}, compulsory(p, legal, from)
		}
		return rules.Move{}, why(CannotMove, text.Of("why.cannot_move", "Square", from.String()), nil, blockers(p, from))
	}
	for _, m := range legal {
		if samePath(m, path) {
			return m, nil
		}
	}
	if len(path) == 2 {
		var joins []rules.Move
		for _, m := range legal {
			if m.IsCapture() && m.From() == from && m.To() == path[1] {
				joins = append(joins, m)
			}
		}
		if len(joins) == 1 {
			return joins[0], nil
		}
		if len(joins) > 1 {
			var marks []rules.Square
			for _, m := range joins {
				marks = appendNew(marks, m.PathAt(1))
			}
			return rules.Move{}, why(ChooseRoute, text.Of("why.choose_route", "From", from.String(), "To", path[1].String()), joins[0].Path(), marks)
		}
	}
	return rules.Move{}, walk(p, legal, path)
}

// walk follows the route hop by hop and names the first thing wrong.
func walk(p *rules.Position, legal []rules.Move, path []rules.Square) *Why {
	v := p.Variant()
	side := p.SideToMove()
	from := path[0]
	king := p.Column(from).Top().IsKing()
	crowned := false
	var jumped []rules.Square
	occupied := func(s rules.Square) bool { return s != from && !p.Column(s).IsEmpty() }
	for k := 1; k < len(path); k++ {
		a, b := path[k-1], path[k]
		d, dist, ok := diagonal(v, a, b)
		if !ok {
			return why(NotDiagonal, text.Of("why.not_diagonal", "From", a.String(), "To", b.String()), nil, sq(b))
		}
		if contains(jumped, b) {
			return why(TurkishStrike, text.Of("why.turkish_land", "Square", b.String()), nil, sq(b))
		}
		if occupied(b) {
			return why(Occupied, text.Of("why.occupied", "Square", b.String()), nil, sq(b))
		}
		var cols []rules.Square
		for s := v.Neighbour(a, d); s != b; s = v.Neighbour(s, d) {
			if contains(jumped, s) {
				return why(TurkishStrike, text.Of("why.turkish_pass", "Square", s.String()), nil, sq(s))
			}
			if occupied(s) {
				cols = append(cols, s)
			}
		}
		switch {
		case len(cols) == 0 && k > 1:
			return why(OnlyByCapturing, text.Of("why.only_by_capturing", "Square", a.String()), nil, nextLandings(legal, path[:k]))
		case len(cols) == 0:
			if legal[0].IsCapture() {
				return compulsory(p, legal, from)
			}
			if !king {
				if !forward(side, d) {
					return why(ManForward, text.Of("why.man_forward"), nil, sq(b))
				}
				if dist > 1 {
					return why(ManOneStep, text.Of("why.man_one_step"), nil, sq(b))
				}
			} else if !v.FlyingKings() && dist > 1 {
				return why(KingOneStep, text.Of("why.king_one_step"), nil, sq(b))
			}
			if len(path) > 2 && hasQuiet(legal, a, b) {
				return why(QuietEnds, text.Of("why.quiet_ends", "Square", b.String()), nil, sq(b))
			}
			return why(Illegal, text.Of("why.illegal"), nil, nil)
		case len(cols) > 1:
			return why(TwoColumns, text.Of("why.two_columns"), nil, cols)
		}
		c := cols[0]
		if p.Column(c).Owner() == side {
			return why(JumpOwn, text.Of("why.jump_own", "Square", c.String()), nil, sq(c))
		}
		if !king || !v.FlyingKings() {
			if dist != 2 {
				if king {
					return why(KingOneStep, text.Of("why.king_one_step"), nil, sq(b))
				}
				return why(ManShortJump, text.Of("why.man_short_jump", "Square", c.String()), nil, sq(c))
			}
			if !king && !v.MenCaptureBackward() && !forward(side, d) {
				return why(ForwardCapture, text.Of("why.forward_capture"), nil, sq(c))
			}
		}
		jumped = append(jumped, c)
		if !king && v.PromotionSquares(side)&(1<<uint(b)) != 0 {
			king, crowned = true, true
			if !v.FlyingKings() && k < len(path)-1 {
				return why(PromotionEnds, text.Of("why.promotion_ends", "Square", b.String()), nil, sq(b))
			}
		}
		if !hasPrefix(legal, path[:k+1]) {
			// The same column jumped, another landing square: the king's
			// landing rule.
			var lands []rules.Square
			var route []rules.Square
			for _, m := range legal {
				if m.IsCapture() && m.PathLen() > k && prefixOf(m, path[:k]) && m.CapturedAt(k-1) == c {
					lands = appendNew(lands, m.PathAt(k))
					if route == nil {
						route = m.Path()
					}
				}
			}
			if len(lands) > 0 {
				return why(KingLanding, text.Of("why.king_landing", "Square", c.String()), route, lands)
			}
			return why(Illegal, text.Of("why.illegal"), nil, nil)
		}
	}
	// Every hop was legal but the capture is not over.
	marks := nextLandings(legal, path)
	var route []rules.Square
	for _, m := range legal {
		if prefixOf(m, path) {
			route = m.Path()
			break
		}
	}
	last := path[len(path)-1].String()
	if crowned {
		return why(MustContinueKing, text.Of("why.must_continue_king", "Square", last), route, marks)
	}
	return why(MustContinue, text.Of("why.must_continue", "Square", last), route, marks)
}

// compulsory explains that a capture must be made: the route of a capture
// (by the column on from if it has one) and every column that can capture.
func compulsory(p *rules.Position, legal []rules.Move, from rules.Square) *Why {
	route := legal[0]
	for _, m := range legal {
		if m.From() == from {
			route = m
			break
		}
	}
	var marks []rules.Square
	for _, m := range legal {
		marks = appendNew(marks, m.From())
	}
	return why(CaptureCompulsory, text.Of("why.capture_compulsory", "Move", route.String()), route.Path(), marks)
}

// blockers are the squares that stop the column on from: the occupied
// squares it would move to.
func blockers(p *rules.Position, from rules.Square) []rules.Square {
	v := p.Variant()
	col := p.Column(from)
	dirs := []rules.Direction{rules.NorthEast, rules.NorthWest, rules.SouthEast, rules.SouthWest}
	if !col.Top().IsKing() {
		a, b := rules.Forward(col.Owner())
		dirs = []rules.Direction{a, b}
	}
	var out []rules.Square
	for _, d := range dirs {
		if s := v.Neighbour(from, d); s != rules.NoSquare && !p.Column(s).IsEmpty() {
			out = append(out, s)
		}
	}
	return out
}

func why(c Code, t text.T, route, marks []rules.Square) *Why {
	return &Why{Code: c, Text: t, Route: route, Marks: marks}
}

func sq(s rules.Square) []rules.Square { return []rules.Square{s} }

// diagonal returns the direction and distance from a to b if they share a
// diagonal.
func diagonal(v rules.Variant, a, b rules.Square) (rules.Direction, int, bool) {
	if a == b || !v.Playable(a) || !v.Playable(b) {
		return 0, 0, false
	}
	df, dr := b.File()-a.File(), b.Rank()-a.Rank()
	if df != dr && df != -dr {
		return 0, 0, false
	}
	var d rules.Direction
	switch {
	case df > 0 && dr > 0:
		d = rules.NorthEast
	case df < 0 && dr > 0:
		d = rules.NorthWest
	case df > 0:
		d = rules.SouthEast
	default:
		d = rules.SouthWest
	}
	return d, max(df, -df), true
}

func forward(c rules.Color, d rules.Direction) bool {
	a, b := rules.Forward(c)
	return d == a || d == b
}

func samePath(m rules.Move, path []rules.Square) bool {
	return m.PathLen() == len(path) && prefixOf(m, path)
}

func prefixOf(m rules.Move, path []rules.Square) bool {
	if m.PathLen() < len(path) {
		return false
	}
	for i, s := range path {
		if m.PathAt(i) != s {
			return false
		}
	}
	return true
}

func hasQuiet(legal []rules.Move, a, b rules.Square) bool {
	for _, m := range legal {
		if !m.IsCapture() && m.From() == a && m.To() == b {
			return true
		}
	}
	return false
}

func hasPrefix(legal []rules.Move, path []rules.Square) bool {
	for _, m := range legal {
		if m.IsCapture() && prefixOf(m, path) {
			return true
		}
	}
	return false
}

// nextLandings are the squares where legal captures that start with path
// land next.
func nextLandings(legal []rules.Move, path []rules.Square) []rules.Square {
	var out []rules.Square
	for _, m := range legal {
		if m.PathLen() > len(path) && prefixOf(m, path) {
			out = appendNew(out, m.PathAt(len(path)))
		}
	}
	return out
}

func contains(s []rules.Square, x rules.Square) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

func appendNew(s []rules.Square, x rules.Square) []rules.Square {
	if contains(s, x) {
		return s
	}
	return append(s, x)
}
