package anim_test

import (
	"fmt"

	"bashni/rules"
	"bashni/scenes/anim"
)

// The per-tick loop of a board: in Update the cues due this tick (play
// their sounds), in Draw the frame; once the last tick is shown, the
// position after the move.
func Example() {
	before, _ := rules.ParseFEN(rules.Bashni, "W:Wc3:Bd4-0/0")
	m, _ := before.ParseMove("c3:e5")
	after := before.Play(m)

	tl := anim.NewMoveTimeline(before, m, anim.Options{Speed: 1})
	var cues []anim.Cue
	var frame anim.Frame
	for now := 0; now <= tl.Duration(); now++ {
		// Update
		cues = tl.CuesBetween(now, now+1, cues[:0])
		for _, c := range cues {
			fmt.Printf("tick %2d: %v on %v\n", c.Tick, c.Kind, c.Square)
		}
		// Draw: static columns of before (or after) except frame.Hidden, then
		// frame.Sprites back to front.
		tl.Frame(now, &frame)
	}
	// Done: the scene now draws after.
	fmt.Println(after.Column(rules.SquareAt(4, 4)).Stack(), after.Column(rules.SquareAt(3, 3)).Stack())
	// Output:
	// tick  9: capture on d4
	// tick 18: hop on e5
	// tick 24: freed on d4
	// tick 31: tuck on d4
	// tick 42: end on e5
	// 0/0 0
}
