package anim

import (
	"math"
	"sort"

	"bashni/rules"
)

// maxSprites bounds a frame: the mover, and for every jumped column its
// remainder and its captured disc.
const maxSprites = 1 + 2*rules.MaxCaptures

// maxCues bounds the cues of one move: per capture a lift, a hop, a tuck and
// a freed column, plus a promotion and the end.
const maxCues = 4*rules.MaxCaptures + 2

// segment is one flight of the mover: a capture hop (arc) or a quiet slide
// (apex 0). Times are in ticks, fractional so that rounding never adds up.
type segment struct {
	from, to   rules.Square
	start, end float64
	apex       float64
}

// capture is the schedule of one jumped column.
type capture struct {
	sq          rules.Square
	before      rules.Column // the column as it stood
	rest        rules.Column // what stays on the square
	top         rules.Piece  // the captured disc
	freed       bool         // rest is not empty and has the other owner
	liftStart   float64      // the mover passes over the square
	liftEnd     float64
	base, hover float64 // lift of the top disc at rest and hovering
	tuckStart   float64
	tuckEnd     float64
}

// Timeline is the animation of one move. Build it with NewMoveTimeline; it
// never changes afterwards, so one Timeline may be queried for any tick in
// any order.
type Timeline struct {
	to          rules.Square
	mover       rules.Column // the moving column before the move
	crowned     rules.Column // the same with its top crowned (== mover if no promotion)
	final       rules.Column // the mover's column after the move
	segs        [rules.MaxCaptures]segment
	nsegs       int
	caps        [rules.MaxCaptures]capture
	ncaps       int
	crownStart  float64 // -1: no promotion
	crownEnd    float64
	flipTime    float64 // length of a flip, in ticks
	hidden      uint64
	total       float64 // length in fractional ticks
	duration    int
	cues        [maxCues]Cue
	cueTime     [maxCues]float64
	ncues       int
	transferred bool // Lasca: each captured disc is tucked right after its hop
}

