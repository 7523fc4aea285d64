package scenes

import (
	"math"

	"bashni/audio"
	"bashni/rules"
)

// TEMPORARY: a minimal slide animation until scenes/anim's timelines land;
// it will be replaced by them.

type tmpAnim struct {
	before, after *rules.Position
	move          rules.Move
	hopTicks      int
}

func newTmpAnim(before *rules.Position, m rules.Move, speed float64) *tmpAnim {
	ht := int(math.Round(12 / math.Max(0.25, speed)))
	return &tmpAnim{before: before, after: before.Play(m), move: m, hopTicks: max(2, ht)}
}

func (a *tmpAnim) Duration() int { return a.hopTicks * (a.move.PathLen() - 1) }

// Apply puts the frame at tick t into b; it reports whether the animation is
// over (b then shows the position after the move).
func (a *tmpAnim) Apply(t int, b *boardView) bool {
	b.hideTop = [64]int8{}
	b.flyers = b.flyers[:0]
	if t >= a.Duration() {
		b.pos = a.after
		return true
	}
	b.pos = a.before
	b.hideTop[a.move.From()] = hideAll
	hop := t / a.hopTicks
	u := float64(t%a.hopTicks) / float64(a.hopTicks)
	u = u * u * (3 - 2*u)
	x0, y0 := b.g.SquareCenter(a.move.PathAt(hop))
	x1, y1 := b.g.SquareCenter(a.move.PathAt(hop + 1))
	lift := 0.0
	if a.move.IsCapture() {
		lift = math.Sin(u*math.Pi) * b.g.Square * 0.6
	}
	b.flyers = append(b.flyers, flyer{kind: flyColumn, col: a.before.Column(a.move.From()),
		x: x0 + (x1-x0)*u, y: y0 + (y1-y0)*u, lift: lift})
	return false
}

// Cues returns the sounds due at tick t.
func (a *tmpAnim) Cues(t int, dst []audio.Effect) []audio.Effect {
	if a.move.IsCapture() {
		if t > 0 && t%a.hopTicks == 0 && t/a.hopTicks <= a.move.CaptureCount() {
			dst = append(dst, audio.Capture)
		}
	} else if t == a.Duration() {
		dst = append(dst, audio.Move)
	}
	if t == a.Duration() {
		for i := 0; i < a.move.CaptureCount(); i++ {
			sq := a.move.CapturedAt(i)
			bc, ac := a.before.Column(sq), a.after.Column(sq)
			if !ac.IsEmpty() && ac.Owner() != bc.Owner() {
				dst = append(dst, audio.ColumnFreed)
				break
			}
		}
		if a.move.IsPromotion() {
			dst = append(dst, audio.Promotion)
		}
	}
	return dst
}
