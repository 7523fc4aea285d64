package scenes

import (
	"reflect"
	"testing"
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
	f := newTextField("")
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
