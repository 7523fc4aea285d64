// Package board is the interactive board every screen shares — play,
// replay, the rules pages, the editor and the title's background game: it
// draws a position with its columns, highlights and move animations, opens
// the column inspector, and turns taps, drags and hop-by-hop entry into
// moves.
//
// It knows no rules of its own (as lichess's board knows no chess rules):
// a screen gives it the position to show (Show), the legal moves a person
// may enter (Accept) and the moves to animate (Animate, Queue), and it
// reports the move chosen (Update's Result). Whose turn it is and what a
// move does to the game are the session's business.
//
// Draw is two layers (draw.go): a static one — the board, its
// coordinates, the last move's and the hint's marks and, when nothing goes
// under them, the columns at rest — and a moving one on top of it.
package board

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/audio"
	"bashni/rules"
	"bashni/scenes/anim"
	"bashni/scenes/input"
	"bashni/sprites"
)

// Rect is a rectangle in physical pixels.
type Rect = sprites.Rect

// Host is what the board needs from its screen: a redraw when something
// changed, and the sounds of moves and of the move entry.
type Host interface {
	Invalidate()
	Play(e audio.Effect)
}

// Board is the interactive board of one screen.
type Board struct {
	host   Host
	r      *sprites.Renderer
	g      sprites.Geometry
	coords bool
	bounds Rect // where the inspector may go (the screen)

	// What is shown at rest (and, during an animation, the position the
	// running move starts from).
	pos  *rules.Position
	last rules.Move // the last move's marks (zero: none)
	hint rules.Move
	// hintLine is the line the engine expects after the hint (the reply,
	// the hinting side's next move, and on as far as it sees, up to
	// sprites.MaxLineRoutes plies in all), drawn numbered and fainter as
	// it goes; cleared with the hint. An array, so that the static
	// layer's key can hold it.
	hintLine hintLine
	// hintNums are the numbers drawn on the line's plies (the record's
	// move numbers, SetHintNumbers); zero: 1, 2, 3, … in the line's order.
	hintNums hintNums
	pointed  uint64 // squares the screen points out (Highlight)

	// Marks of the move entry.
	selected rules.Square
	hover    rules.Square
	inspect  rules.Square
	movable  uint64 // squares whose column can move
	capture  bool   // the movable columns must capture
	dests    uint64 // legal next landing squares
	jumped   uint64 // columns jumped by the capture being entered
	entered  []rules.Square
	phase    float64 // the must-capture pulse, 0–1
	showAll  bool
	hideTop  [64]int8
	flyers   []flyer

	// The animation: the move running and those queued after it.
	anim   *moveAnim
	queue  []queued
	cueBuf []audio.Effect
	frame  *anim.Frame

	// The move entry: the legal moves of entryPos a person may enter.
	entry    *input.MoveEntry
	entryPos *rules.Position // nil: the board takes no moves
	dragging bool
	dragX    float64
	dragY    float64
	hoverSq  rules.Square

	inspector inspectorGestures
	keys      keyCursor   // the keyboard's cursor (keys.go)
	fade      landingFade // reduced motion: the landing square fades (motion.go)

	// Options, set by the screen.

	// Interactive: the board shows the game as it stands, so a tap or a
	// drag finishes a running animation and enters moves (when Accept gave
	// some). A board that shows something else (a replay, an earlier
	// position) reports taps instead (Result.Tapped).
	Interactive bool
	// AllowTap: tap-tap entry (the settings may allow drags only; a tap
	// then still completes what a drag began).
	AllowTap bool
	// ShowDestinations: dots where the selected column can go.
	ShowDestinations bool
	// HoverOverLongPress lets a resting mouse move an inspector opened by
	// a long press to its own column (the replay screen).
	HoverOverLongPress bool

	// Partial: the screen draws nothing over the board (but what the board
	// draws itself), so the board may redraw only what moves in a frame
	// where nothing else changed, through its cached static layer
	// (layers.go). Backdrop is the opaque colour under the board's rounded
	// frame; Partial needs it.
	Partial  bool
	Backdrop color.NRGBA
	cache    layers
	pulse    pulseCache

	items    []drawItem
	routeBuf []sprites.Point
	candBuf  []rules.Move
	preview  previews
	squash   *ebiten.Image
}

// New makes a board drawn by r for host.
func New(r *sprites.Renderer, host Host) *Board {
	b := &Board{host: host, r: r, selected: rules.NoSquare, hover: rules.NoSquare, inspect: rules.NoSquare,
		hoverSq: rules.NoSquare, entry: input.NewMoveEntry(nil), AllowTap: true, ShowDestinations: true}
	b.inspector.board = b
	return b
}

