package input

import "testing"

// feeder replays ticks of raw input and collects the gestures.
type feeder struct {
	f   Feeder
	got []Gesture
}

func newFeeder() *feeder { return &feeder{f: Feeder{R: NewRecognizer(Config{})}} }

func (fd *feeder) tick(in RawInput, scale float64) {
	fd.f.Feed(&in, scale)
	fd.got = append(fd.got, fd.f.R.Drain()...)
}

func TestFeedTouchScale(t *testing.T) {
	fd := newFeeder()
	p := TouchPoint{ID: 7, X: 200, Y: 100}
	fd.tick(RawInput{Tick: 0, Pressed: []TouchPoint{p}, Held: []TouchPoint{p}}, 2)
	fd.tick(RawInput{Tick: 1, Held: []TouchPoint{p}}, 2)
	fd.tick(RawInput{Tick: 2, Released: []TouchPoint{{ID: 7, X: 204, Y: 100}}}, 2)
	if k := kinds(fd.got); k != "tap@2" {
		t.Fatalf("got %s", k)
	}
	if g := fd.got[0]; g.X != 100 || g.Y != 50 || !g.Touch {
		t.Errorf("tap at %v,%v touch %v: want 100,50 in dp", g.X, g.Y, g.Touch)
	}
}

func TestFeedTouchDragDropPoint(t *testing.T) {
	fd := newFeeder()
	fd.tick(RawInput{Tick: 0, Pressed: []TouchPoint{{1, 10, 10}}, Held: []TouchPoint{{1, 10, 10}}}, 1)
	fd.tick(RawInput{Tick: 1, Held: []TouchPoint{{1, 60, 10}}}, 1)
	fd.tick(RawInput{Tick: 2, Released: []TouchPoint{{1, 90, 10}}}, 1)
	if k := kinds(fd.got); k != "drag-start@1 drag-move@2 drag-end@2" {
		t.Fatalf("got %s", k)
	}
	if g := fd.got[2]; g.X != 90 || g.StartX != 10 {
		t.Errorf("drop %+v: want at the release point, from the press point", g)
	}
}

func TestFeedMouse(t *testing.T) {
	fd := newFeeder()
	fd.tick(RawInput{Tick: 0, CursorX: 50, CursorY: 50}, 1)
	fd.tick(RawInput{Tick: 1, CursorX: 50, CursorY: 50, Left: true, LeftPressed: true}, 1)
	fd.tick(RawInput{Tick: 2, CursorX: 80, CursorY: 50, Left: true}, 1)
	fd.tick(RawInput{Tick: 3, CursorX: 90, CursorY: 50, LeftReleased: true}, 1)
	fd.tick(RawInput{Tick: 4, CursorX: 90, CursorY: 50, RightPressed: true}, 1)
	fd.tick(RawInput{Tick: 5, CursorX: 90, CursorY: 50, Back: true}, 1)
	want := "drag-start@2 drag-move@3 drag-end@3 secondary-click@4 back@5"
	if k := kinds(fd.got); k != want {
		t.Errorf("got  %s\nwant %s", k, want)
	}
}

// On a touch-only device the cursor never moves: it must not hover.
func TestFeedHoverNeedsAMovedCursor(t *testing.T) {
	fd := newFeeder()
	for tick := 0; tick < 100; tick++ {
		fd.tick(RawInput{Tick: tick}, 1)
	}
	if len(fd.got) != 0 {
		t.Fatalf("a cursor that never moved hovered: %s", kinds(fd.got))
	}
	fd.tick(RawInput{Tick: 100, CursorX: 30, CursorY: 30}, 1)
	for tick := 101; tick <= 121; tick++ {
		fd.tick(RawInput{Tick: tick, CursorX: 30, CursorY: 30}, 1)
	}
	if k := kinds(fd.got); k != "hover-still@121" {
		t.Errorf("got %s", k)
	}
}

