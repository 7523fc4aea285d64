package scenes

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// fakeKeys holds keys down for a number of ticks.
type fakeKeys map[ebiten.Key]int

func (f fakeKeys) Pressed(k ebiten.Key) bool {
	if k == ebiten.KeyControl {
		return f[ebiten.KeyControlLeft] > 0 || f[ebiten.KeyControlRight] > 0
	}
	return f[k] > 0
}
func (f fakeKeys) JustPressed(k ebiten.Key) bool { return f[k] == 1 }
func (f fakeKeys) Duration(k ebiten.Key) int     { return f[k] }
func (f fakeKeys) AppendChars(dst []rune) []rune { return dst }

func TestKeysToActions(t *testing.T) {
	cases := []struct {
		keys fakeKeys
		want Action
	}{
		{fakeKeys{ebiten.KeyU: 1}, ActUndo},
		{fakeKeys{ebiten.KeyZ: 1, ebiten.KeyControlLeft: 3}, ActUndo},
		{fakeKeys{ebiten.KeyY: 1, ebiten.KeyControlLeft: 3}, ActRedo},
		{fakeKeys{ebiten.KeyF: 1}, ActFlip},
		{fakeKeys{ebiten.KeyN: 1}, ActNewGame},
		{fakeKeys{ebiten.KeyEscape: 1}, ActBack},
		{fakeKeys{ebiten.KeyArrowLeft: 1}, ActPrev},
		{fakeKeys{ebiten.KeyArrowRight: 1}, ActNext},
		{fakeKeys{ebiten.KeyArrowRight: 24}, ActNext}, // auto-repeat
		{fakeKeys{ebiten.KeyH: 1}, ActHint},
	}
	for _, c := range cases {
		var k Keys
		k.Read(c.keys)
		for a := ActNone + 1; a < actionCount; a++ {
			if k.Has(a) != (a == c.want) {
				t.Errorf("keys %v: action %d is %v", c.keys, a, k.Has(a))
			}
		}
	}
	var k Keys
	k.Read(fakeKeys{ebiten.KeyF: 2}) // held, not just pressed
	if k.Has(ActFlip) {
		t.Error("a held F flips again")
	}
	k.Read(fakeKeys{ebiten.KeySpace: 5})
	if !k.ShowAll || !k.ShowAllChanged() {
		t.Error("Space shows every column")
	}
}
