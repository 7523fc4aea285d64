package play

import (
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/i18n"
	"bashni/internal/text"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/ui"
	"bashni/session"
	"bashni/sprites"
)

// The hint's note: why the hinted move is good, in words, in the panel
// beside (or under) the board, where it covers no square. It was a toast
// over the board's bottom rows for four seconds, on a phone exactly where
// the hint's arrows and numbered discs are drawn, and gone before a
// newcomer had followed the line. The note stays as long as the line does
// (until a move is played or the board looks back), at the top of the move
// list's place: the list keeps what is left under it. Hint again puts the
// note away and brings it back; the line stays.

// Sizes of the note, in dp.
const (
	noteMaxSize = 15.0 // its words, shrunk to fit down to noteMinSize
	noteMinSize = 12.0 // scenetest.MinTextDP
	notePadX    = 14.0 // inside, left of the words (after the stripe) and right
	notePadY    = 8.0  // inside, above and under the words
	noteStripe  = 4.0  // the bar in the hint's colour that ties it to the line
	noteGap     = 8.0  // between the note and what is under it
	// The player's own card while the note needs its room, on a phone on
	// its side: its name, its line and the turn dot still show, a little
	// smaller (scenes.DrawSideCard's compact card, as on a phone held
	// upright).
	noteOwnCard = 48.0
	// Where the own card gives the note its room, the note sits a little
	// tighter: less inside above and under its words, and over the card.
	notePadYTight = 5.0
	noteGapTight  = 6.0
)

// noteLine is one line of the note; the first paragraph (the move) is bold.
type noteLine struct {
	text string
	bold bool
}

// hintNote is the note's state and its words as laid out.
type hintNote struct {
	hidden bool // put away by Hint again, until the next hint
	// What the lines below were made from: a change of hint, language or
	// layout lays the note out again.
	hint   rules.Move
	ply    int
	cat    *i18n.Catalog
	places notePlace // the largest place the layout offered
	// placesBuf holds notePlaces' answer each tick.
	placesBuf [3]notePlace
	shown     bool
	area      scenes.Rect // the place the note was laid out for
	words     []string    // the move, then why: the paragraphs of lines
	lines     []noteLine
	size      float64
	cut       bool        // lines were dropped: the note did not fit its area
	rect      scenes.Rect // where it is drawn (zero: not shown)
	padY      float64     // dp above and under its words
	card      scenes.Rect // the player's own card while the note shows
}

// noteLineHeight is the height of a line of the note's words at size dp.
func noteLineHeight(p *ui.Painter, size float64) float64 {
	return math.Ceil(p.DP(size * 1.4))
}

// notePlace is a place the note may take and the player's own card
// beside it.
type notePlace struct {
	area, card scenes.Rect
	padY       float64 // dp above and under the words
	// oneReason: the note says the main reason only, the last resort on
	// a phone on its side for the longest words.
	oneReason bool
}

// notePlaces are the places the note may take, the first it fits in
// chosen: the move list's place, and on a phone on its side, where that
// is short, also the top of the player's own card, which gets shorter
// (noteOwnCard) and keeps its name, its line and the dot that says whose
// turn it is; there, when even that is short, the note leaves out the
// second reason. Never a square of the board, nor a card. They go into
// buf's array, so that the tick that asks allocates nothing.
func notePlaces(buf *[3]notePlace, l *scenes.PlayLayout) []notePlace {
	places := append(buf[:0], notePlace{area: l.MoveList, card: l.BottomCard, padY: notePadY})
	if !l.Landscape || l.BottomCard.H <= l.DP(noteOwnCard) {
		return places
	}
	card := l.BottomCard
	card.H = l.DP(noteOwnCard)
	card.Y = l.BottomCard.Y + l.BottomCard.H - card.H
	bottom := card.Y - l.DP(noteGapTight)
	area := scenes.Rect{X: l.MoveList.X, Y: l.MoveList.Y, W: l.MoveList.W, H: math.Max(0, bottom-l.MoveList.Y)}
	tight := notePlace{area: area, card: card, padY: notePadYTight}
	one := tight
	one.oneReason = true
	return append(places, tight, one)
}

// ownCard is the player's own card as drawn: shorter while the note
// needs its room.
func (s *Screen) ownCard() scenes.Rect {
	if s.note.rect.H > 0 && s.note.card.H > 0 {
		return s.note.card
	}
	return s.layout.BottomCard
}

// noteRoom is the width of the note's words in area.
func noteRoom(p *ui.Painter, area scenes.Rect) float64 {
	return area.W - p.DP(noteStripe+2*notePadX)
}

// fitNote lays the hint's words out for area: the move on a line of its
// own, then each reason and the verdict from a new line, all at the
// largest size from noteMaxSize down to noteMinSize at which they fit
// area's height. At noteMinSize what does not fit is dropped (the layout
// test, fit_test.go, fails on it). It returns the lines, their size and
// the note's height, and whether lines were dropped.
func fitNote(p *ui.Painter, heading string, body []string, area scenes.Rect, padY float64) (lines []noteLine, size, height float64, cut bool) {
	room := noteRoom(p, area)
	for size = noteMaxSize; ; size -= 0.5 {
		lines = lines[:0]
		for _, l := range p.Wrap(heading, size, sprites.Bold, room) {
			lines = append(lines, noteLine{text: l, bold: true})
		}
		for _, para := range body {
			for _, l := range p.Wrap(para, size, sprites.Medium, room) {
				lines = append(lines, noteLine{text: l})
			}
		}
		lh := noteLineHeight(p, size)
		height = float64(len(lines))*lh + p.DP(2*padY)
		if height <= area.H || size <= noteMinSize {
			if height > area.H {
				n := max(0, int((area.H-p.DP(2*padY))/lh))
				lines, cut = lines[:min(n, len(lines))], true
				height = float64(len(lines))*lh + p.DP(2*padY)
			}
			return lines, size, height, cut
		}
	}
}