// NewMoveTimeline builds the animation of the legal move m played in
// position before. before is only read (and not kept).
func NewMoveTimeline(before *rules.Position, m rules.Move, opts Options) *Timeline {
	tl := &Timeline{crownStart: -1}
	if m.IsZero() {
		tl.addCue(CueMoveEnd, 0, rules.NoSquare, 0)
		tl.finish()
		return tl
	}
	speed := opts.Speed
	if !(speed > 0) || math.IsInf(speed, 0) {
		speed = 1
	}
	tps := opts.TPS
	if tps <= 0 {
		tps = DefaultTPS
	}
	// ticks turns seconds at speed 1 into ticks of this timeline; instant
	// timelines keep the whole schedule (and so the order of cues) but at
	// length zero.
	ticks := func(sec float64) float64 {
		if opts.Instant {
			return 0
		}
		return sec * float64(tps) / speed
	}

	after := before.Play(m)
	from := m.From()
	tl.to = m.To()
	tl.mover = before.Column(from)
	tl.crowned = tl.mover
	if m.IsPromotion() {
		tl.crowned = crownTop(tl.mover)
	}
	tl.final = after.Column(tl.to)
	tl.flipTime = ticks(FlipSeconds)
	tl.transferred = before.Variant() == rules.Lasca
	tl.hidden = bit(from) | bit(tl.to)
	promo := m.PromotionIndex()

	t := 0.0
	crownAt := func(sq rules.Square) {
		tl.crownStart = t
		tl.addCue(CuePromotion, t, sq, 0)
		t += ticks(CrownSeconds)
		tl.crownEnd = t
	}

	if !m.IsCapture() {
		steps := diagSteps(from, tl.to)
		d := ticks(SlideSeconds + SlideExtraSeconds*float64(steps-1))
		tl.segs[0] = segment{from: from, to: tl.to, start: 0, end: d}
		tl.nsegs = 1
		t = d
		if promo >= 0 {
			crownAt(tl.to)
		}
		tl.total = t
		tl.addCue(CueMoveEnd, t, tl.to, 0)
		tl.finish()
		return tl
	}

	lastLift := 0.0
	for k := 0; k < m.CaptureCount(); k++ {
		a, b, j := m.PathAt(k), m.PathAt(k+1), m.CapturedAt(k)
		steps := diagSteps(a, b)
		d := ticks(HopSeconds + HopExtraSeconds*float64(steps-2))
		c := &tl.caps[k]
		c.sq = j
		c.before = before.Column(j)
		c.top = c.before.Top()
		c.rest = c.before.WithoutTop()
		c.freed = !c.rest.IsEmpty() && c.rest.Owner() != c.before.Owner()
		tl.hidden |= bit(j)
		c.base = float64(visualHeight(c.before.Height())-1) * DiscHeight
		c.hover = c.base + hoverGap

		// The top lifts when the mover is right above it: at the time the
		// eased horizontal progress reaches the jumped square.
		f := float64(diagSteps(a, j)) / float64(steps)
		top := float64(visualHeight(c.before.Height())) * DiscHeight
		tl.segs[k] = segment{from: a, to: b, start: t, end: t + d, apex: arcApex(steps, f, top)}
		c.liftStart = t + d*invEaseInOut(f)
		c.liftEnd = c.liftStart + ticks(LiftSeconds)
		lastLift = math.Max(lastLift, c.liftEnd)
		tl.addCue(CueCapture, c.liftStart, j, k)
		t += d
		tl.addCue(CueHop, t, b, k)
		if tl.transferred {
			// Lasca: the top goes under at once, before the next hop.
			t = math.Max(t, c.liftEnd) + ticks(HoldSeconds)
			tl.tuck(c, k, &t, ticks(TuckSeconds))
		}
		if promo == k+1 {
			crownAt(b)
		}
	}
	tl.nsegs = m.CaptureCount()
	tl.ncaps = m.CaptureCount()

	if !tl.transferred {
		// Bashni, Turkish strike: the captured tops hover until the move is
		// over, then go under in capture order.
		t = math.Max(t, lastLift) + ticks(HoldSeconds)
		for k := 0; k < tl.ncaps; k++ {
			tl.tuck(&tl.caps[k], k, &t, ticks(TuckSeconds))
		}
	}
	for k := 0; k < tl.ncaps; k++ {
		if tl.caps[k].freed {
			t = math.Max(t, tl.caps[k].tuckStart+tl.flipTime)
		}
	}
	tl.total = t
	tl.addCue(CueMoveEnd, t, tl.to, 0)
	tl.finish()
	return tl
}

// tuck schedules the slide of c's top under the mover from *t on; the
// jumped column changes hands (and flips) as its top leaves it.
func (tl *Timeline) tuck(c *capture, k int, t *float64, d float64) {
	c.tuckStart = *t
	if c.freed {
		tl.addCue(CueFreed, *t, c.sq, k)
	}
	*t += d
	c.tuckEnd = *t
	tl.addCue(CueTuck, *t, c.sq, k)
}

func (tl *Timeline) addCue(k CueKind, at float64, sq rules.Square, index int) {
	tl.cues[tl.ncues] = Cue{Kind: k, Square: sq, Index: index}
	tl.cueTime[tl.ncues] = at
	tl.ncues++
}

// finish fixes the duration and puts the cues in time order. Cue ticks are
// rounded down so that a cue never comes later than the motion it marks; the
// end cue is exactly at the Duration.
func (tl *Timeline) finish() {
	tl.duration = int(math.Ceil(tl.total - 1e-9))
	if tl.duration < 0 {
		tl.duration = 0
	}
	idx := make([]int, tl.ncues)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return tl.cueTime[idx[a]] < tl.cueTime[idx[b]] })
	var sorted [maxCues]Cue
	for i, j := range idx {
		c := tl.cues[j]
		c.Tick = int(math.Floor(tl.cueTime[j] + 1e-9))
		if c.Kind == CueMoveEnd {
			c.Tick = tl.duration
		}
		c.Tick = min(c.Tick, tl.duration)
		sorted[i] = c
	}
	tl.cues = sorted
}

