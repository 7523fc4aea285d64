package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
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

// KeyState is the keyboard as the scenes see it for one tick: which keys
// are down and which were just pressed (with auto-repeat for the arrows).
type KeyState interface {
	Pressed(k ebiten.Key) bool
	JustPressed(k ebiten.Key) bool
	Duration(k ebiten.Key) int // ticks the key has been held, 0 if up
}

// ebitenKeys reads Ebitengine's keyboard.
type ebitenKeys struct{}

func (ebitenKeys) Pressed(k ebiten.Key) bool     { return ebiten.IsKeyPressed(k) }
func (ebitenKeys) JustPressed(k ebiten.Key) bool { return inpututil.IsKeyJustPressed(k) }
func (ebitenKeys) Duration(k ebiten.Key) int     { return inpututil.KeyPressDuration(k) }

// Keys maps the keyboard to actions once per tick.
type Keys struct {
	src     KeyState
	actions [actionCount]bool
	// ShowAll is true while Space is held: every column's composition.
	ShowAll bool
	changed bool
}

// repeat reports a key press and its auto-repeat: after 20 ticks, every 4.
func repeat(d int) bool {
	return d == 1 || (d > 20 && (d-20)%4 == 0)
}

// Read updates the actions from the keyboard.
func (k *Keys) Read() {
	if k.src == nil {
		k.src = ebitenKeys{}
	}
	k.readFrom(k.src)
}

func (k *Keys) readFrom(s KeyState) {
	k.actions = [actionCount]bool{}
	ctrl := s.Pressed(ebiten.KeyControl) || s.Pressed(ebiten.KeyMeta)
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
	k.actions[ActPrev] = repeat(s.Duration(ebiten.KeyArrowLeft))
	k.actions[ActNext] = repeat(s.Duration(ebiten.KeyArrowRight))
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
