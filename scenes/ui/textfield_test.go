package ui

import (
	"reflect"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/platform"
	"bashni/sprites"
)

// mono measures text as 1 unit a byte.
func mono(s string) float64 { return float64(len(s)) }

func TestWrapSpans(t *testing.T) {
	cases := []struct {
		text  string
		width float64
		want  []span
	}{
		{"", 10, []span{{0, 0}}},
		{"short", 10, []span{{0, 5}}},
		{"one two three", 8, []span{{0, 7}, {8, 13}}},
		{"a\n\nb", 10, []span{{0, 1}, {2, 2}, {3, 4}}},
		{"abcdefghij", 4, []span{{0, 4}, {4, 8}, {8, 10}}},
		{"1. c3-b4 b6-c5 2. b4-a5", 9, []span{{0, 8}, {9, 17}, {18, 23}}},
		{"x ", 1, []span{{0, 1}, {2, 2}}},
	}
	for _, c := range cases {
		got := wrapSpans(c.text, c.width, mono, nil)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("wrap %q at %v: %v, want %v", c.text, c.width, got, c.want)
		}
		for _, l := range got {
			if mono(c.text[l.start:l.end]) > c.width && l.end-l.start > 1 {
				t.Errorf("wrap %q: line %q too wide", c.text, c.text[l.start:l.end])
			}
		}
	}
	lines := wrapSpans("one two three", 8, mono, nil)
	for at, want := range map[int]int{0: 0, 7: 0, 8: 1, 13: 1} {
		if got := lineOf(lines, at); got != want {
			t.Errorf("offset %d on line %d, want %d", at, got, want)
		}
	}
}

func TestFieldEditing(t *testing.T) {
	f := NewTextField("")
	f.SetText("1. c3-d4\r\nf6-e5\t*")
	if f.Text() != "1. c3-d4\nf6-e5 *" || f.caret != len(f.Text()) || !f.Changed {
		t.Fatalf("SetText: %q caret %d", f.Text(), f.caret)
	}
	// Replace a selection, insert at the caret.
	f.anchor, f.caret = 3, 8
	f.Insert("a3-b4")
	if f.Text() != "1. a3-b4\nf6-e5 *" || f.caret != 8 {
		t.Fatalf("insert over a selection: %q caret %d", f.Text(), f.caret)
	}
	f.Insert("\x00\x07 x")
	if f.Text() != "1. a3-b4 x\nf6-e5 *" {
		t.Fatalf("control characters: %q", f.Text())
	}
	// The field holds at most maxFieldBytes, cut at a character boundary.
	big := make([]byte, maxFieldBytes+10)
	for i := range big {
		big[i] = 'a'
	}
	f.SetText(string(big[:maxFieldBytes-1]) + "é")
	if len(f.Text()) != maxFieldBytes-1 {
		t.Fatalf("%d bytes kept", len(f.Text()))
	}
	// The display offset maps back to the text around a composition.
	f.SetText("ab")
	f.caret, f.anchor = 1, 1
	f.composing = "XYZ"
	if f.textOffset(0) != 0 || f.textOffset(3) != 1 || f.textOffset(5) != 2 {
		t.Fatalf("offsets across the composition: %d %d %d", f.textOffset(0), f.textOffset(3), f.textOffset(5))
	}
}

// fieldInput is a text field's input for tests: a keyboard whose keys are
// held for a number of ticks, no pointer, a memory clipboard.
type fieldInput struct {
	p    *Painter
	ptr  Pointer
	keys map[ebiten.Key]int
	tick int64
	clip platform.Memory
}

func (in *fieldInput) Painter() *Painter             { return in.p }
func (in *fieldInput) Pointer() *Pointer             { return &in.ptr }
func (in *fieldInput) Keyboard() Keyboard            { return in }
func (in *fieldInput) Tick() int64                   { return in.tick }
func (in *fieldInput) Clipboard() platform.Clipboard { return &in.clip }
func (in *fieldInput) Pressed(k ebiten.Key) bool     { return in.keys[k] > 0 }
func (in *fieldInput) JustPressed(k ebiten.Key) bool { return in.keys[k] == 1 }
func (in *fieldInput) Duration(k ebiten.Key) int     { return in.keys[k] }
func (in *fieldInput) AppendChars(dst []rune) []rune { return dst }

// press runs the field's keys for one tick with keys just pressed (and
// mods held). (Update also runs the IME session, which needs a running
// game: the e2e tests type through it.)
func (in *fieldInput) press(f *TextField, keys ...ebiten.Key) {
	in.tick++
	in.keys = map[ebiten.Key]int{}
	for _, k := range keys {
		in.keys[k] = 1
	}
	f.keys(in)
}

// TestFieldKeys: the editing keys, read through the field's keyboard.
func TestFieldKeys(t *testing.T) {
	in := &fieldInput{p: NewPainter(sprites.NewRenderer(sprites.Themes()[0]), 1)}
	f := NewTextField("")
	f.Layout(Rect{W: 400, H: 200})
	f.SetText("c3-d4 f6-e5")
	f.Focus(0)
	in.press(f, ebiten.KeyBackspace)
	in.press(f, ebiten.KeyArrowLeft)
	in.press(f, ebiten.KeyDelete)
	if f.Text() != "c3-d4 f6-" {
		t.Fatalf("after Backspace, ←, Delete: %q", f.Text())
	}
	in.press(f, ebiten.KeyA, ebiten.KeyControlLeft, ebiten.KeyControl)
	in.press(f, ebiten.KeyC, ebiten.KeyControlLeft, ebiten.KeyControl)
	if text, _ := in.clip.Paste().Result(); text != "c3-d4 f6-" {
		t.Fatalf("Ctrl+A, Ctrl+C copied %q", text)
	}
	in.press(f, ebiten.KeyHome)
	in.press(f, ebiten.KeyEnter)
	if f.Text() != "\nc3-d4 f6-" {
		t.Fatalf("Home, Enter: %q", f.Text())
	}
}
