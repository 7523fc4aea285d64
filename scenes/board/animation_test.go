package board

import (
	"slices"
	"testing"

	"bashni/audio"
	"bashni/rules"
	"bashni/scenes/anim"
	"bashni/sprites"
)

func TestMoveAnimSounds(t *testing.T) {
	p, _ := rules.ParseFEN(rules.Bashni, "W:Wc3:Bd4-0/0,f6,a7:H0:F1")
	m, err := p.ParseMove("c3:e5:g7")
	if err != nil {
		t.Fatal(err)
	}
	a := newMoveAnim(p, m, anim.Options{})
	var got []audio.Effect
	ticks := 0
	for !a.done() {
		got = a.advance(got)
		ticks++
	}
	if ticks < 30 {
		t.Errorf("a two-hop capture took %d ticks", ticks)
	}
	want := []audio.Effect{audio.Capture, audio.Capture, audio.ColumnFreed}
	for _, e := range want {
		if !slices.Contains(got, e) {
			t.Errorf("sounds %v lack %v", got, e)
		}
	}
	if slices.Contains(got, audio.Move) {
		t.Errorf("a capture makes no quiet-move sound: %v", got)
	}

	q := rules.NewPosition(rules.Bashni)
	qm, _ := q.ParseMove("c3-d4")
	b := newMoveAnim(q, qm, anim.Options{Instant: true})
	if s := b.allCues(nil); !slices.Equal(s, []audio.Effect{audio.Move}) {
		t.Errorf("instant quiet move sounds %v", s)
	}
}

// TestSkipHops: a capture entered hop by hop starts its animation where
// the column already stands, without repeating the sounds of those hops.
func TestSkipHops(t *testing.T) {
	p, _ := rules.ParseFEN(rules.Bashni, "W:Wc3:Bd4,f6,a7:H0:F1")
	m, _ := p.ParseMove("c3:e5:g7")
	full := newMoveAnim(p, m, anim.Options{})
	skipped := newMoveAnim(p, m, anim.Options{})
	skipped.skipHops(1)
	if skipped.now == 0 {
		t.Fatal("skipHops(1) did not move on")
	}
	var b Board
	b.g = sprites.FitGeometry(rules.Bashni, 0, 0, 800, 800, false)
	skipped.apply(&b)
	var mover *anim.Sprite
	for i := range b.frame.Sprites {
		if b.frame.Sprites[i].Role == anim.Mover {
			mover = &b.frame.Sprites[i]
		}
	}
	if mover == nil || mover.X != 4.5 || mover.Y != 4.5 {
		t.Fatalf("after one shown hop the mover should be on e5 (4.5, 4.5): %+v", mover)
	}
	n := 0
	for !skipped.done() {
		n += len(skipped.advance(nil))
	}
	var all []audio.Effect
	for !full.done() {
		all = full.advance(all)
	}
	if n >= len(all) {
		t.Errorf("the skipped animation played %d sounds, the full one %d", n, len(all))
	}
}

func TestBoardPoint(t *testing.T) {
	for _, flipped := range []bool{false, true} {
		b := Board{g: sprites.FitGeometry(rules.Bashni, 10, 20, 800, 800, flipped)}
		for _, sq := range rules.Bashni.Squares() {
			x, y := b.boardPoint(float64(sq.File())+0.5, float64(sq.Rank())+0.5)
			cx, cy := b.g.SquareCenter(sq)
			if x != cx || y != cy {
				t.Fatalf("flipped %v: %v maps to (%v, %v), its centre is (%v, %v)", flipped, sq, x, y, cx, cy)
			}
		}
	}
}