// Duration is the length of the timeline in ticks: Frame shows the final
// state from this tick on. It is 0 for an instant timeline.
func (tl *Timeline) Duration() int { return tl.duration }

// Done reports whether the animation is over at tick t. To skip the rest of
// an animation (the player acted), jump to tick Duration().
func (tl *Timeline) Done(t int) bool { return t >= tl.duration }

// Cues returns every cue in time order. The slice is the timeline's own:
// read it, do not change it.
func (tl *Timeline) Cues() []Cue { return tl.cues[:tl.ncues] }

// CuesBetween appends to dst[:0] the cues with fromTick <= Tick < toTick, in
// time order. Polling consecutive half-open intervals reports every cue
// exactly once.
func (tl *Timeline) CuesBetween(fromTick, toTick int, dst []Cue) []Cue {
	dst = dst[:0]
	for _, c := range tl.cues[:tl.ncues] {
		if c.Tick >= fromTick && c.Tick < toTick {
			dst = append(dst, c)
		}
	}
	return dst
}

// Frame fills dst with what to draw at tick t (clamped to 0…Duration).
// It allocates nothing once dst has been filled once.
func (tl *Timeline) Frame(t int, dst *Frame) {
	if cap(dst.Sprites) < maxSprites {
		dst.Sprites = make([]Sprite, 0, maxSprites)
	}
	dst.Sprites = dst.Sprites[:0]
	dst.Hidden = tl.hidden
	if t >= tl.duration {
		tl.finalFrame(dst)
		return
	}
	now := math.Max(0, float64(t))

	// Jumped columns, in place: whole until the top lifts.
	for k := 0; k < tl.ncaps; k++ {
		c := &tl.caps[k]
		s := rest(c.sq, c.before)
		if now >= c.liftStart {
			s.Column = c.rest
			if c.freed && now >= c.tuckStart && now < c.tuckStart+tl.flipTime && tl.flipTime > 0 {
				s.Flip = (now - c.tuckStart) / tl.flipTime
			}
		}
		if !s.Column.IsEmpty() {
			dst.Sprites = append(dst.Sprites, s)
		}
	}

	// Captured discs, hovering or sliding under the mover.
	tuckLift := 0.0 // how far the mover is raised to let a disc in
	tucked := 0     // discs already under the mover, in capture order
	toX, toY := centre(tl.to)
	for k := 0; k < tl.ncaps; k++ {
		c := &tl.caps[k]
		if now < c.liftStart {
			continue
		}
		if now >= c.tuckEnd {
			tucked++
			continue
		}
		x, y := centre(c.sq)
		s := Sprite{Role: Captured, Disc: true, Piece: c.top, Home: c.sq, X: x, Y: y, Alpha: 1, Crown: 1}
		if now < c.tuckStart {
			u := progress(now, c.liftStart, c.liftEnd)
			s.Lift = c.base + (c.hover-c.base)*easeOut(u)
			s.Alpha = 1 - (1-hoverAlpha)*u
		} else {
			u := easeInOut(progress(now, c.tuckStart, c.tuckEnd))
			s.X, s.Y = lerp(x, toX, u), lerp(y, toY, u)
			s.Lift = c.hover * (1 - u)
			s.Alpha = hoverAlpha + (1-hoverAlpha)*u
			if visualHeight(tl.mover.Height()+tucked) < MaxVisibleDiscs {
				tuckLift = DiscHeight * u
			}
		}
		s.Scale = 1 + liftScale*s.Lift
		dst.Sprites = append(dst.Sprites, s)
	}

	// The mover, last: it flies over everything else.
	m := Sprite{Role: Mover, Column: tl.mover, Home: tl.segs[0].from, Alpha: 1, Crown: 1}
	if tl.crownStart >= 0 && now >= tl.crownStart {
		m.Column = tl.crowned
		if tl.crownEnd > tl.crownStart {
			m.Crown = easeOut(progress(now, tl.crownStart, tl.crownEnd))
		}
	}
	for k := 0; k < tucked; k++ {
		m.Column = m.Column.WithBottom(tl.caps[k].top)
	}
	m.X, m.Y, m.Lift = tl.moverAt(now)
	m.Lift += tuckLift
	m.Scale = 1 + liftScale*m.Lift
	dst.Sprites = append(dst.Sprites, m)
}

