package anim

// Playback plays one Timeline tick by tick: it keeps the current tick and
// which cues have been reported, so the scenes cannot miss or repeat a cue
// or get the last tick off by one. The zero Playback plays nothing and is
// done.
//
// Per tick the scenes call Advance in Update (and play the cues it returns),
// commit the move once Done, and call Frame in Draw.
type Playback struct {
	tl       *Timeline
	now      int // the tick Frame shows
	reported int // cues before this tick have been returned
}

// Start begins playing tl from tick 0 (nil stops playing).
func (p *Playback) Start(tl *Timeline) { *p = Playback{tl: tl} }

// Timeline returns the timeline being played, or nil.
func (p *Playback) Timeline() *Timeline { return p.tl }

// Now is the tick Frame shows.
func (p *Playback) Now() int { return p.now }

// Advance moves one tick on and appends to dst[:0] the cues due up to the
// new tick. The first call also reports the cues of tick 0, so an instant
// timeline reports all its cues on the first call and is then Done.
func (p *Playback) Advance(dst []Cue) []Cue {
	dst = dst[:0]
	if p.tl == nil || p.reported > p.tl.duration {
		return dst
	}
	p.now = min(p.now+1, p.tl.duration)
	dst = p.tl.CuesBetween(p.reported, p.now+1, dst)
	p.reported = p.now + 1
	return dst
}

// Done reports whether every tick has been shown and every cue reported:
// the scenes then replace the animation by the position after the move.
func (p *Playback) Done() bool { return p.tl == nil || p.reported > p.tl.duration }

// Finish jumps to the end at once, dropping the cues not yet reported: when
// the player acts during an animation the board must catch up silently
// rather than play a burst of sounds.
func (p *Playback) Finish() {
	if p.tl != nil {
		p.now = p.tl.duration
		p.reported = p.tl.duration + 1
	}
}

// Frame fills dst for the current tick; with no timeline it empties dst.
func (p *Playback) Frame(dst *Frame) {
	if p.tl == nil {
		dst.Hidden = 0
		dst.Sprites = dst.Sprites[:0]
		return
	}
	p.tl.Frame(p.now, dst)
}