// Layout places the board: its geometry, whether it shows coordinates, and
// the rectangle the inspector stays in.
//
// An open inspector closes: the board is laid out when its screen is shown
// again (back from the rules, the settings) and when the window changes,
// and an inspector left from before would no longer follow the pointer.
func (b *Board) Layout(g sprites.Geometry, coords bool, bounds Rect) {
	b.g, b.coords, b.bounds = g, coords, bounds
	b.inspect = rules.NoSquare
	b.inspector.reset()
	if b.anim != nil {
		b.anim.apply(b)
	}
	b.invalidate()
}

// Geometry is where the board is.
func (b *Board) Geometry() sprites.Geometry { return b.g }

// Renderer draws the board's art.
func (b *Board) Renderer() *sprites.Renderer { return b.r }

// Position is the position shown at rest (or, during an animation, the
// position the running move starts from).
func (b *Board) Position() *rules.Position { return b.pos }

// Inspecting is the square whose column inspector is open (rules.NoSquare:
// none).
func (b *Board) Inspecting() rules.Square { return b.inspect }

// Inspect opens the inspector of sq (rules.NoSquare closes it), for screens
// that handle the gestures themselves (the editor).
func (b *Board) Inspect(sq rules.Square) {
	if b.inspect != sq {
		b.inspect = sq
		b.invalidate()
	}
}

// SetShowAll shows every column's composition (Space held).
func (b *Board) SetShowAll(on bool) {
	if b.showAll != on {
		b.showAll = on
		b.invalidate()
	}
}

// SetHint marks a suggested move (zero: none).
func (b *Board) SetHint(mv rules.Move) {
	if b.hint != mv || b.hintLine != (hintLine{}) {
		b.hint, b.hintLine, b.hintNums = mv, hintLine{}, hintNums{}
		b.invalidate()
	}
}

// hintLine is the line after a hint (zero moves: none).
type hintLine [sprites.MaxLineRoutes - 1]rules.Move

// hintNums are the numbers of a hint line's plies, the hint's first.
type hintNums [sprites.MaxLineRoutes]int

// SetHintNumbers numbers the plies of the hint's line (the hint first)
// as the words and the move list do: by the record's move numbers, so
// that "wins two back by move 13" points at the arrows marked 13 (White's
// and Black's move of a number share it; the colours tell them apart).
// Nil numbers them 1, 2, 3, … Set it after SetHintLine.
func (b *Board) SetHintNumbers(nums []int) {
	var n hintNums
	copy(n[:], nums)
	if b.hintNums != n {
		b.hintNums = n
		b.invalidate()
	}
}

// SetHintLine marks a suggested move and the line the engine expects
// after it (line[0] is the hint itself): every ply is drawn as an arrow
// with its number on the square it goes to (1 the hint, 2 the reply, …),
// up to sprites.MaxLineRoutes plies (the rest is left out). Like SetHint
// it goes when the board shows another position.
func (b *Board) SetHintLine(line []rules.Move) {
	var hint rules.Move
	var rest hintLine
	if len(line) > 0 {
		hint = line[0]
		copy(rest[:], line[1:])
	}
	if b.hint != hint || b.hintLine != rest {
		b.hint, b.hintLine, b.hintNums = hint, rest, hintNums{}
		b.invalidate()
	}
}

// HintLine is the hinted move and the expected line after it as drawn
// (none: empty), for tests and screen readers.
func (b *Board) HintLine() []rules.Move {
	if b.hint.IsZero() {
		return nil
	}
	out := []rules.Move{b.hint}
	for _, m := range b.hintLine {
		if m.IsZero() {
			break
		}
		out = append(out, m)
	}
	return out
}

// Highlight points out squares (a lesson's why, a puzzle's key squares)
// until the board shows another position; none clears them.
func (b *Board) Highlight(squares ...rules.Square) {
	b.pointed = 0
	for _, sq := range squares {
		if sq >= 0 && sq < 64 {
			b.pointed |= bit(sq)
		}
	}
	b.invalidate()
}

// Show puts pos on the board at rest with the last move's marks (zero:
// none): a running animation stops silently, the selection and the hint go,
// an inspector a gesture opened is forgotten (a resting mouse opens it
// again).
func (b *Board) Show(pos *rules.Position, last rules.Move) {
	b.anim = nil
	b.queue = b.queue[:0]
	b.rest(pos, last)
}

// rest shows pos at rest after an animation or by Show.
func (b *Board) rest(pos *rules.Position, last rules.Move) {
	b.clearMarks()
	b.inspector.reset()
	b.pos, b.last = pos, last
	b.frame = nil
	b.dragging = false
	if b.entryPos != nil {
		b.entry.ResetWith(b.entryPos, b.entry.Legal())
	}
	b.refreshMarks()
	b.inspector.hover(false)
	b.invalidate()
}