// moverAt is the mover's base position at time now.
func (tl *Timeline) moverAt(now float64) (x, y, lift float64) {
	for i := 0; i < tl.nsegs; i++ {
		s := &tl.segs[i]
		if now >= s.end {
			continue
		}
		ax, ay := centre(s.from)
		if now <= s.start {
			return ax, ay, 0
		}
		bx, by := centre(s.to)
		u := easeInOut(progress(now, s.start, s.end))
		return lerp(ax, bx, u), lerp(ay, by, u), s.apex * 4 * u * (1 - u)
	}
	x, y = centre(tl.to)
	return x, y, 0
}

// finalFrame draws the position after the move with sprites at rest, so the
// last frame of the animation and the static board that replaces it agree.
func (tl *Timeline) finalFrame(dst *Frame) {
	for k := 0; k < tl.ncaps; k++ {
		if c := &tl.caps[k]; !c.rest.IsEmpty() {
			dst.Sprites = append(dst.Sprites, rest(c.sq, c.rest))
		}
	}
	if tl.nsegs == 0 {
		return
	}
	x, y := centre(tl.to)
	dst.Sprites = append(dst.Sprites, Sprite{Role: Mover, Column: tl.final, Home: tl.segs[0].from,
		X: x, Y: y, Scale: 1, Alpha: 1, Crown: 1})
}

// rest is a jumped column standing on its square.
func rest(sq rules.Square, c rules.Column) Sprite {
	x, y := centre(sq)
	return Sprite{Role: Jumped, Column: c, Home: sq, X: x, Y: y, Scale: 1, Alpha: 1, Crown: 1}
}

// arcApex is the top of a hop's arc: proportional to the hop's length, but
// high enough to clear the jumped column (whose top is at height top, at
// fraction f of the way) even on a long, low flying hop.
func arcApex(steps int, f, top float64) float64 {
	apex := math.Min(maxArc, arcPerSquare*float64(steps)*math.Sqrt2)
	// The arc's height at horizontal fraction f is apex·4f(1−f).
	need := (top + arcClearance) / (4 * f * (1 - f))
	return math.Max(apex, need)
}

// crownTop returns c with its top piece crowned.
func crownTop(c rules.Column) rules.Column {
	p := c.Pieces()
	p[0] = p[0].Crowned()
	return rules.ColumnOf(p...)
}

// visualHeight is how many discs high a column of h pieces is drawn.
func visualHeight(h int) int { return min(h, MaxVisibleDiscs) }

func diagSteps(a, b rules.Square) int {
	d := a.File() - b.File()
	if d < 0 {
		d = -d
	}
	return d
}

func bit(sq rules.Square) uint64 { return 1 << uint(sq) }

// centre is the board position of the centre of sq.
func centre(sq rules.Square) (x, y float64) {
	return float64(sq.File()) + 0.5, float64(sq.Rank()) + 0.5
}

func lerp(a, b, u float64) float64 { return a + (b-a)*u }

// progress is how far now is from start to end, in 0…1.
func progress(now, start, end float64) float64 {
	if end <= start {
		return 1
	}
	return math.Max(0, math.Min(1, (now-start)/(end-start)))
}

// easeInOut is the sine ease: slow start, slow landing, as a hand moves a
// piece.
func easeInOut(u float64) float64 { return (1 - math.Cos(math.Pi*u)) / 2 }

// invEaseInOut returns the u at which easeInOut reaches s.
func invEaseInOut(s float64) float64 { return math.Acos(1-2*s) / math.Pi }

// easeOut decelerates: a lifted disc floats up and settles.
func easeOut(u float64) float64 { return 1 - (1-u)*(1-u) }
