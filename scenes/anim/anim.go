// Package anim computes the animation of a move as a timeline: where every
// disc touched by the move is, tick by tick, and which sound or haptic cues
// fire when. It is plain Go (no Ebitengine) so that what the player sees can
// be tested without a window: the scenes turn a Frame into draw calls and
// Cues into sounds.
//
// The animation follows the game. A quiet move slides. A capture jumps hop by
// hop in arcs; as the capturer passes over a column, that column's top disc
// lifts and hovers above its square. In Bashni the captured discs stay there
// until the whole move is over (Turkish strike) and then slide under the
// capturer one by one in capture order; in Lasca each one slides under right
// after its hop, because there a captured top changes hands at once. A
// jumped column whose owner changes flips; a man crowned on the far rank gets
// a crown flourish, mid-capture in Bashni, and continues as a king.
//
// Coordinates are board coordinates in square units from White's side: the
// centre of square sq is (file+0.5, rank+0.5). Heights ("lift") are in square
// units above the board. The scenes map both to pixels and flip the board
// when Black is at the bottom.
//
// Time is in ticks. A Timeline is immutable once built and answers for any
// tick, so the scenes may jump to the end at once when the player acts during
// an animation (animations never swallow input); the board (package
// scenes/board) plays timelines tick by tick.
package anim

import "bashni/rules"

// DefaultTPS is the tick rate assumed when Options.TPS is zero: Ebitengine's
// default.
const DefaultTPS = 60

// Base durations in seconds at Speed 1. They are short on purpose: a
// player who has seen the move a hundred times must not wait for it, and a
// long capture still reads clearly because every hop has its own arc.
const (
	// SlideSeconds is a quiet move of one diagonal step.
	SlideSeconds = 0.25
	// SlideExtraSeconds is added for each further step of a king's slide,
	// so that long slides are not a blur.
	SlideExtraSeconds = 0.04
	// HopSeconds is a capture hop over two diagonal steps (a man's jump).
	HopSeconds = 0.30
	// HopExtraSeconds is added for each further step of a flying king's hop.
	HopExtraSeconds = 0.05
	// LiftSeconds is the rise of a captured top disc to its hover height.
	LiftSeconds = 0.15
	// HoldSeconds is the beat between the last lift and the first slide
	// under the capturer: the player sees what was taken before it goes.
	HoldSeconds = 0.10
	// TuckSeconds is the slide of one captured disc under the capturer.
	TuckSeconds = 0.12
	// FlipSeconds is the flip of a jumped column that changes owner.
	FlipSeconds = 0.30
	// CrownSeconds is the crown flourish of a promotion. A capture that goes
	// on after the crowning waits for it, so the player sees the man become
	// a king before it flies.
	CrownSeconds = 0.35
)

// Shapes of the motion, in square units.
const (
	// DiscHeight is the thickness of one disc in square units. It matches
	// the rim of the sprites package (0.115 of a square) so that lifted and
	// tucked discs line up with the drawn stacks.
	DiscHeight = 0.115
	// MaxVisibleDiscs is the tallest column drawn disc by disc
	// (sprites.MaxFullColumn); taller ones are drawn compressed to this
	// height, so the visual height of a column never exceeds it.
	MaxVisibleDiscs = 5

	arcPerSquare = 0.22 // apex of a hop per square of hop length
	maxArc       = 1.2  // long flying hops would otherwise leave the board
	arcClearance = 0.15 // least gap between the mover and a jumped column's top
	hoverGap     = 0.35 // how far a captured disc rises above where it lay
	hoverAlpha   = 0.8  // captured discs hover slightly faded: they are taken
	liftScale    = 0.12 // scale grows with lift, a cheap sense of height
)

// Options tune a timeline.
type Options struct {
	// Speed multiplies the pace: 2 plays twice as fast (half the duration).
	// Zero, negative or NaN means 1.
	Speed float64
	// Instant is the reduced-motion setting: the timeline has zero length,
	// Frame shows the final state at once, and every cue fires at tick 0.
	Instant bool
	// TPS is the tick rate; zero means DefaultTPS.
	TPS int
}

// Role tells the scenes what a sprite stands for, e.g. to draw a shadow
// under the mover only.
type Role uint8

