package anim

import (
	"math"
	"testing"

	"bashni/rules"
)

type moveCase struct {
	name    string
	variant rules.Variant
	fen     string   // start position if empty
	moves   []string // played before the animated move
	move    string
}

var moveCases = []moveCase{
	{name: "quiet", variant: rules.Bashni, move: "c3-d4"},
	{name: "quiet promotion", variant: rules.Bashni, fen: "W:Wc7:Bh8", move: "c7-d8"},
	{name: "king slide", variant: rules.Bashni, fen: "W:Wa1-1:Bh8", move: "a1-e5"},
	{name: "single capture", variant: rules.Bashni, fen: "W:Wc3:Bd4", move: "c3:e5"},
	// d4 is a black man on three white men: taking its top frees them.
	// f6 keeps a black man under its top: it stays Black.
	{name: "tall column changes owner", variant: rules.Bashni, fen: "W:Wc3-00/0:Bd4-0/000,f6-00", move: "c3:e5:g7"},
	{name: "RULES example a5:c3:a1", variant: rules.Bashni,
		moves: []string{"a3-b4", "b6-a5", "b2-a3", "f6-e5", "a1-b2", "e5-d4", "c3:e5"}, move: "a5:c3:a1"},
	{name: "promotion mid-capture", variant: rules.Bashni, fen: "W:Wb6:Bc7,f6", move: "b6:d8:h4"},
	{name: "flying king", variant: rules.Bashni, fen: "W:Wa1-1:Bc3,g3", move: "a1:e5:h2"},
	{name: "ring back to origin", variant: rules.Bashni, fen: "W:We3:Bd4,f4,d6,f6", move: "e3:g5:e7:c5:e3"},
	{name: "lasca", variant: rules.Lasca, fen: "W:Wc3:Bd4-0/0,d6", move: "c3:e5:c7"},
}

