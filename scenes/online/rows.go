package online

import (
	"image/color"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/text"
	"bashni/scenes"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// A list row (a seek, a live game, a leader) is one line when its words
// fit at rowMin or larger; otherwise two: who plays, and the game. Names
// are 3–20 letters of any script, and two of 20 CJK letters fit no phone's
// line: then the names are cut, the longest first, and an ellipsis marks
// the cut. The row's whole words stay its Tab stop's name (mirrored in the
// page and said), so nothing is lost to a screen reader.

const (
	rowMin  = 12.0 // the smallest size a row is drawn at (scenetest.MinTextDP)
	rowTwo  = 13.0 // the size of a two-line row's lines
	ellipse = "…"
)

// rowParts are a row's words, whole and in two parts.
type rowParts struct {
	words  string                // the whole row on one line
	names  []string              // the names in the first line, which may be cut
	first  func([]string) string // the first line with these names
	second string                // the second line: the game
}

// rowText is a row as drawn, fitted once (fitRow) and drawn every frame.
type rowText struct {
	one, two string  // two is "" for a one-line row
	size     float64 // dp
}

// fitRow fits a row into room (physical pixels): one line from size down
// to rowMin, or two lines at rowTwo with the names cut to fit.
func fitRow(p *ui.Painter, r rowParts, size, room float64, w sprites.Weight) rowText {
	for s := size; s >= rowMin; s-- {
		if p.Measure(r.words, s, w) <= room {
			return rowText{one: r.words, size: s}
		}
	}
	out := rowText{size: rowTwo}
	out.one = cutNames(p, rowTwo, w, room, r.names, r.first)
	out.two = cutEnd(p, r.second, rowTwo, w, room)
	return out
}

// cutNames is line(names), its longest name cut a letter at a time until
// it fits room.
func cutNames(p *ui.Painter, size float64, w sprites.Weight, room float64, names []string, line func([]string) string) string {
	cur := append([]string(nil), names...)
	keep := make([]int, len(names)) // letters kept of each name
	for i, n := range names {
		keep[i] = utf8.RuneCountInString(n)
	}
	for {
		s := line(cur)
		if p.Measure(s, size, w) <= room {
			return s
		}
		longest := -1
		for i, k := range keep {
			if k > 1 && (longest < 0 || k > keep[longest]) {
				longest = i
			}
		}
		if longest < 0 {
			return cutEnd(p, s, size, w, room)
		}
		keep[longest]--
		cur[longest] = firstRunes(names[longest], keep[longest]) + ellipse
	}
}

// cutEnd is s cut at its end, with an ellipsis, to fit room.
func cutEnd(p *ui.Painter, s string, size float64, w sprites.Weight, room float64) string {
	if p.Measure(s, size, w) <= room {
		return s
	}
	for n := utf8.RuneCountInString(s) - 1; n > 0; n-- {
		if c := firstRunes(s, n) + ellipse; p.Measure(c, size, w) <= room {
			return c
		}
	}
	return ellipse
}

// firstRunes is s's first n letters.
func firstRunes(s string, n int) string {
	i := 0
	for j := range s {
		if i == n {
			return s[:j]
		}
		i++
	}
	return s
}

// draw draws the row's text in row, from its start, p.DP(8) in.
func (r rowText) draw(p *ui.Painter, dst *ebiten.Image, row scenes.Rect, w sprites.Weight, col color.NRGBA) {
	x := row.X + p.DP(8)
	if r.two == "" {
		p.Text(dst, r.one, r.size, w, x, row.Y+row.H/2, text.AlignStart, text.AlignCenter, col)
		return
	}
	half := p.DP(8.5)
	p.Text(dst, r.one, r.size, w, x, row.Y+row.H/2-half, text.AlignStart, text.AlignCenter, col)
	p.Text(dst, r.two, r.size, w, x, row.Y+row.H/2+half, text.AlignStart, text.AlignCenter, col)
}

// rowCache keeps rows fitted: they are fitted again only when their words
// or their room change (not every frame).
type rowCache struct {
	words []string
	room  float64
	text  []rowText
}

// get is row i fitted (parts is asked only when it must be fitted again).
func (rc *rowCache) get(p *ui.Painter, i int, room, size float64, w sprites.Weight, parts func() rowParts, words string) rowText {
	if room != rc.room {
		rc.room, rc.words, rc.text = room, rc.words[:0], rc.text[:0]
	}
	for len(rc.words) <= i {
		rc.words = append(rc.words, "\x00")
		rc.text = append(rc.text, rowText{})
	}
	if rc.words[i] != words {
		rc.words[i] = words
		rc.text[i] = fitRow(p, parts(), size, room, w)
	}
	return rc.text[i]
}
