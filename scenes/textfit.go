package scenes

import (
	"bashni/scenes/ui"
	"bashni/sprites"
)

// Text that must fit a box in every language: a line that shrinks, a few
// lines that shrink. Screens call these in Layout (or when the text
// changes), never in Draw; the layout test (fit_test.go) measures what
// they chose against the box.

// FitSize is the size, from size down to min in half steps, at which text
// fits room on one line (min when none does).
func FitSize(p *ui.Painter, text string, size, min float64, w sprites.Weight, room float64) float64 {
	for size > min && p.Measure(text, size, w) > room {
		size -= 0.5
	}
	return size
}

// FitLines wraps text into at most maxLines lines of room, at size or a
// smaller one down to min; lines past maxLines at min are dropped (the
// layout test fails on them).
func FitLines(p *ui.Painter, text string, size, min float64, w sprites.Weight, room float64, maxLines int) ([]string, float64) {
	for {
		lines := p.Wrap(text, size, w, room)
		if len(lines) <= maxLines {
			return lines, size
		}
		if size <= min {
			return lines[:maxLines], size
		}
		size = max(min, size-1)
	}
}

// StatusFit fits a status line: one line from 16 dp down to 13, else two
// lines from 13 dp down to 11.
func StatusFit(p *ui.Painter, text string, room float64) ([]string, float64) {
	if size := FitSize(p, text, 16, 13, sprites.Medium, room); p.Measure(text, size, sprites.Medium) <= room {
		return []string{text}, size
	}
	return FitLines(p, text, 13, 11, sprites.Medium, room, 2)
}