const (
	// Mover is the moving column.
	Mover Role = iota
	// Jumped is a column that is (or was) jumped, drawn in place: whole
	// until its top disc lifts, then what remains under it.
	Jumped
	// Captured is a single captured top disc, hovering or sliding under
	// the mover.
	Captured
)

// String names the role, for test failures and debugging.
func (r Role) String() string {
	switch r {
	case Mover:
		return "mover"
	case Jumped:
		return "jumped"
	case Captured:
		return "captured"
	}
	return "role?"
}

// Sprite is one thing the scenes draw over the board for the current tick.
type Sprite struct {
	// Role says what the sprite is; Disc tells the two drawing forms apart:
	// a single disc (Piece) or a whole column (Column).
	Role Role
	// Disc is true for a single disc (Piece is set), false for a column
	// (Column is set).
	Disc   bool
	Column rules.Column // the column drawn, when Disc is false
	Piece  rules.Piece  // the disc drawn, when Disc is true
	// Home is the square the sprite started on: the origin for the mover,
	// the jumped square for a jumped column and its captured disc.
	Home rules.Square
	// X, Y are the board position of the sprite's base centre, in squares
	// from White's side (the centre of a1 is 0.5, 0.5).
	X, Y float64
	// Lift is the height of the sprite's base above the board, in squares.
	Lift float64
	// Scale and Alpha are drawing factors, 1 at rest.
	Scale, Alpha float64
	// Flip is the progress of an owner-change flip, 0 when not flipping;
	// drawn, say, as a horizontal squash |cos(π·Flip)|, which is the
	// identity at both ends.
	Flip float64
	// Crown is how much of the top disc's crown is shown: 1 for every
	// sprite except the mover while it is being crowned, when it runs from 0
	// to 1. It only matters when the top piece is a king.
	Crown float64
}

// Frame is what to draw at one tick: the squares whose static columns the
// scenes must not draw, and the sprites that replace them. Reuse one Frame
// across ticks: Timeline.Frame refills it without allocating.
//
// Hidden covers every square whose column differs between the position
// before and after the move (origin, destination, jumped squares), and only
// those, so the scenes may draw the other squares' static columns from
// either position.
type Frame struct {
	// Hidden is a bitboard (bit i = rules.Square i) of the squares whose
	// static columns are not drawn.
	Hidden uint64
	// Sprites in drawing order for sprites at the same depth: jumped
	// columns, then captured discs, then the mover. The scenes should draw
	// static columns and sprites together back to front by the screen y of
	// their base (painter's order), keeping this order for ties, so that a
	// tall column in front still hides what is behind it.
	Sprites []Sprite
}

// CueKind is the kind of a sound or feedback event.
type CueKind uint8

const (
	// CueCapture fires when a jumped column's top disc lifts.
	CueCapture CueKind = iota + 1
	// CueHop fires when the capturer lands after a hop.
	CueHop
	// CuePromotion fires when the crown flourish starts.
	CuePromotion
	// CueFreed fires when a jumped column changes owner (its prisoners are
	// freed) and starts to flip; only for columns whose owner changes.
	CueFreed
	// CueTuck fires when a captured disc comes to rest under the capturer.
	CueTuck
	// CueMoveEnd fires once, at the last tick (the Duration).
	CueMoveEnd
)

// String names the cue kind.
func (k CueKind) String() string {
	switch k {
	case CueCapture:
		return "capture"
	case CueHop:
		return "hop"
	case CuePromotion:
		return "promotion"
	case CueFreed:
		return "freed"
	case CueTuck:
		return "tuck"
	case CueMoveEnd:
		return "end"
	}
	return "cue?"
}

// Cue is a sound or feedback event of a timeline.
type Cue struct {
	Kind CueKind // what happens
	Tick int     // when, in ticks from the start of the timeline
	// Square is where it happens: the jumped square for CueCapture,
	// CueFreed and CueTuck, the landing square for CueHop, CuePromotion and
	// CueMoveEnd.
	Square rules.Square
	// Index is the hop index (CueHop, 0-based) or the capture index
	// (CueCapture, CueFreed, CueTuck); 0 otherwise.
	Index int
}
