package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"bashni/scenes/ui"
)

// Action is something the player asks for, whatever the key, button or
// gesture. Scenes act on actions, not on keys.
type Action uint8

const (
	ActNone Action = iota
	ActUndo
	ActRedo
	ActFlip
	ActNewGame
	ActBack
	ActPrev  // step back through the move list
	ActNext  // step forward
	ActFirst // the start position
	ActLast  // the position on the board (back to the game)
	ActHint
	ActConfirm
	actionCount
)

// Keys maps the keyboard to actions once per tick.
type Keys struct {
	actions [actionCount]bool
	// ShowAll is true while Space is held: every column's composition.
	ShowAll bool
	changed bool
}

// Read updates the actions from this tick's keyboard.
func (k *Keys) Read(s ui.Keyboard) {
	k.actions = [actionCount]bool{}
	ctrl := ui.Ctrl(s)
	shift := s.Pressed(ebiten.KeyShift)
	jp := s.JustPressed
	if ctrl {
		k.actions[ActUndo] = jp(ebiten.KeyZ) && !shift
		k.actions[ActRedo] = jp(ebiten.KeyY) || (jp(ebiten.KeyZ) && shift)
	} else {
		k.actions[ActUndo] = jp(ebiten.KeyU)
		k.actions[ActFlip] = jp(ebiten.KeyF)
		k.actions[ActNewGame] = jp(ebiten.KeyN)
		k.actions[ActHint] = jp(ebiten.KeyH)
	}
	k.actions[ActBack] = jp(ebiten.KeyEscape) || jp(ebiten.KeyBackspace)
	k.actions[ActPrev] = ui.RepeatKey(s, ebiten.KeyArrowLeft)
	k.actions[ActNext] = ui.RepeatKey(s, ebiten.KeyArrowRight)
	k.actions[ActFirst] = jp(ebiten.KeyHome) || jp(ebiten.KeyArrowUp)
	k.actions[ActLast] = jp(ebiten.KeyEnd) || jp(ebiten.KeyArrowDown)
	k.actions[ActConfirm] = jp(ebiten.KeyEnter) || jp(ebiten.KeyNumpadEnter)
	show := s.Pressed(ebiten.KeySpace)
	k.changed = show != k.ShowAll
	k.ShowAll = show
}

// Has reports whether the action was asked for this tick.
func (k *Keys) Has(a Action) bool { return k.actions[a] }

// Consume reports the action and clears it, so that only one handler acts.
func (k *Keys) Consume(a Action) bool {
	v := k.actions[a]
	k.actions[a] = false
	return v
}

// ShowAllChanged reports whether Space went down or up this tick.
func (k *Keys) ShowAllChanged() bool { return k.changed }
