package input

import (
	"fmt"
	"strings"
	"testing"
)

// ev is one scripted recognizer event.
type ev struct {
	op    string // down, move, up, right, hover, leave, back, tick, reset
	id    int
	x, y  float64
	tick  int
	touch bool
}

func mouse(op string, x, y float64, tick int) ev { return ev{op: op, x: x, y: y, tick: tick} }
func finger(op string, id int, x, y float64, tick int) ev {
	return ev{op: op, id: id, x: x, y: y, tick: tick, touch: true}
}
func at(op string, tick int) ev { return ev{op: op, tick: tick} }

func run(r *Recognizer, evs []ev) []Gesture {
	var got []Gesture
	for _, e := range evs {
		switch e.op {
		case "down":
			r.Down(e.id, e.x, e.y, e.tick, e.touch)
		case "move":
			r.Move(e.id, e.x, e.y, e.tick, e.touch)
		case "up":
			r.Up(e.id, e.x, e.y, e.tick, e.touch)
		case "right":
			r.RightClick(e.x, e.y, e.tick)
		case "hover":
			r.Hover(e.x, e.y, e.tick)
		case "leave":
			r.HoverLeave(e.tick)
		case "back":
			r.Back(e.tick)
		case "tick":
			r.Update(e.tick)
		case "reset":
			r.Reset(e.tick)
		default:
			panic(e.op)
		}
		got = append(got, r.Drain()...)
	}
	return got
}

func kinds(gs []Gesture) string {
	var b strings.Builder
	for i, g := range gs {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%v@%d", g.Kind, g.Tick)
	}
	return b.String()
}

