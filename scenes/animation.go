package scenes

import (
	"bashni/audio"
	"bashni/rules"
	"bashni/scenes/anim"
	"bashni/storage"
)

// moveAnim plays one move's timeline (package anim) on a board view.
type moveAnim struct {
	before *rules.Position
	after  *rules.Position
	move   rules.Move
	tl     *anim.Timeline
	now    int // the tick shown
	next   int // cues before this tick have been played
	frame  anim.Frame
	cues   []anim.Cue
}

// animOptions turns the settings into timeline options; factor speeds up
// (redo, replay) or slows down (attract mode, rules) further.
func animOptions(s storage.Settings, factor float64) anim.Options {
	return anim.Options{Speed: s.AnimationSpeed.Multiplier() * factor, Instant: s.InstantAnimations}
}

func newMoveAnim(before *rules.Position, mv rules.Move, opts anim.Options) *moveAnim {
	return &moveAnim{before: before, after: before.Play(mv), move: mv, tl: anim.NewMoveTimeline(before, mv, opts)}
}

// skipHops starts the animation where the mover lands after its first n
// hops (the player entered them already), without their sounds. A quiet
// move (n ≥ 1) skips to its end, keeping the final sound.
func (m *moveAnim) skipHops(n int) {
	if n <= 0 {
		return
	}
	at := -1
	for _, c := range m.tl.Cues() {
		if c.Kind == anim.CueHop && c.Index == n-1 {
			at = c.Tick
		}
	}
	if at < 0 { // a quiet move, or every hop shown: the end
		if !m.move.IsCapture() || n >= m.move.CaptureCount() {
			at = m.tl.Duration()
			if !m.move.IsCapture() {
				at = max(0, at-1)
			}
		} else {
			return
		}
	}
	// The lifts of the jumped tops and the landing sounds of the shown hops
	// were heard as they were entered.
	m.now, m.next = at, at+1
	if !m.move.IsCapture() {
		m.next = at
	}
}

// advance moves one tick on and returns the sounds due. The first call also
// plays the cues of the first tick.
func (m *moveAnim) advance(dst []audio.Effect) []audio.Effect {
	if m.next > m.tl.Duration() {
		return dst
	}
	m.now = min(m.now+1, m.tl.Duration())
	if m.next == 0 {
		m.now = 0
	}
	m.cues = m.tl.CuesBetween(m.next, m.now+1, m.cues)
	m.next = m.now + 1
	for _, c := range m.cues {
		switch c.Kind {
		case anim.CueCapture:
			dst = append(dst, audio.Capture)
		case anim.CueFreed:
			dst = append(dst, audio.ColumnFreed)
		case anim.CuePromotion:
			dst = append(dst, audio.Promotion)
		case anim.CueMoveEnd:
			if !m.move.IsCapture() {
				dst = append(dst, audio.Move)
			}
		}
	}
	return dst
}

// step shows the next tick on b and plays its sounds; buf is the caller's
// buffer for them, kept between ticks so that they allocate nothing. It
// reports whether the animation has ended.
func (m *moveAnim) step(a *App, b *boardView, buf *[]audio.Effect) (done bool) {
	*buf = m.advance((*buf)[:0])
	for _, e := range *buf {
		a.Play(e)
	}
	m.apply(b)
	a.Invalidate()
	return m.done()
}

// allCues returns every sound of the move (for a move shown without
// animation).
func (m *moveAnim) allCues(dst []audio.Effect) []audio.Effect {
	for !m.done() {
		dst = m.advance(dst)
	}
	return dst
}

// done reports whether every tick was shown and every sound played.
func (m *moveAnim) done() bool { return m.next > m.tl.Duration() }

// apply shows the current frame on b: the static columns of the position
// before the move, minus the squares the timeline draws itself.
func (m *moveAnim) apply(b *boardView) {
	m.tl.Frame(m.now, &m.frame)
	b.pos = m.before
	b.frame = &m.frame
}