// hintParts are the hint's words: the move ("Hint: c3-d4"), and why it is
// good (learn/explain.Teach's main reason and the one after it, which the
// session worked out with the search: what it wins or prevents, or what it
// gives and gets back by when) and the computer's judgement of the
// position, in the catalogue's language.
func hintParts(cat *i18n.Catalog, h session.Hint, reasons int) (heading string, body []string) {
	heading = cat.F("play.hint_move", "Move", h.Best.String())
	if h.Why != nil {
		// The main reason and the one after it (what the move prevents,
		// a crowning on the way): more would not be read beside a board;
		// where even that is too much, the main reason only.
		for i, r := range h.Why.Reasons {
			if i == reasons {
				break
			}
			body = append(body, r.Say(cat))
		}
	}
	switch {
	case h.HasVerdict:
		body = append(body, cat.Verdict(h.Verdict))
	case h.Text != "":
		body = append(body, h.Text)
	}
	return heading, body
}

// noteWanted reports whether the note shows: a hint for the position on
// the board, not put away.
func (s *Screen) noteWanted() (session.Hint, bool) {
	h, ok := s.sess.Hint()
	return h, ok && s.live() && !s.note.hidden
}

// placeNote lays the note out when what it shows changed (a hint came or
// went, the language or the layout changed) and gives the move list what
// the note leaves of its place. Cheap when nothing changed: called every
// tick.
func (s *Screen) placeNote(c scenes.Context) {
	h, want := s.noteWanted()
	n := &s.note
	places := notePlaces(&n.placesBuf, &s.layout)
	if want == n.shown && (!want || (n.hint == h.Best && n.ply == s.sess.Game().Ply() && n.cat == c.Text() && n.places == places[len(places)-1])) {
		return
	}
	n.shown, n.hint, n.ply, n.cat, n.places = want, h.Best, s.sess.Game().Ply(), c.Text(), places[len(places)-1]
	s.moves.Rect = s.layout.MoveList
	n.rect, n.card, n.area = scenes.Rect{}, scenes.Rect{}, scenes.Rect{}
	if want {
		var height float64
		// The first place it fits in whole: the own card keeps its
		// height unless the note needs its room.
		for _, pl := range places {
			reasons := 2
			if pl.oneReason {
				reasons = 1
			}
			heading, body := hintParts(c.Text(), h, reasons)
			n.words = append(append(n.words[:0], heading), body...)
			n.lines, n.size, height, n.cut = fitNote(c.Painter(), heading, body, pl.area, pl.padY)
			n.area, n.card, n.padY = pl.area, pl.card, pl.padY
			if !n.cut {
				break
			}
		}
		area := n.area
		n.rect = scenes.Rect{X: area.X, Y: area.Y, W: area.W, H: math.Ceil(height)}
		// The list keeps what is left under the note, whole rows or none.
		list := s.layout.MoveList
		y := n.rect.Y + n.rect.H + s.layout.DP(noteGap)
		s.moves.Rect = scenes.Rect{X: list.X, Y: y, W: list.W, H: math.Max(0, list.Y+list.H-y)}
		if s.moves.Rect.H < s.layout.DP(scenes.MinTouchDP) {
			s.moves.Rect.H = 0
		}
	}
	s.moves.Follow = true
	c.Invalidate()
}

// toggleNote is Hint asked again while the hint shows: the note goes, or
// comes back.
func (s *Screen) toggleNote(c scenes.Context) {
	s.note.hidden = !s.note.hidden
	s.placeNote(c)
}

// noteText is the note's words, a paragraph a line (empty: no note), for
// tests.
func (s *Screen) noteText() string {
	if s.note.rect.H == 0 {
		return ""
	}
	return strings.Join(s.note.words, "\n")
}

// drawNote draws the note: a card in the panel with a stripe in the hint's
// colour, the move in bold, why under it.
func (s *Screen) drawNote(c scenes.Context, dst *ebiten.Image) {
	r := s.note.rect
	if r.H == 0 {
		return
	}
	p := c.Painter()
	t := p.Theme
	p.RoundRect(dst, r, p.DP(10), t.Panel, p.DP(1), ui.Alpha(t.Hint, 0.8))
	p.RoundRect(dst, scenes.Rect{X: r.X + p.DP(4), Y: r.Y + p.DP(6), W: p.DP(noteStripe), H: r.H - p.DP(12)}, p.DP(noteStripe/2), t.Hint, 0, t.Hint)
	lh := noteLineHeight(p, s.note.size)
	x := r.X + p.DP(noteStripe+notePadX)
	y := r.Y + p.DP(s.note.padY) + lh/2
	for _, l := range s.note.lines {
		w, col := sprites.Medium, t.Text
		if l.bold {
			w = sprites.Bold
		}
		p.Text(dst, l.text, s.note.size, w, x, y, text.AlignStart, text.AlignCenter, col)
		y += lh
	}
}
