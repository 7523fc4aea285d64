package ui

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Keyboard is the keyboard for one tick, read through one reader: the
// game's Ebitengine keyboard (EbitenKeyboard) or a test's fake. Every key
// the scenes and the text field act on is read through it.
type Keyboard interface {
	// Pressed reports whether k is down.
	Pressed(k ebiten.Key) bool
	// JustPressed reports whether k went down this tick.
	JustPressed(k ebiten.Key) bool
	// Duration is how many ticks k has been held, 0 if it is up.
	Duration(k ebiten.Key) int
	// AppendChars appends the characters typed this tick (for a platform
	// without a text-input session).
	AppendChars(dst []rune) []rune
}

// EbitenKeyboard reads Ebitengine's keyboard.
type EbitenKeyboard struct{}

// Pressed reports whether k is down.
func (EbitenKeyboard) Pressed(k ebiten.Key) bool { return ebiten.IsKeyPressed(k) }

// JustPressed reports whether k went down this tick.
func (EbitenKeyboard) JustPressed(k ebiten.Key) bool { return inpututil.IsKeyJustPressed(k) }

// Duration is how many ticks k has been held.
func (EbitenKeyboard) Duration(k ebiten.Key) int { return inpututil.KeyPressDuration(k) }

// AppendChars appends the characters typed this tick.
func (EbitenKeyboard) AppendChars(dst []rune) []rune { return ebiten.AppendInputChars(dst) }

// Ctrl reports whether Control (or, on a Mac, Command) is down.
func Ctrl(kb Keyboard) bool { return kb.Pressed(ebiten.KeyControl) || kb.Pressed(ebiten.KeyMeta) }

// Repeat reports a key press and its auto-repeat, d being the ticks the
// key has been held: the press, then after 20 ticks every 4.
func Repeat(d int) bool {
	return d == 1 || (d > 20 && (d-20)%4 == 0)
}

// RepeatKey reports a press of k and its auto-repeat.
func RepeatKey(kb Keyboard, k ebiten.Key) bool { return Repeat(kb.Duration(k)) }
