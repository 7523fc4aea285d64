package input_test

import (
	"fmt"

	"bashni/rules"
	"bashni/scenes/input"
)

// A scene's input loop: gestures from the recognizer (fed by the Adapter in
// the game), hit-tested to squares, drive the move entry.
func Example() {
	pos, _ := rules.ParseFEN(rules.Bashni, "W:Wd4-1:Bf2,c5,e5,c7,e7")
	entry := input.NewMoveEntryFor(pos)
	rec := input.NewRecognizer(input.Config{})

	// The board: 40 dp squares, White at the bottom, a1 at (0, 280).
	toSquare := func(x, y float64) rules.Square {
		f, r := int(x/40), 7-int(y/40)
		if f < 0 || f > 7 || r < 0 || r > 7 {
			return rules.NoSquare
		}
		return rules.SquareAt(f, r)
	}
	centre := func(s string) (float64, float64) {
		q, _ := rules.ParseSquare(rules.Bashni, s)
		return float64(q.File())*40 + 20, float64(7-q.Rank())*40 + 20
	}

	tick := 0
	tap := func(s string) {
		x, y := centre(s)
		rec.Down(input.MouseID, x, y, tick, false)
		rec.Up(input.MouseID, x, y, tick+1, false)
		tick += 10
	}
	handle := func() {
		for _, g := range rec.Drain() {
			var r input.Result
			switch g.Kind {
			case input.Tap:
				r = entry.Tap(toSquare(g.X, g.Y))
			case input.DragStart:
				r = entry.Grab(toSquare(g.StartX, g.StartY))
			case input.DragEnd:
				r = entry.Drop(toSquare(g.X, g.Y))
			case input.Back:
				r = entry.Cancel()
			default:
				continue
			}
			fmt.Println(r.Outcome, r.Reason, r.Move, entry.Path())
		}
	}
	for _, s := range []string{"d4", "f6", "b6", "d4"} {
		tap(s)
		handle()
	}
	// Output:
	// selected none none [d4]
	// extended none none [d4 f6]
	// extended none none [d4 f6 d8 b6]
	// completed none d4:f6:d8:b6:d4:g1 []
}