func TestRecognizer(t *testing.T) {
	cases := []struct {
		name string
		cfg  Config
		evs  []ev
		want string
	}{
		{"mouse tap within slop", Config{}, []ev{
			mouse("down", 100, 100, 0), mouse("move", 104, 103, 1), mouse("up", 104, 103, 2),
		}, "tap@2"},
		{"mouse drag beyond slop", Config{}, []ev{
			mouse("down", 100, 100, 0), mouse("move", 107, 100, 1), mouse("move", 107, 100, 2),
			mouse("move", 140, 120, 3), mouse("up", 140, 120, 4),
		}, "drag-start@1 drag-move@3 drag-end@4"},
		{"touch 8 dp is still a tap", Config{}, []ev{
			finger("down", 3, 100, 100, 0), finger("move", 3, 108, 100, 1), finger("up", 3, 108, 100, 2),
		}, "tap@2"},
		{"mouse 8 dp is a drag", Config{}, []ev{
			mouse("down", 100, 100, 0), mouse("move", 108, 100, 1), mouse("up", 108, 100, 2),
		}, "drag-start@1 drag-end@2"},
		{"touch 11 dp is a drag", Config{}, []ev{
			finger("down", 3, 100, 100, 0), finger("move", 3, 100, 111, 1), finger("up", 3, 100, 111, 2),
		}, "drag-start@1 drag-end@2"},
		{"custom touch slop", Config{TouchSlop: 12}, []ev{
			finger("down", 3, 100, 100, 0), finger("move", 3, 100, 111, 1), finger("up", 3, 100, 111, 2),
		}, "tap@2"},
		{"flick between two ticks is a drag", Config{}, []ev{
			mouse("down", 100, 100, 0), mouse("up", 160, 100, 1),
		}, "drag-start@1 drag-end@1"},
		{"long press, then no tap", Config{}, []ev{
			finger("down", 1, 50, 50, 0), at("tick", 26), finger("move", 1, 52, 51, 26), at("tick", 27),
			at("tick", 28), finger("move", 1, 80, 80, 30), finger("up", 1, 80, 80, 40),
		}, "long-press@27 long-press-end@40"},
		{"long press fires on a move event too", Config{}, []ev{
			finger("down", 1, 50, 50, 0), finger("move", 1, 51, 50, 27), finger("up", 1, 51, 50, 28),
		}, "long-press@27 long-press-end@28"},
		{"short touch is a tap", Config{}, []ev{
			finger("down", 1, 50, 50, 0), at("tick", 26), finger("up", 1, 50, 50, 26),
		}, "tap@26"},
		{"moving finger is no long press", Config{}, []ev{
			finger("down", 1, 50, 50, 0), finger("move", 1, 70, 50, 5), at("tick", 40), finger("up", 1, 70, 50, 41),
		}, "drag-start@5 drag-end@41"},
		{"mouse held still: a tap, no long press", Config{}, []ev{
			mouse("down", 50, 50, 0), at("tick", 60), mouse("up", 50, 50, 61),
		}, "tap@61"},
		{"second finger cancels a drag", Config{}, []ev{
			finger("down", 1, 50, 50, 0), finger("move", 1, 80, 50, 2), finger("down", 2, 200, 200, 3),
			finger("move", 1, 90, 60, 4), finger("up", 1, 90, 60, 5), finger("up", 2, 200, 200, 6),
			finger("down", 4, 10, 10, 7), finger("up", 4, 10, 10, 8),
		}, "drag-start@2 drag-cancel@3 tap@8"},
		{"second finger: no tap and no long press", Config{}, []ev{
			finger("down", 1, 50, 50, 0), finger("down", 2, 60, 60, 1), at("tick", 40),
			finger("up", 1, 50, 50, 41), finger("up", 2, 60, 60, 42),
		}, ""},
		{"a finger down while another still rests is ignored", Config{}, []ev{
			finger("down", 1, 50, 50, 0), finger("down", 2, 60, 60, 1), finger("up", 1, 50, 50, 2),
			finger("down", 3, 70, 70, 3), finger("up", 3, 70, 70, 4), finger("up", 2, 60, 60, 5),
			finger("down", 5, 70, 70, 6), finger("up", 5, 70, 70, 7),
		}, "tap@7"},
		{"hover still, move away, rest again", Config{}, []ev{
			mouse("hover", 50, 50, 0), mouse("hover", 53, 50, 10), mouse("hover", 53, 50, 20),
			mouse("hover", 53, 50, 21), mouse("hover", 53, 50, 30), mouse("hover", 80, 50, 31),
			mouse("hover", 80, 50, 51), mouse("hover", 80, 50, 52),
		}, "hover-still@21 hover-end@31 hover-still@52"},
		{"hover timer runs on Update too", Config{}, []ev{
			mouse("hover", 50, 50, 0), at("tick", 21),
		}, "hover-still@21"},
		{"a press ends the hover and none while pressed", Config{}, []ev{
			mouse("hover", 50, 50, 0), at("tick", 21), mouse("down", 50, 50, 22), mouse("hover", 50, 50, 23),
			at("tick", 60), mouse("up", 50, 50, 61),
		}, "hover-still@21 hover-end@22 tap@61"},
		{"no hover where a click was made until the mouse moves", Config{}, []ev{
			mouse("down", 50, 50, 0), mouse("up", 50, 50, 1), mouse("hover", 50, 50, 2), mouse("hover", 52, 50, 40),
			mouse("hover", 70, 50, 41), mouse("hover", 70, 50, 62),
		}, "tap@1 hover-still@62"},
		{"leaving ends the hover", Config{}, []ev{
			mouse("hover", 50, 50, 0), at("tick", 21), at("leave", 25), at("tick", 60),
		}, "hover-still@21 hover-end@25"},
		{"right click", Config{}, []ev{
			mouse("right", 30, 40, 5),
		}, "secondary-click@5"},
		{"right click cancels a drag", Config{}, []ev{
			mouse("down", 0, 0, 0), mouse("move", 30, 0, 1), mouse("right", 30, 0, 2), mouse("up", 30, 0, 3),
		}, "drag-start@1 drag-cancel@2"},
		{"Esc cancels the drag only", Config{}, []ev{
			mouse("down", 0, 0, 0), mouse("move", 30, 0, 1), at("back", 2), mouse("move", 40, 0, 3), mouse("up", 40, 0, 4),
			at("back", 5),
		}, "drag-start@1 drag-cancel@2 back@5"},
		{"Esc during a press: back, no tap", Config{}, []ev{
			mouse("down", 0, 0, 0), at("back", 2), mouse("up", 0, 0, 3),
		}, "back@2"},
		{"drag off: a moving press makes nothing", Config{NoDrag: true}, []ev{
			finger("down", 1, 50, 50, 0), finger("move", 1, 90, 50, 1), finger("up", 1, 90, 50, 2),
			finger("down", 1, 50, 50, 3), finger("up", 1, 52, 50, 4),
		}, "tap@4"},
		{"reset cancels a drag", Config{}, []ev{
			mouse("down", 0, 0, 0), mouse("move", 30, 0, 1), at("reset", 2), mouse("up", 30, 0, 3),
		}, "drag-start@1 drag-cancel@2"},
		{"events of other pointers are ignored", Config{}, []ev{
			mouse("down", 0, 0, 0), finger("move", 1, 90, 50, 1), finger("up", 1, 90, 50, 2), mouse("up", 0, 0, 3),
		}, "tap@3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := run(NewRecognizer(c.cfg), c.evs)
			if k := kinds(got); k != c.want {
				t.Errorf("got  %s\nwant %s", k, c.want)
			}
		})
	}
}

