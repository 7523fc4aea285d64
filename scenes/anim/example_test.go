package anim_test

import (
	"fmt"

	"bashni/rules"
	"bashni/scenes/anim"
)

// The per-tick loop of a scene: Advance in Update (play the cues), Frame in
// Draw, commit the move once Done; Finish when the player acts meanwhile.
func Example() {
	before, _ := rules.ParseFEN(rules.Bashni, "W:Wc3:Bd4-0/0")
	m, _ := before.ParseMove("c3:e5")
	after := before.Play(m)

	var play anim.Playback
	play.Start(anim.NewMoveTimeline(before, m, anim.Options{Speed: 1}))
	var cues []anim.Cue
	var frame anim.Frame
	for !play.Done() {
		// Update
		cues = play.Advance(cues)
		for _, c := range cues {
			fmt.Printf("tick %2d: %v on %v\n", c.Tick, c.Kind, c.Square)
		}
		// Draw: static columns of before (or after) except frame.Hidden, then
		// frame.Sprites back to front.
		play.Frame(&frame)
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
