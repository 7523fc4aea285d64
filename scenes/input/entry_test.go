package input

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"bashni/rules"
)

func sq(t testing.TB, v rules.Variant, s string) rules.Square {
	t.Helper()
	if s == "off" {
		return rules.NoSquare
	}
	q, err := rules.ParseSquare(v, s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func squares(b uint64) string {
	var s []string
	for i := 0; i < 64; i++ {
		if b&(1<<uint(i)) != 0 {
			s = append(s, rules.Square(i).String())
		}
	}
	sort.Strings(s)
	return strings.Join(s, " ")
}

func pathString(p []rules.Square) string {
	var s []string
	for _, q := range p {
		s = append(s, q.String())
	}
	return strings.Join(s, ":")
}

// step is one scripted action on a MoveEntry and what must follow.
type step struct {
	op      string // select, step, tap, grab, drop, cancel
	sq      string
	outcome Outcome
	reason  Reason // checked when outcome is Rejected or Cancelled
	move    string // the completed move
	path    string // Path() afterwards: unchecked if "", "none" for empty
	targets string // Targets() afterwards: unchecked if "", "none" for empty
}

type entryCase struct {
	name       string
	variant    rules.Variant
	fen        string   // start position if empty
	moves      []string // played first
	selectable string
	must       bool
	bare       bool // NewMoveEntry without the position
	steps      []step
}

func (c entryCase) position(t *testing.T) *rules.Position {
	t.Helper()
	fen := c.fen
	if fen == "" {
		fen = rules.StartFEN(c.variant)
	}
	p, err := rules.ParseFEN(c.variant, fen)
	if err != nil {
		t.Fatal(err)
	}
	g := rules.NewGameFrom(p)
	for _, m := range c.moves {
		if _, err := g.PlayText(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	return g.Position()
}

// The king in W:Wd4-1:Bf2,c5,e5,c7,e7 has five routes, two of which come
// back to d4 and go on:
//
//	d4:f6:d8:b6:d4:g1  d4:f6:d8:b6:e3:g1  d4:b6:d8:f6:d4:g1  d4:b6:d8:h4:e1  d4:g1
const ringKing = "W:Wd4-1:Bf2,c5,e5,c7,e7"

var entryCases = []entryCase{
	{name: "quiet move tap-tap", variant: rules.Bashni, selectable: "a3 c3 e3 g3", steps: []step{
		{op: "tap", sq: "c3", outcome: Selected, path: "c3", targets: "b4 d4"},
		{op: "tap", sq: "d4", outcome: Completed, move: "c3-d4", path: "none", targets: "none"},
		{op: "tap", sq: "e3", outcome: Ignored, path: "none", targets: "none"},
	}},
	{name: "re-select, deselect, select again", variant: rules.Bashni, selectable: "a3 c3 e3 g3", steps: []step{
		{op: "tap", sq: "c3", outcome: Selected, path: "c3", targets: "b4 d4"},
		{op: "tap", sq: "g3", outcome: Selected, path: "g3", targets: "f4 h4"},
		{op: "tap", sq: "g3", outcome: Cancelled, path: "none", targets: "none"},
		{op: "tap", sq: "e3", outcome: Selected, path: "e3", targets: "d4 f4"},
		{op: "tap", sq: "e5", outcome: Cancelled, reason: NotATarget, path: "none", targets: "none"},
		{op: "tap", sq: "b6", outcome: Rejected, reason: NotSelectable, path: "none"},
		{op: "tap", sq: "b2", outcome: Rejected, reason: CannotMove, path: "none"},
		{op: "select", sq: "a3", outcome: Selected, path: "a3", targets: "b4"},
		{op: "select", sq: "a3", outcome: Ignored, path: "a3"},
		{op: "tap", sq: "d2", outcome: Rejected, reason: CannotMove, path: "a3"},
		{op: "cancel", outcome: Cancelled, path: "none"},
		{op: "cancel", outcome: Ignored, path: "none"},
	}},
	{name: "drag and drop", variant: rules.Bashni, selectable: "a3 c3 e3 g3", steps: []step{
		{op: "grab", sq: "b6", outcome: Rejected, reason: NotSelectable, path: "none"},
		{op: "grab", sq: "c3", outcome: Selected, path: "c3", targets: "b4 d4"},
		{op: "drop", sq: "c3", outcome: Ignored, path: "c3"},
		{op: "drop", sq: "off", outcome: Ignored, path: "c3"},
		{op: "drop", sq: "c5", outcome: Rejected, reason: NotATarget, path: "c3"},
		{op: "grab", sq: "c3", outcome: Selected, path: "c3"},
		{op: "drop", sq: "b4", outcome: Completed, move: "c3-b4", path: "none"},
	}},
	{name: "quiet promotion", variant: rules.Bashni, fen: "W:Wc7:Bh8", selectable: "c7", steps: []step{
		{op: "select", sq: "c7", outcome: Selected, targets: "b8 d8"},
		{op: "step", sq: "d8", outcome: Completed, move: "c7-d8"},
	}},
	{name: "capture completes automatically", variant: rules.Bashni,
		moves: []string{"c3-b4", "b6-c5", "b4-a5", "a7-b6", "b2-c3", "c5-b4"}, selectable: "a3", must: true, steps: []step{
			{op: "tap", sq: "a3", outcome: Selected, targets: "c5"},
			{op: "tap", sq: "c5", outcome: Completed, move: "a3:c5:a7"},
		}},
	{name: "capture compulsory", variant: rules.Bashni,
		moves: []string{"a3-b4", "b6-a5", "b2-a3", "f6-e5", "a1-b2", "e5-d4", "c3:e5"}, selectable: "a5 d6", must: true, steps: []step{
			{op: "tap", sq: "a7", outcome: Rejected, reason: CaptureCompulsory, path: "none"},
			{op: "grab", sq: "h6", outcome: Rejected, reason: CaptureCompulsory, path: "none"},
			{op: "tap", sq: "d6", outcome: Selected, path: "d6", targets: "f4"},
			// d6-c5 would be a quiet move: refused with the reason.
			{op: "tap", sq: "c5", outcome: Rejected, reason: CaptureCompulsory, path: "d6", targets: "f4"},
			{op: "drop", sq: "c5", outcome: Rejected, reason: CaptureCompulsory, path: "d6"},
			{op: "tap", sq: "c7", outcome: Rejected, reason: CaptureCompulsory, path: "d6"},
			{op: "tap", sq: "a5", outcome: Selected, path: "a5", targets: "c3"},
			// a5:c3:a1 crowns on a1 and must stop there (RULES.md example).
			{op: "tap", sq: "c3", outcome: Completed, move: "a5:c3:a1"},
		}},
	{name: "capture compulsory without the position", variant: rules.Bashni, bare: true,
		moves: []string{"a3-b4", "b6-a5", "b2-a3", "f6-e5", "a1-b2", "e5-d4", "c3:e5"}, selectable: "a5 d6", must: true, steps: []step{
			{op: "tap", sq: "a7", outcome: Rejected, reason: NotSelectable, path: "none"},
			{op: "tap", sq: "d6", outcome: Selected, path: "d6", targets: "f4"},
			{op: "tap", sq: "c5", outcome: Cancelled, reason: NotATarget, path: "none"},
			{op: "tap", sq: "d6", outcome: Selected, path: "d6", targets: "f4"},
			{op: "drop", sq: "f4", outcome: Completed, move: "d6:f4"},
		}},
	{name: "multi-route king hop by hop, landing on the origin", variant: rules.Bashni, fen: ringKing,
		selectable: "d4", must: true, steps: []step{
			{op: "tap", sq: "d4", outcome: Selected, path: "d4", targets: "b6 f6 g1"},
			{op: "tap", sq: "f6", outcome: Extended, path: "d4:f6", targets: "d8"},
			{op: "tap", sq: "d8", outcome: Extended, path: "d4:f6:d8", targets: "b6"},
			{op: "tap", sq: "b6", outcome: Extended, path: "d4:f6:d8:b6", targets: "d4 e3"},
			// d4 is the origin, but here it is a landing.
			{op: "tap", sq: "d4", outcome: Completed, move: "d4:f6:d8:b6:d4:g1"},
		}},
	{name: "multi-route king by drag", variant: rules.Bashni, fen: ringKing, selectable: "d4", must: true, steps: []step{
		{op: "grab", sq: "d4", outcome: Selected, path: "d4"},
		{op: "drop", sq: "f6", outcome: Extended, path: "d4:f6", targets: "d8"},
		{op: "grab", sq: "f6", outcome: Selected, path: "d4:f6"},
		{op: "drop", sq: "f6", outcome: Ignored, path: "d4:f6"},
		{op: "drop", sq: "d8", outcome: Extended, path: "d4:f6:d8"},
		{op: "drop", sq: "b6", outcome: Extended, path: "d4:f6:d8:b6"},
		{op: "drop", sq: "e3", outcome: Completed, move: "d4:f6:d8:b6:e3:g1"},
	}},
	{name: "jump ahead on a unique route", variant: rules.Bashni, fen: ringKing, selectable: "d4", must: true, steps: []step{
		{op: "tap", sq: "d4", outcome: Selected},
		{op: "tap", sq: "h4", outcome: Completed, move: "d4:b6:d8:h4:e1"},
	}},
	{name: "jump ahead to the end of a unique route", variant: rules.Bashni, fen: ringKing, selectable: "d4", must: true, steps: []step{
		{op: "tap", sq: "d4", outcome: Selected},
		{op: "tap", sq: "e1", outcome: Completed, move: "d4:b6:d8:h4:e1"},
	}},
	{name: "a next target beats a later square", variant: rules.Bashni, fen: ringKing, selectable: "d4", must: true, steps: []step{
		{op: "tap", sq: "d4", outcome: Selected},
		// g1 ends three routes but is also d4:g1's first landing.
		{op: "tap", sq: "g1", outcome: Completed, move: "d4:g1"},
	}},
	{name: "ambiguous jump ahead, then a shared one", variant: rules.Bashni, fen: ringKing, selectable: "d4", must: true, steps: []step{
		{op: "tap", sq: "d4", outcome: Selected},
		{op: "tap", sq: "d8", outcome: Rejected, reason: Ambiguous, path: "d4", targets: "b6 f6 g1"},
		{op: "tap", sq: "f6", outcome: Extended, path: "d4:f6"},
		// Both remaining routes reach b6 by d8: jump ahead, still two routes.
		{op: "tap", sq: "b6", outcome: Extended, path: "d4:f6:d8:b6", targets: "d4 e3"},
		{op: "tap", sq: "g1", outcome: Rejected, reason: Ambiguous, path: "d4:f6:d8:b6"},
		{op: "tap", sq: "h8", outcome: Rejected, reason: NotATarget, path: "d4:f6:d8:b6"},
		{op: "tap", sq: "b6", outcome: Ignored, path: "d4:f6:d8:b6"},
	}},
	{name: "cancel by the origin mid-capture", variant: rules.Bashni, fen: ringKing, selectable: "d4", must: true, steps: []step{
		{op: "tap", sq: "d4", outcome: Selected},
		{op: "tap", sq: "f6", outcome: Extended, path: "d4:f6", targets: "d8"},
		// d4 comes later on this route, but it is not the next landing:
		// the origin cancels.
		{op: "tap", sq: "d4", outcome: Cancelled, path: "none", targets: "none"},
		{op: "tap", sq: "d4", outcome: Selected, path: "d4"},
		{op: "tap", sq: "b6", outcome: Extended, path: "d4:b6"},
		{op: "drop", sq: "d4", outcome: Cancelled, path: "none"},
		{op: "tap", sq: "d4", outcome: Selected, path: "d4"},
		{op: "tap", sq: "b6", outcome: Extended, path: "d4:b6"},
		{op: "cancel", outcome: Cancelled, path: "none"},
	}},
	{name: "ring back to the origin", variant: rules.Bashni, fen: "W:We3:Bd4,f4,d6,f6", selectable: "e3", must: true, steps: []step{
		{op: "tap", sq: "e3", outcome: Selected, targets: "c5 g5"},
		{op: "tap", sq: "e7", outcome: Rejected, reason: Ambiguous, path: "e3"},
		{op: "tap", sq: "e3", outcome: Cancelled, path: "none"},
		{op: "tap", sq: "e3", outcome: Selected},
		{op: "tap", sq: "g5", outcome: Completed, move: "e3:g5:e7:c5:e3"},
	}},
	{name: "flying king: only the landing that continues", variant: rules.Bashni, fen: "W:Wa1-1:Bc3,g3", selectable: "a1", must: true, steps: []step{
		{op: "tap", sq: "a1", outcome: Selected, targets: "e5"},
		{op: "tap", sq: "d4", outcome: Rejected, reason: MustContinue, path: "a1", targets: "e5"},
		{op: "drop", sq: "f6", outcome: Rejected, reason: MustContinue, path: "a1"},
		{op: "tap", sq: "b2", outcome: Rejected, reason: CaptureCompulsory, path: "a1"},
		{op: "tap", sq: "h2", outcome: Completed, move: "a1:e5:h2"},
	}},
	{name: "flying king: several final landings", variant: rules.Bashni, fen: "W:Wb6:Bc7,f6", selectable: "b6", must: true, steps: []step{
		{op: "tap", sq: "b6", outcome: Selected, targets: "d8"},
		{op: "tap", sq: "d8", outcome: Extended, path: "b6:d8", targets: "g5 h4"},
		{op: "tap", sq: "e7", outcome: Rejected, reason: NotATarget, path: "b6:d8"},
		{op: "tap", sq: "h4", outcome: Completed, move: "b6:d8:h4"},
	}},
	{name: "flying king: jump ahead to a final landing", variant: rules.Bashni, fen: "W:Wb6:Bc7,f6", selectable: "b6", must: true, steps: []step{
		{op: "tap", sq: "b6", outcome: Selected},
		{op: "tap", sq: "g5", outcome: Completed, move: "b6:d8:g5"},
	}},
	{name: "lasca capture", variant: rules.Lasca, fen: "W:Wc3:Bd4-0/0,d6", selectable: "c3", must: true, steps: []step{
		{op: "tap", sq: "c3", outcome: Selected, targets: "e5"},
		{op: "tap", sq: "c7", outcome: Completed, move: "c3:e5:c7"},
	}},
}

func TestMoveEntry(t *testing.T) {
	for _, c := range entryCases {
		t.Run(c.name, func(t *testing.T) {
			p := c.position(t)
			var e *MoveEntry
			if c.bare {
				e = NewMoveEntry(p.LegalMoves(nil))
			} else {
				e = NewMoveEntryFor(p)
			}
			if got := squares(e.Selectable()); got != c.selectable {
				t.Errorf("selectable %q, want %q", got, c.selectable)
			}
			if e.MustCapture() != c.must {
				t.Errorf("must capture %v", e.MustCapture())
			}
			for i, s := range c.steps {
				var r Result
				q := rules.NoSquare
				if s.sq != "" {
					q = sq(t, c.variant, s.sq)
				}
				switch s.op {
				case "select":
					r = e.Select(q)
				case "step":
					r = e.Step(q)
				case "tap":
					r = e.Tap(q)
				case "grab":
					r = e.Grab(q)
				case "drop":
					r = e.Drop(q)
				case "cancel":
					r = e.Cancel()
				}
				where := fmt.Sprintf("step %d (%s %s)", i, s.op, s.sq)
				if r.Outcome != s.outcome {
					t.Fatalf("%s: %v (%v), want %v", where, r.Outcome, r.Reason, s.outcome)
				}
				if (s.outcome == Rejected || s.outcome == Cancelled) && r.Reason != s.reason {
					t.Errorf("%s: reason %v, want %v", where, r.Reason, s.reason)
				}
				if s.outcome == Completed {
					if r.Move.String() != s.move || e.Move() != r.Move || !e.Done() {
						t.Errorf("%s: completed %v (entry %v, done %v), want %s", where, r.Move, e.Move(), e.Done(), s.move)
					}
					if !legal(p, r.Move) || e.Selectable() != 0 || e.Targets() != 0 || len(e.Path()) != 0 {
						t.Errorf("%s: entry still open after completion", where)
					}
				}
				if s.outcome == Cancelled && (len(e.Path()) != 0 || e.Selected() != rules.NoSquare || e.Targets() != 0) {
					t.Errorf("%s: still selected after a cancel", where)
				}
				if s.path != "" {
					if got := pathString(e.Path()); got != strings.TrimPrefix(s.path, "none") {
						t.Errorf("%s: path %q, want %q", where, got, s.path)
					}
				}
				if s.targets != "" {
					if got := squares(e.Targets()); got != strings.TrimPrefix(s.targets, "none") {
						t.Errorf("%s: targets %q, want %q", where, got, s.targets)
					}
				}
				if e.Pending() != (e.npath > 1) {
					t.Errorf("%s: pending %v with path %v", where, e.Pending(), pathString(e.Path()))
				}
			}
		})
	}
}

func legal(p *rules.Position, m rules.Move) bool {
	for _, l := range p.LegalMoves(nil) {
		if l == m {
			return true
		}
	}
	return false
}

func TestMoveEntryJumpedAndCandidates(t *testing.T) {
	p, err := rules.ParseFEN(rules.Bashni, ringKing)
	if err != nil {
		t.Fatal(err)
	}
	e := NewMoveEntryFor(p)
	if e.Jumped() != 0 || len(e.Candidates(nil)) != 0 || e.Current() != rules.NoSquare {
		t.Errorf("nothing selected yet: jumped %x, candidates %v", e.Jumped(), e.Candidates(nil))
	}
	d4, f6, d8 := sq(t, rules.Bashni, "d4"), sq(t, rules.Bashni, "f6"), sq(t, rules.Bashni, "d8")
	e.Select(d4)
	if n := len(e.Candidates(nil)); n != 5 {
		t.Errorf("%d candidates, want 5", n)
	}
	e.Step(f6)
	e.Step(d8)
	if got := squares(e.Jumped()); got != "e5 e7" {
		t.Errorf("jumped %q, want e5 e7", got)
	}
	if e.Current() != d8 || e.Selected() != d4 || !e.Pending() {
		t.Errorf("current %v selected %v pending %v", e.Current(), e.Selected(), e.Pending())
	}
	var got []string
	for _, m := range e.Candidates(nil) {
		got = append(got, m.String())
	}
	sort.Strings(got)
	if strings.Join(got, " ") != "d4:f6:d8:b6:d4:g1 d4:f6:d8:b6:e3:g1" {
		t.Errorf("candidates %v", got)
	}
	// Grabbing another selectable column mid-capture starts over with it
	// (here there is none, so the grab on an empty square is refused and the
	// route kept).
	if r := e.Grab(sq(t, rules.Bashni, "a1")); r.Outcome != Rejected || pathString(e.Path()) != "d4:f6:d8" {
		t.Errorf("grab a1: %+v, path %v", r, pathString(e.Path()))
	}
}

func TestMoveEntryReselectMidCapture(t *testing.T) {
	// a1 has two routes (a1:c3:e5 and a1:c3:a5); g1 can capture too.
	p, err := rules.ParseFEN(rules.Bashni, "W:Wa1,g1:Bb2,d4,b4,f2")
	if err != nil {
		t.Fatal(err)
	}
	e := NewMoveEntryFor(p)
	v := rules.Bashni
	if got := squares(e.Selectable()); got != "a1 g1" {
		t.Fatalf("selectable %q, legal %v", got, p.LegalMoves(nil))
	}
	e.Tap(sq(t, v, "a1"))
	if r := e.Tap(sq(t, v, "c3")); r.Outcome != Extended || !e.Pending() || squares(e.Targets()) != "a5 e5" {
		t.Fatalf("%+v, targets %q", r, squares(e.Targets()))
	}
	if r := e.Tap(sq(t, v, "g1")); r.Outcome != Selected || e.Selected() != sq(t, v, "g1") || e.Pending() {
		t.Errorf("re-select mid-capture: %+v", r)
	}
	if r := e.Tap(sq(t, v, "e3")); r.Outcome != Completed || r.Move.String() != "g1:e3:c5:a3:c1" {
		t.Errorf("%+v", r)
	}
	// The same by dragging: picking up the other column mid-capture.
	e.ResetFor(p)
	e.Grab(sq(t, v, "a1"))
	e.Drop(sq(t, v, "c3"))
	if r := e.Grab(sq(t, v, "g1")); r.Outcome != Selected || pathString(e.Path()) != "g1" {
		t.Errorf("grab mid-capture: %+v, path %v", r, pathString(e.Path()))
	}
}

// Entering every legal move landing by landing, by taps or by drags,
// completes exactly that move, never another, in random positions of real
// games.
func TestMoveEntryEveryRoute(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	e := NewMoveEntry(nil)
	checked := 0
	for game := 0; game < 60; game++ {
		v := rules.Variants[game%2]
		g := rules.NewGame(v)
		for ply := 0; ply < 120 && !g.Outcome().Over(); ply++ {
			p := g.Position()
			legal := p.LegalMoves(nil)
			for _, m := range legal {
				for _, byDrag := range []bool{false, true} {
					e.ResetFor(p)
					r := e.Select(m.From())
					if r.Outcome != Selected {
						t.Fatalf("%s: select %v: %+v", p.FEN(), m.From(), r)
					}
					for k := 1; k < m.PathLen(); k++ {
						if e.Targets()&bit(m.PathAt(k)) == 0 {
							t.Fatalf("%s: %v: %v not a target after %v", p.FEN(), m, m.PathAt(k), pathString(e.Path()))
						}
						if byDrag {
							r = e.Drop(m.PathAt(k))
						} else {
							r = e.Tap(m.PathAt(k))
						}
						if r.Outcome == Completed {
							break
						}
						if r.Outcome != Extended {
							t.Fatalf("%s: %v at %v: %+v", p.FEN(), m, m.PathAt(k), r)
						}
					}
					if r.Outcome != Completed || r.Move != m {
						t.Fatalf("%s: entering %v gave %+v", p.FEN(), m, r)
					}
					checked++
				}
				// Tapping the destination alone completes the move when no
				// other route reaches it another way.
				e.ResetFor(p)
				e.Select(m.From())
				r := e.Tap(m.To())
				if r.Outcome == Completed && r.Move.To() != m.To() {
					t.Fatalf("%s: jump to %v completed %v", p.FEN(), m.To(), r.Move)
				}
				if r.Outcome == Completed && r.Move.From() != m.From() {
					t.Fatalf("%s: jump to %v completed %v", p.FEN(), m.To(), r.Move)
				}
			}
			if err := g.Play(legal[rng.Intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d routes checked", checked)
	}
}

func TestMoveEntryDoesNotAllocate(t *testing.T) {
	p, err := rules.ParseFEN(rules.Bashni, ringKing)
	if err != nil {
		t.Fatal(err)
	}
	e := NewMoveEntryFor(p)
	v := rules.Bashni
	d4, f6, d8, b6 := sq(t, v, "d4"), sq(t, v, "f6"), sq(t, v, "d8"), sq(t, v, "b6")
	cycle := func() {
		e.Tap(d4)
		e.Tap(f6)
		e.Tap(d8)
		_ = e.Targets()
		e.Tap(b6)
		e.Tap(d4)
		e.ResetFor(p)
	}
	cycle()
	if a := testing.AllocsPerRun(100, cycle); a != 0 {
		t.Errorf("%v allocations per entry cycle", a)
	}
}