// Accept lets a person enter one of legal, the legal moves of pos (none:
// the board takes no moves). The entry's marks show while the board rests
// on pos; during an animation towards pos a tap finishes it and is
// entered. Accept again after every move, and after a refused one.
func (b *Board) Accept(pos *rules.Position, legal []rules.Move) {
	b.dragging = false
	if len(legal) == 0 {
		b.entryPos = nil
		b.entry.Reset(nil)
	} else {
		b.entryPos = pos
		b.entry.ResetWith(pos, legal)
	}
	b.refreshMarks()
	b.invalidate()
}

// takingMoves reports whether a person is entering a move on the position
// shown.
func (b *Board) takingMoves() bool {
	return b.Interactive && b.anim == nil && b.entryPos != nil && b.pos != nil && b.entry.Selectable() != 0 &&
		(b.pos == b.entryPos || b.pos.Equal(b.entryPos))
}

// Selecting reports whether a column is selected or a capture is under
// way (Esc then cancels it).
func (b *Board) Selecting() bool { return b.takingMoves() && b.entry.Selected() != rules.NoSquare }

// MustCapture reports whether the moves a person may enter now are
// captures.
func (b *Board) MustCapture() bool { return b.takingMoves() && b.entry.MustCapture() }

// Tick keeps the must-capture pulse going.
func (b *Board) Tick(now int64) {
	if b.capture && b.movable != 0 {
		b.phase = float64(now%60) / 60
		b.invalidateMoving()
	}
}

// RestartPulse starts the must-capture pulse from its beginning (when the
// rule is being explained).
func (b *Board) RestartPulse() {
	b.phase = 0
	b.invalidate()
}

// clearMarks removes every highlight.
func (b *Board) clearMarks() {
	b.selected, b.hover, b.inspect = rules.NoSquare, rules.NoSquare, rules.NoSquare
	b.movable, b.dests, b.capture, b.jumped = 0, 0, false, 0
	b.entered = b.entered[:0]
	b.hint, b.hintLine, b.hintNums = rules.Move{}, hintLine{}, hintNums{}
	b.pointed = 0
	b.hideTop = [64]int8{}
	b.flyers = b.flyers[:0]
	b.preview.routes = b.preview.routes[:0]
}

// refreshMarks sets the highlights and the partial route from the move
// entry.
func (b *Board) refreshMarks() {
	b.movable, b.dests, b.capture = 0, 0, false
	b.selected = rules.NoSquare
	b.entered = b.entered[:0]
	b.jumped = 0
	b.hideTop = [64]int8{}
	b.flyers = b.flyers[:0]
	b.preview.routes = b.preview.routes[:0]
	if !b.takingMoves() {
		return
	}
	e := b.entry
	b.capture = e.MustCapture()
	sel := e.Selected()
	if sel == rules.NoSquare {
		b.movable = e.Selectable()
		return
	}
	b.selected = sel
	path := e.Path()
	if len(path) > 1 {
		b.entered = append(b.entered, path[1:]...)
		b.jumped = e.Jumped()
	}
	if b.capture {
		b.movable = bit(sel)
	}
	if b.ShowDestinations {
		b.dests = e.Targets()
	}
	b.setPreviews()
	// The column stands where its route has got to; a dragged one follows
	// the pointer.
	cur := e.Current()
	if cur != sel || b.dragging {
		c := b.pos.Column(sel)
		if b.crownedSoFar() {
			c |= 2 // the top is a king from the far rank on (rules.Piece)
		}
		b.hideTop[sel] = hideAll
		if b.dragging {
			cx, cy := b.g.SquareCenter(cur)
			b.flyers = append(b.flyers,
				flyer{kind: flyColumn, col: c, x: cx, y: cy, ghost: true},
				flyer{kind: flyColumn, col: c, x: b.dragX, y: b.dragY + b.g.Square*0.3, lift: b.g.Square * 0.3, scale: 1.08})
		} else {
			x, y := b.g.SquareCenter(cur)
			b.flyers = append(b.flyers, flyer{kind: flyColumn, col: c, x: x, y: y})
		}
	}
}

// SquareAt is the playable square under (x, y), if any.
func (b *Board) SquareAt(x, y float64) (rules.Square, bool) {
	sq, ok := b.g.SquareAt(x, y)
	if !ok || !b.g.Variant.Playable(sq) {
		return rules.NoSquare, false
	}
	return sq, true
}

func bit(sq rules.Square) uint64 { return 1 << uint(sq) }