// setup returns the position before the move and the move.
func (c moveCase) setup(t *testing.T) (*rules.Position, rules.Move) {
	t.Helper()
	fen := c.fen
	if fen == "" {
		fen = rules.StartFEN(c.variant)
	}
	p, err := rules.ParseFEN(c.variant, fen)
	if err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	g := rules.NewGameFrom(p)
	for _, s := range c.moves {
		if _, err := g.PlayText(s); err != nil {
			t.Fatalf("%s: %s: %v", c.name, s, err)
		}
	}
	p = g.Position()
	m, err := p.ParseMove(c.move)
	if err != nil {
		t.Fatalf("%s: %s: %v", c.name, c.move, err)
	}
	if m.String() != c.move {
		t.Fatalf("%s: parsed %s as %s", c.name, c.move, m)
	}
	return p, m
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func atCentre(s Sprite, sq rules.Square) bool {
	x, y := centre(sq)
	return near(s.X, x) && near(s.Y, y)
}

func findSprite(f *Frame, role Role, home rules.Square) (Sprite, bool) {
	for _, s := range f.Sprites {
		if s.Role == role && s.Home == home {
			return s, true
		}
	}
	return Sprite{}, false
}

func mover(t *testing.T, f *Frame) Sprite {
	t.Helper()
	n := 0
	var m Sprite
	for _, s := range f.Sprites {
		if s.Role == Mover {
			m = s
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d mover sprites, want 1", n)
	}
	if f.Sprites[len(f.Sprites)-1].Role != Mover {
		t.Errorf("mover is not drawn last")
	}
	return m
}

// census counts the pieces drawn in a frame: static columns of pos on the
// squares not hidden, plus every sprite.
// Kings are not compared: a promotion turns a man into a king.
func census(pos *rules.Position, f *Frame) [2]int {
	var n [2]int
	for _, sq := range pos.Variant().Squares() {
		if f.Hidden&bit(sq) != 0 {
			continue
		}
		c := pos.Column(sq)
		for i := 0; i < c.Height(); i++ {
			n[c.Piece(i).Color()]++
		}
	}
	for _, s := range f.Sprites {
		if s.Disc {
			n[s.Piece.Color()]++
			continue
		}
		for i := 0; i < s.Column.Height(); i++ {
			n[s.Column.Piece(i).Color()]++
		}
	}
	return n
}

// reconstruct rebuilds the board from a frame at rest and the static
// columns of pos, and checks that it equals want square by square.
func reconstruct(t *testing.T, name string, pos, want *rules.Position, f *Frame) {
	t.Helper()
	got := map[rules.Square]rules.Column{}
	for _, sq := range pos.Variant().Squares() {
		if f.Hidden&bit(sq) == 0 {
			got[sq] = pos.Column(sq)
		}
	}
	for _, s := range f.Sprites {
		if s.Disc {
			t.Errorf("%s: disc sprite %v left in the final frame", name, s)
			continue
		}
		if s.Lift != 0 || s.Flip != 0 || s.Crown != 1 || s.Scale != 1 || s.Alpha != 1 {
			t.Errorf("%s: sprite not at rest in the final frame: %+v", name, s)
		}
		sq := rules.SquareAt(int(s.X), int(s.Y))
		if !atCentre(s, sq) {
			t.Errorf("%s: sprite off centre: %+v", name, s)
		}
		if f.Hidden&bit(sq) == 0 {
			t.Errorf("%s: sprite on %v, which is not hidden", name, sq)
		}
		if _, dup := got[sq]; dup {
			t.Errorf("%s: two columns on %v", name, sq)
		}
		got[sq] = s.Column
	}
	for _, sq := range pos.Variant().Squares() {
		if got[sq] != want.Column(sq) {
			t.Errorf("%s: %v is %q, want %q", name, sq, got[sq].Stack(), want.Column(sq).Stack())
		}
	}
}

func TestTimelineMoves(t *testing.T) {
	for _, c := range moveCases {
		t.Run(c.name, func(t *testing.T) {
			before, m := c.setup(t)
			after := before.Play(m)
			tl := NewMoveTimeline(before, m, Options{})
			var f Frame
			if tl.Duration() <= 0 {
				t.Fatalf("duration %d", tl.Duration())
			}

			wantHidden := bit(m.From()) | bit(m.To())
			for i := 0; i < m.CaptureCount(); i++ {
				wantHidden |= bit(m.CapturedAt(i))
			}

			// Tick 0: everything where it was.
			tl.Frame(0, &f)
			if f.Hidden != wantHidden {
				t.Errorf("hidden %x, want %x", f.Hidden, wantHidden)
			}
			mv := mover(t, &f)
			if !atCentre(mv, m.From()) || mv.Lift != 0 || mv.Column != before.Column(m.From()) {
				t.Errorf("tick 0: mover %+v, want %v at rest on %v", mv, before.Column(m.From()).Stack(), m.From())
			}
			for i := 0; i < m.CaptureCount(); i++ {
				sq := m.CapturedAt(i)
				s, ok := findSprite(&f, Jumped, sq)
				if !ok || !atCentre(s, sq) || s.Column != before.Column(sq) || s.Lift != 0 {
					t.Errorf("tick 0: jumped %v: %+v %v", sq, s, ok)
				}
			}
			for _, s := range f.Sprites {
				if s.Disc {
					t.Errorf("tick 0: disc sprite %+v", s)
				}
			}

			// Every tick: no piece appears or vanishes, and the mover flies
			// only along its route.
			want := census(before, &Frame{})
			for tick := 0; tick <= tl.Duration(); tick++ {
				tl.Frame(tick, &f)
				if got := census(before, &f); got != want {
					t.Fatalf("tick %d: pieces %v, want %v", tick, got, want)
				}
			}

			// During hop k the mover is on the segment between route squares
			// k and k+1, in the air mid-hop for captures, on the board for
			// quiet moves.
			for k := 0; k < tl.nsegs; k++ {
				s := tl.segs[k]
				a, b := s.from, s.to
				if a != m.PathAt(k) || b != m.PathAt(k+1) {
					t.Fatalf("segment %d is %v-%v, want %v-%v", k, a, b, m.PathAt(k), m.PathAt(k+1))
				}
				for tick := int(math.Ceil(s.start)); float64(tick) <= s.end && tick < tl.Duration(); tick++ {
					tl.Frame(tick, &f)
					mv := mover(t, &f)
					if !onSegment(mv.X, mv.Y, a, b) {
						t.Errorf("hop %d tick %d: mover at (%.3f, %.3f), not between %v and %v", k, tick, mv.X, mv.Y, a, b)
					}
				}
				mid := int(math.Round((s.start + s.end) / 2))
				tl.Frame(mid, &f)
				mv := mover(t, &f)
				if m.IsCapture() && !(mv.Lift > 0) {
					t.Errorf("hop %d mid (tick %d): lift %v, want > 0", k, mid, mv.Lift)
				}
				if !m.IsCapture() && mv.Lift != 0 {
					t.Errorf("slide mid: lift %v, want 0", mv.Lift)
				}
				if m.IsCapture() && mv.Scale <= 1 {
					t.Errorf("hop %d mid: scale %v, want > 1 in the air", k, mv.Scale)
				}
			}

			// Once passed, a jumped column's top hovers above its square and
			// the rest of the column stays, until it is tucked.
			for k := 0; k < tl.ncaps; k++ {
				cp := tl.caps[k]
				tick := int(math.Ceil(cp.liftEnd))
				if float64(tick) >= cp.tuckStart {
					t.Fatalf("capture %d: lift ends at %v, tuck starts at %v", k, cp.liftEnd, cp.tuckStart)
				}
				tl.Frame(tick, &f)
				d, ok := findSprite(&f, Captured, cp.sq)
				if !ok || !d.Disc || d.Piece != before.Column(cp.sq).Top() || !atCentre(d, cp.sq) || !near(d.Lift, cp.hover) || d.Lift <= cp.base {
					t.Errorf("capture %d at tick %d: disc %+v (found %v)", k, tick, d, ok)
				}
				r, ok := findSprite(&f, Jumped, cp.sq)
				rest := before.Column(cp.sq).WithoutTop()
				if rest.IsEmpty() {
					if ok {
						t.Errorf("capture %d: empty remainder drawn: %+v", k, r)
					}
				} else if !ok || r.Column != rest || r.Lift != 0 {
					t.Errorf("capture %d: remainder %+v, want %v", k, r, rest.Stack())
				}
				// Just before the lift, the column is still whole.
				if before := int(math.Floor(cp.liftStart)); float64(before) < cp.liftStart {
					tl.Frame(before, &f)
					if _, ok := findSprite(&f, Captured, cp.sq); ok {
						t.Errorf("capture %d: disc lifted before the mover got there", k)
					}
				}
			}

			// The final frame is the position after the move, whichever
			// position's static columns are drawn under it.
			tl.Frame(tl.Duration(), &f)
			reconstruct(t, "after+final", after, after, &f)
			reconstruct(t, "before+final", before, after, &f)
			tl.Frame(tl.Duration()+100, &f)
			reconstruct(t, "past the end", after, after, &f)
			if tl.final != after.Column(m.To()) {
				t.Errorf("final column %v, want %v", tl.final.Stack(), after.Column(m.To()).Stack())
			}
			if !tl.Done(tl.Duration()) || tl.Done(tl.Duration()-1) {
				t.Errorf("Done wrong around the duration %d", tl.Duration())
			}

			checkCues(t, before, m, tl)
		})
	}
}

// onSegment reports whether (x, y) lies on the segment between the centres
// of a and b.
func onSegment(x, y float64, a, b rules.Square) bool {
	ax, ay := centre(a)
	bx, by := centre(b)
	dx, dy := bx-ax, by-ay
	cross := (x-ax)*dy - (y-ay)*dx
	dot := (x-ax)*dx + (y-ay)*dy
	return math.Abs(cross) < 1e-9 && dot >= -1e-9 && dot <= dx*dx+dy*dy+1e-9
}

func checkCues(t *testing.T, before *rules.Position, m rules.Move, tl *Timeline) {
	t.Helper()
	cues := tl.Cues()
	if len(cues) == 0 || cues[len(cues)-1].Kind != CueMoveEnd || cues[len(cues)-1].Tick != tl.Duration() {
		t.Fatalf("cues %v: want the move end last, at %d", cues, tl.Duration())
	}
	var kinds = map[CueKind][]Cue{}
	for i, c := range cues {
		if i > 0 && c.Tick < cues[i-1].Tick {
			t.Errorf("cues out of order: %v", cues)
		}
		if c.Tick < 0 || c.Tick > tl.Duration() {
			t.Errorf("cue %v outside 0…%d", c, tl.Duration())
		}
		kinds[c.Kind] = append(kinds[c.Kind], c)
	}
	n := m.CaptureCount()
	if len(kinds[CueCapture]) != n || len(kinds[CueHop]) != n || len(kinds[CueTuck]) != n || len(kinds[CueMoveEnd]) != 1 {
		t.Errorf("cue counts %v for %d captures", cues, n)
	}
	for i := 0; i < n && i < len(kinds[CueCapture]) && i < len(kinds[CueHop]) && i < len(kinds[CueTuck]); i++ {
		if c := kinds[CueCapture][i]; c.Square != m.CapturedAt(i) || c.Index != i {
			t.Errorf("capture cue %d: %+v, want %v", i, c, m.CapturedAt(i))
		}
		if c := kinds[CueHop][i]; c.Square != m.PathAt(i+1) || c.Index != i {
			t.Errorf("hop cue %d: %+v, want %v", i, c, m.PathAt(i+1))
		}
		if c := kinds[CueTuck][i]; c.Square != m.CapturedAt(i) {
			t.Errorf("tuck cue %d: %+v, want %v", i, c, m.CapturedAt(i))
		}
		// A capture is heard while its hop is in the air.
		if kinds[CueCapture][i].Tick > kinds[CueHop][i].Tick+int(math.Ceil(tl.ticksFor(LiftSeconds))) {
			t.Errorf("capture cue %d long after its hop", i)
		}
	}
	var freed []rules.Square
	for i := 0; i < n; i++ {
		c := before.Column(m.CapturedAt(i))
		if r := c.WithoutTop(); !r.IsEmpty() && r.Owner() != c.Owner() {
			freed = append(freed, m.CapturedAt(i))
		}
	}
	if len(freed) != len(kinds[CueFreed]) {
		t.Errorf("freed cues %v, want squares %v", kinds[CueFreed], freed)
	}
	for i := range min(len(freed), len(kinds[CueFreed])) {
		if kinds[CueFreed][i].Square != freed[i] {
			t.Errorf("freed cue %d on %v, want %v", i, kinds[CueFreed][i].Square, freed[i])
		}
	}
	if m.IsPromotion() {
		if p := kinds[CuePromotion]; len(p) != 1 || p[0].Square != m.PathAt(m.PromotionIndex()) {
			t.Errorf("promotion cues %v, want one on %v", p, m.PathAt(m.PromotionIndex()))
		}
	} else if len(kinds[CuePromotion]) != 0 {
		t.Errorf("promotion cue without promotion: %v", kinds[CuePromotion])
	}
	if n > 0 {
		lastHop := kinds[CueHop][n-1].Tick
		firstTuck := kinds[CueTuck][0].Tick
		if before.Variant() == rules.Bashni && firstTuck < lastHop {
			t.Errorf("Bashni: a disc tucked at %d before the last hop landed at %d (Turkish strike)", firstTuck, lastHop)
		}
		if before.Variant() == rules.Lasca {
			for i := 0; i+1 < n; i++ {
				if kinds[CueTuck][i].Tick > kinds[CueHop][i+1].Tick {
					t.Errorf("Lasca: capture %d tucked after the next hop", i)
				}
			}
		}
	}
}

// ticksFor converts seconds the way the timeline did (speed 1, default TPS).
func (tl *Timeline) ticksFor(sec float64) float64 { return sec * DefaultTPS }

func TestPromotionMidCapture(t *testing.T) {
	c := moveCases[6]
	before, m := c.setup(t)
	if m.PromotionIndex() != 1 {
		t.Fatalf("promotion index %d", m.PromotionIndex())
	}
	tl := NewMoveTimeline(before, m, Options{})
	var f Frame
	s0, s1 := tl.segs[0], tl.segs[1]
	if !(tl.crownStart >= s0.end && tl.crownEnd <= s1.start) {
		t.Fatalf("crown %v…%v not between hop 0 (ends %v) and hop 1 (starts %v)", tl.crownStart, tl.crownEnd, s0.end, s1.start)
	}
	tl.Frame(int(s0.start+s0.end)/2, &f)
	if mv := mover(t, &f); mv.Column.Top().IsKing() {
		t.Errorf("a king before reaching the far rank")
	}
	mid := int(math.Round((tl.crownStart + tl.crownEnd) / 2))
	tl.Frame(mid, &f)
	mv := mover(t, &f)
	if !mv.Column.Top().IsKing() || !(mv.Crown > 0 && mv.Crown < 1) || !atCentre(mv, m.PathAt(1)) {
		t.Errorf("mid crown: %+v", mv)
	}
	tl.Frame(int(math.Round((s1.start+s1.end)/2)), &f)
	if mv := mover(t, &f); !mv.Column.Top().IsKing() || mv.Crown != 1 || !(mv.Lift > 0) {
		t.Errorf("hop after crowning: %+v, want a flying king", mv)
	}
}

func TestFlip(t *testing.T) {
	c := moveCases[4] // d4 changes owner, f6 does not
	before, m := c.setup(t)
	tl := NewMoveTimeline(before, m, Options{})
	var f Frame
	d4, f6 := tl.caps[0], tl.caps[1]
	if !d4.freed || f6.freed {
		t.Fatalf("freed: d4 %v f6 %v", d4.freed, f6.freed)
	}
	tick := int(math.Ceil(d4.tuckStart + tl.flipTime/2))
	tl.Frame(tick, &f)
	r, ok := findSprite(&f, Jumped, d4.sq)
	if !ok || !(r.Flip > 0 && r.Flip < 1) || r.Column.Owner() != rules.White {
		t.Errorf("d4 at tick %d: %+v, want a White column flipping", tick, r)
	}
	r, _ = findSprite(&f, Jumped, f6.sq)
	if r.Flip != 0 {
		t.Errorf("f6 flips but keeps its owner: %+v", r)
	}
}

func TestTuckRaisesMover(t *testing.T) {
	c := moveCases[3]
	before, m := c.setup(t)
	tl := NewMoveTimeline(before, m, Options{})
	cp := tl.caps[0]
	var f Frame
	tl.Frame(int(math.Round((cp.tuckStart+cp.tuckEnd)/2)), &f)
	mv := mover(t, &f)
	d, ok := findSprite(&f, Captured, cp.sq)
	if !ok || !(mv.Lift > 0) || !(d.Lift < cp.hover) {
		t.Errorf("mid tuck: mover %+v disc %+v", mv, d)
	}
	for i, s := range f.Sprites {
		if s.Role == Captured && i > len(f.Sprites)-2 {
			t.Errorf("tucking disc drawn after the mover")
		}
	}
}

func TestInstantAndSpeed(t *testing.T) {
	for _, c := range moveCases {
		t.Run(c.name, func(t *testing.T) {
			before, m := c.setup(t)
			after := before.Play(m)
			normal := NewMoveTimeline(before, m, Options{})
			instant := NewMoveTimeline(before, m, Options{Instant: true, Speed: 0.5})
			if instant.Duration() != 0 || !instant.Done(0) {
				t.Errorf("instant duration %d", instant.Duration())
			}
			var f Frame
			instant.Frame(0, &f)
			reconstruct(t, "instant", after, after, &f)
			// Same cues, all at once, in the same order.
			nc, ic := normal.Cues(), instant.Cues()
			if len(nc) != len(ic) {
				t.Fatalf("instant cues %v, normal %v", ic, nc)
			}
			for i := range ic {
				if ic[i].Tick != 0 || ic[i].Kind != nc[i].Kind || ic[i].Square != nc[i].Square {
					t.Errorf("instant cue %d: %+v, normal %+v", i, ic[i], nc[i])
				}
			}
			if got := len(instant.CuesBetween(0, 1, nil)); got != len(ic) {
				t.Errorf("CuesBetween(0, 1) gave %d of %d instant cues", got, len(ic))
			}

			fast := NewMoveTimeline(before, m, Options{Speed: 2})
			if d := 2*fast.Duration() - normal.Duration(); d < 0 || d > 2 {
				t.Errorf("speed 2: %d ticks, speed 1: %d", fast.Duration(), normal.Duration())
			}
			slow := NewMoveTimeline(before, m, Options{Speed: 1, TPS: 120})
			if d := slow.Duration() - 2*normal.Duration(); d < -2 || d > 0 {
				t.Errorf("120 TPS: %d ticks, 60 TPS: %d", slow.Duration(), normal.Duration())
			}
			for _, bad := range []float64{0, -1, math.NaN(), math.Inf(1)} {
				if d := NewMoveTimeline(before, m, Options{Speed: bad}).Duration(); d != normal.Duration() {
					t.Errorf("speed %v: %d ticks, want %d", bad, d, normal.Duration())
				}
			}
		})
	}
}

func TestDurations(t *testing.T) {
	cases := []struct {
		name string
		c    moveCase
		sec  float64
	}{
		{"quiet slide", moveCases[0], SlideSeconds},
		{"single capture", moveCases[3], HopSeconds + HoldSeconds + TuckSeconds},
		{"quiet promotion", moveCases[1], SlideSeconds + CrownSeconds},
		// d4 flips as it is tucked; the flip outlasts the second tuck.
		{"tall column", moveCases[4], 2*HopSeconds + HoldSeconds + FlipSeconds},
	}
	for _, tc := range cases {
		before, m := tc.c.setup(t)
		d := NewMoveTimeline(before, m, Options{}).Duration()
		if want := int(math.Ceil(tc.sec*DefaultTPS - 1e-9)); d != want {
			t.Errorf("%s: %d ticks, want %d", tc.name, d, want)
		}
	}
}

func TestCuesBetweenPartition(t *testing.T) {
	before, m := moveCases[5].setup(t)
	tl := NewMoveTimeline(before, m, Options{})
	var got []Cue
	buf := make([]Cue, 0, 8)
	for tick := 0; tick <= tl.Duration(); tick++ {
		buf = tl.CuesBetween(tick, tick+1, buf)
		got = append(got, buf...)
	}
	if len(got) != len(tl.Cues()) {
		t.Fatalf("polled %v, want %v", got, tl.Cues())
	}
	for i := range got {
		if got[i] != tl.Cues()[i] {
			t.Errorf("cue %d: %v, want %v", i, got[i], tl.Cues()[i])
		}
	}
}

func TestFrameDoesNotAllocate(t *testing.T) {
	before, m := moveCases[4].setup(t)
	tl := NewMoveTimeline(before, m, Options{})
	var f Frame
	tl.Frame(0, &f)
	tick := 0
	allocs := testing.AllocsPerRun(200, func() {
		tl.Frame(tick%(tl.Duration()+2), &f)
		tick++
	})
	if allocs != 0 {
		t.Errorf("Frame allocates %v times per call", allocs)
	}
	buf := make([]Cue, 0, maxCues)
	allocs = testing.AllocsPerRun(100, func() { buf = tl.CuesBetween(0, tl.Duration()+1, buf) })
	if allocs != 0 {
		t.Errorf("CuesBetween allocates %v times per call", allocs)
	}
}

func TestZeroMove(t *testing.T) {
	tl := NewMoveTimeline(rules.NewPosition(rules.Bashni), rules.Move{}, Options{})
	var f Frame
	tl.Frame(0, &f)
	if tl.Duration() != 0 || f.Hidden != 0 || len(f.Sprites) != 0 {
		t.Errorf("zero move: duration %d, frame %+v", tl.Duration(), f)
	}
}

func TestArcClearsTallColumns(t *testing.T) {
	for _, c := range moveCases {
		before, m := c.setup(t)
		tl := NewMoveTimeline(before, m, Options{})
		for k := 0; k < tl.ncaps; k++ {
			s, cp := tl.segs[k], tl.caps[k]
			f := float64(diagSteps(s.from, cp.sq)) / float64(diagSteps(s.from, s.to))
			top := float64(visualHeight(cp.before.Height())) * DiscHeight
			if h := s.apex * 4 * f * (1 - f); h < top+arcClearance-1e-9 {
				t.Errorf("%s hop %d: %.3f over the jumped column, whose top is at %.3f", c.name, k, h, top)
			}
		}
	}
}
