package board

import (
	"bashni/audio"
	"bashni/rules"
	"bashni/scenes/anim"
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
func (m *moveAnim) apply(b *Board) {
	m.tl.Frame(m.now, &m.frame)
	b.pos = m.before
	b.frame = &m.frame
}

// queued is a move to animate after the running one.
type queued struct {
	move rules.Move
	opts anim.Options
}

// Animate shows mv played from before, skipping its first skipHops hops
// (the person entered them already; 0: the whole move). A running
// animation ends at once, silently, and the queue is dropped. At the end
// the board rests on the position after the move, with its marks.
func (b *Board) Animate(before *rules.Position, mv rules.Move, opts anim.Options, skipHops int) {
	b.queue = b.queue[:0]
	b.start(before, mv, opts, skipHops)
}

// Queue animates mv after the running animation and those queued, from
// the position they end in (a redo of several moves); with none running it
// starts from the position shown.
func (b *Board) Queue(mv rules.Move, opts anim.Options) {
	if b.anim == nil {
		b.start(b.pos, mv, opts, 0)
		return
	}
	b.queue = append(b.queue, queued{mv, opts})
}

// start begins the animation of mv from before.
func (b *Board) start(before *rules.Position, mv rules.Move, opts anim.Options, skipHops int) {
	b.anim = newMoveAnim(before, mv, opts)
	b.startFade(mv, opts.Instant)
	if skipHops > 0 {
		b.anim.skipHops(skipHops)
	}
	b.dragging = false
	b.clearMarks()
	b.last = rules.Move{}
	b.anim.apply(b)
	b.invalidate()
}

// Animating reports whether a move is being animated.
func (b *Board) Animating() bool { return b.anim != nil }

// Step shows the next tick of the animation and plays its sounds. It
// reports true on the tick the last queued animation ends: the board then
// rests on the position after it.
func (b *Board) Step() (rested bool) {
	b.tickFade()
	m := b.anim
	if m == nil {
		return false
	}
	b.cueBuf = m.advance(b.cueBuf[:0])
	for _, e := range b.cueBuf {
		b.host.Play(e)
	}
	m.apply(b)
	if !m.done() {
		b.invalidateMoving()
		return false
	}
	b.anim = nil
	if len(b.queue) > 0 {
		q := b.queue[0]
		b.queue = append(b.queue[:0], b.queue[1:]...)
		b.start(m.after, q.move, q.opts, 0)
		return false
	}
	b.rest(m.after, m.move)
	return true
}

// Finish ends the running animation and the queued ones at once,
// silently: the board rests on the position after them (a new input never
// waits for an animation).
func (b *Board) Finish() {
	if b.anim == nil {
		return
	}
	pos, last := b.anim.after, b.anim.move
	for _, q := range b.queue {
		pos, last = pos.Play(q.move), q.move
	}
	b.Show(pos, last)
}