// Some platforms report a touch as mouse events as well: the mouse is
// ignored for a while after any touch, so one tap is not two.
func TestFeedMouseQuietAfterTouch(t *testing.T) {
	fd := newFeeder()
	p := TouchPoint{ID: 1, X: 10, Y: 10}
	fd.tick(RawInput{Tick: 0, Pressed: []TouchPoint{p}, Held: []TouchPoint{p}}, 1)
	fd.tick(RawInput{Tick: 1, Released: []TouchPoint{p}, CursorX: 10, CursorY: 10, Left: true, LeftPressed: true}, 1)
	fd.tick(RawInput{Tick: 2, CursorX: 10, CursorY: 10, LeftReleased: true}, 1)
	for tick := 3; tick < 40; tick++ {
		fd.tick(RawInput{Tick: tick, CursorX: 10, CursorY: 10}, 1)
	}
	fd.tick(RawInput{Tick: 40, CursorX: 10, CursorY: 10, Left: true, LeftPressed: true}, 1)
	fd.tick(RawInput{Tick: 41, CursorX: 10, CursorY: 10, LeftReleased: true}, 1)
	if k := kinds(fd.got); k != "tap@1 tap@41" {
		t.Errorf("got %s", k)
	}
	if fd.got[0].Touch == fd.got[1].Touch {
		t.Errorf("want a touch tap then a mouse tap: %+v", fd.got)
	}
}

func TestFeedFocusLossCancelsDrag(t *testing.T) {
	fd := newFeeder()
	fd.tick(RawInput{Tick: 0, CursorX: 10, CursorY: 10, Left: true, LeftPressed: true}, 1)
	fd.tick(RawInput{Tick: 1, CursorX: 40, CursorY: 10, Left: true}, 1)
	fd.tick(RawInput{Tick: 2, CursorX: 40, CursorY: 10, Left: true, Unfocused: true}, 1)
	fd.tick(RawInput{Tick: 3, CursorX: 40, CursorY: 10, Unfocused: true}, 1)
	// The click that brings the focus back counts.
	fd.tick(RawInput{Tick: 4, CursorX: 20, CursorY: 20, Left: true, LeftPressed: true, Unfocused: true}, 1)
	fd.tick(RawInput{Tick: 5, CursorX: 20, CursorY: 20, LeftReleased: true}, 1)
	if k := kinds(fd.got); k != "drag-start@1 drag-cancel@2 tap@5" {
		t.Errorf("got %s", k)
	}
}

// A release that never arrives cancels the press once no finger is down,
// and the next touch works.
func TestFeedLostRelease(t *testing.T) {
	fd := newFeeder()
	fd.tick(RawInput{Tick: 0, Pressed: []TouchPoint{{1, 10, 10}}, Held: []TouchPoint{{1, 10, 10}}}, 1)
	fd.tick(RawInput{Tick: 1, Held: []TouchPoint{{1, 60, 10}}}, 1)
	fd.tick(RawInput{Tick: 2}, 1)
	fd.tick(RawInput{Tick: 3, Pressed: []TouchPoint{{2, 10, 10}}, Held: []TouchPoint{{2, 10, 10}}}, 1)
	fd.tick(RawInput{Tick: 4, Released: []TouchPoint{{2, 10, 10}}}, 1)
	if k := kinds(fd.got); k != "drag-start@1 drag-cancel@2 tap@4" {
		t.Errorf("got %s", k)
	}
}

func TestFeedDoesNotAllocate(t *testing.T) {
	fd := &Feeder{R: NewRecognizer(Config{})}
	pressed := []TouchPoint{{1, 10, 10}}
	moved := []TouchPoint{{1, 60, 10}}
	ins := []RawInput{
		{Pressed: pressed, Held: pressed},
		{Held: moved},
		{Released: moved},
		{CursorX: 5, CursorY: 5},
		{CursorX: 5, CursorY: 5, Left: true, LeftPressed: true},
		{CursorX: 5, CursorY: 5, LeftReleased: true},
	}
	tick := 0
	cycle := func() {
		for i := range ins {
			ins[i].Tick = tick
			fd.Feed(&ins[i], 1.5)
			fd.R.Drain()
			tick += 20
		}
	}
	cycle()
	if a := testing.AllocsPerRun(50, cycle); a != 0 {
		t.Errorf("%v allocations per cycle", a)
	}
}