func TestGesturePositions(t *testing.T) {
	r := NewRecognizer(Config{})
	got := run(r, []ev{finger("down", 1, 100, 100, 0), finger("move", 1, 105, 104, 1), finger("up", 1, 106, 104, 2)})
	if len(got) != 1 || got[0].X != 100 || got[0].Y != 100 || !got[0].Touch {
		t.Errorf("tap %+v: want the press point, touch", got)
	}
	got = run(r, []ev{mouse("down", 10, 20, 3), mouse("move", 30, 20, 4), mouse("move", 50, 25, 5), mouse("up", 55, 25, 6)})
	want := []Gesture{
		{Kind: DragStart, X: 30, Y: 20, StartX: 10, StartY: 20, Tick: 4},
		{Kind: DragMove, X: 50, Y: 25, StartX: 10, StartY: 20, Tick: 5},
		{Kind: DragMove, X: 55, Y: 25, StartX: 10, StartY: 20, Tick: 6},
		{Kind: DragEnd, X: 55, Y: 25, StartX: 10, StartY: 20, Tick: 6},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("drag\n got %+v\nwant %+v", got, want)
	}
	got = run(r, []ev{finger("down", 2, 40, 60, 10), at("tick", 37)})
	if len(got) != 1 || got[0].Kind != LongPress || got[0].X != 40 || got[0].Y != 60 {
		t.Errorf("long press %+v", got)
	}
	if !r.Pressed() || r.Dragging() {
		t.Errorf("pressed %v dragging %v during a long press", r.Pressed(), r.Dragging())
	}
}

func TestRecognizerDefaults(t *testing.T) {
	c := NewRecognizer(Config{}).Config()
	if c.MouseSlop != DefaultMouseSlop || c.TouchSlop != DefaultTouchSlop || c.LongPressTicks != DefaultLongPressTicks || c.HoverTicks != DefaultHoverTicks {
		t.Errorf("defaults %+v", c)
	}
	r := NewRecognizer(Config{})
	r.SetNoDrag(true)
	if !r.Config().NoDrag {
		t.Errorf("SetNoDrag")
	}
}

func TestRecognizerDoesNotAllocate(t *testing.T) {
	r := NewRecognizer(Config{})
	tick := 0
	cycle := func() {
		r.Hover(5, 5, tick)
		r.Down(1, 10, 10, tick, true)
		r.Move(1, 40, 10, tick+1, true)
		r.Move(1, 50, 10, tick+2, true)
		r.Down(2, 10, 10, tick+2, true)
		r.Up(1, 50, 10, tick+3, true)
		r.Up(2, 50, 10, tick+3, true)
		r.Down(MouseID, 10, 10, tick+4, false)
		r.Up(MouseID, 10, 10, tick+5, false)
		r.Update(tick + 6)
		r.Drain()
		tick += 10
	}
	cycle()
	if a := testing.AllocsPerRun(100, cycle); a != 0 {
		t.Errorf("%v allocations per gesture cycle", a)
	}
}
