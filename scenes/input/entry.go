package input

import "bashni/rules"

// Outcome is what a MoveEntry call did.
type Outcome uint8

const (
	// Ignored: nothing changed (a tap on nothing, a drop where the drag
	// began, a call after the move was completed).
	Ignored Outcome = iota
	// Selected: a column is now selected (or, for Grab, in hand); any
	// partial route of another column was dropped.
	Selected
	// Extended: the route grew by one or more landings and is not finished;
	// Path shows it, Targets the next landings.
	Extended
	// Completed: the move is entered (Result.Move); the entry is done.
	Completed
	// Rejected: the square is not allowed; Reason says why. The selection
	// and the route so far are kept.
	Rejected
	// Cancelled: the selection and any partial route were dropped.
	Cancelled
)

// String names the outcome.
func (o Outcome) String() string {
	switch o {
	case Ignored:
		return "ignored"
	case Selected:
		return "selected"
	case Extended:
		return "extended"
	case Completed:
		return "completed"
	case Rejected:
		return "rejected"
	case Cancelled:
		return "cancelled"
	}
	return "outcome?"
}

// Reason explains a Rejected (or a Cancelled) outcome, so the scenes can
// show a message and play the hint sound.
type Reason uint8

const (
	// NoReason: the outcome needs none.
	NoReason Reason = iota
	// NotATarget: no route of the selected column lands there.
	NotATarget
	// CaptureCompulsory: the player tried to move a column that cannot
	// capture, or to make a quiet move, while a capture exists. The scenes
	// explain the rule (once) and highlight the columns that can capture.
	CaptureCompulsory
	// MustContinue: a flying king tried to land, after a jump, on a square
	// from which the capture cannot go on while another landing lets it go
	// on (RULES.md Bashni rule 10).
	MustContinue
	// Ambiguous: the square lies further along more than one route, by
	// different ways; the player must tap the landings in between.
	Ambiguous
	// CannotMove: the player's own column has no move (blocked).
	CannotMove
	// NotSelectable: an empty square or an opponent's column.
	NotSelectable
)

// String names the reason.
func (r Reason) String() string {
	switch r {
	case NoReason:
		return "none"
	case NotATarget:
		return "not a target"
	case CaptureCompulsory:
		return "capture is compulsory"
	case MustContinue:
		return "the capture must continue"
	case Ambiguous:
		return "ambiguous"
	case CannotMove:
		return "cannot move"
	case NotSelectable:
		return "not selectable"
	}
	return "reason?"
}

// Result is what a MoveEntry call did.
type Result struct {
	Outcome Outcome // what happened
	Reason  Reason  // why, for Rejected and some Cancelled outcomes
	// Square is the square the call was about.
	Square rules.Square
	// Move is the entered move when Outcome is Completed.
	Move rules.Move
}

// maxPath bounds a route: the origin and one landing per capture.
const maxPath = rules.MaxCaptures + 1

// MoveEntry is the move-entry state machine over the legal moves of one
// position. The player selects a column, then enters the route one landing
// at a time (tap-tap or drag-and-drop); as soon as only one legal route is
// consistent with what was entered, the move is completed.
//
// Squares on a route. A route is the origin followed by every landing.
// After each landing the next targets are the next landings of every
// consistent route. Bashni routes may come back to a square they crossed,
// even to the origin (Turkish strike, RULES.md rule 13), so:
//
//   - a square that is a next target is always taken as that landing, even
//     when it is the origin: in W:We3:Bd4,f4,d6,f6 the route e3:g5:e7:c5:e3
//     ends on its origin;
//   - otherwise a tap on the origin cancels (with no landing entered yet it
//     deselects; mid-capture it drops the route), which is what the player
//     means by putting the column back;
//   - otherwise a square further along the consistent routes jumps ahead
//     if every such route reaches it the same way (the landings in between
//     are then filled in); if routes reach it by different ways it is
//     Ambiguous and the player taps the landings in between.
//
// A MoveEntry is for one position: after Completed every call is Ignored;
// call Reset for the next position.
type MoveEntry struct {
	legal       []rules.Move
	selectable  uint64
	mustCapture bool

	// Board facts, known only when built from a position: they turn a
	// plain "not a target" into a reason the player can learn from.
	board    bool
	variant  rules.Variant
	side     rules.Color
	own      uint64
	occupied uint64
	kings    uint64

	origin rules.Square // rules.NoSquare when nothing is selected
	path   [maxPath]rules.Square
	npath  int
	cands  []int // indexes in legal of the routes consistent with path
	spare  []int // scratch for filtering cands

	done bool
	move rules.Move
}

// NewMoveEntry returns a move entry over legal, the legal moves of a
// position (the slice is copied). Without the position it cannot tell why
// a square is refused beyond "not a target"; prefer NewMoveEntryFor.
func NewMoveEntry(legal []rules.Move) *MoveEntry {
	e := &MoveEntry{}
	e.Reset(legal)
	return e
}

// NewMoveEntryFor returns a move entry over the legal moves of p, which also
// knows the board, so it can explain refusals: "capture is compulsory" when
// the player picks a column that cannot capture or tries a quiet move while
// a capture exists, "must continue" when a flying king stops short.
func NewMoveEntryFor(p *rules.Position) *MoveEntry {
	e := &MoveEntry{}
	e.ResetFor(p)
	return e
}

// Reset starts over with new legal moves (copied), reusing the buffers.
func (e *MoveEntry) Reset(legal []rules.Move) {
	*e = MoveEntry{legal: append(e.legal[:0], legal...), cands: e.cands[:0], spare: e.spare[:0], origin: rules.NoSquare}
	for i := range e.legal {
		e.selectable |= bit(e.legal[i].From())
		if e.legal[i].IsCapture() {
			e.mustCapture = true
		}
	}
}

// ResetFor starts over with the position p (see NewMoveEntryFor).
func (e *MoveEntry) ResetFor(p *rules.Position) { e.ResetWith(p, p.LegalMoves(e.legal)) }

// ResetWith starts over with legal, legal moves of p (copied; a lesson may
// give fewer than all), knowing the board as ResetFor does.
func (e *MoveEntry) ResetWith(p *rules.Position, legal []rules.Move) {
	e.Reset(legal)
	e.board = true
	e.variant = p.Variant()
	e.side = p.SideToMove()
	e.own = p.Owned(e.side)
	e.occupied = p.Occupied()
	e.kings = p.Kings()
}

// Legal is the moves the entry was given. The slice is the entry's own:
// read it before the next Reset.
func (e *MoveEntry) Legal() []rules.Move { return e.legal }

// Selectable is the bitboard (bit i = rules.Square i) of the columns that
// can move; 0 once the move is completed.
func (e *MoveEntry) Selectable() uint64 {
	if e.done {
		return 0
	}
	return e.selectable
}

// MustCapture reports whether the legal moves are captures (capturing is
// compulsory, so then they all are).
func (e *MoveEntry) MustCapture() bool { return e.mustCapture }

// Selected is the origin of the selected column, or rules.NoSquare.
func (e *MoveEntry) Selected() rules.Square { return e.origin }

// Current is where the selected column stands on the route so far (the
// last landing, or the origin), or rules.NoSquare: the scenes draw the
// column there and a drag picks it up there.
func (e *MoveEntry) Current() rules.Square {
	if e.npath == 0 {
		return rules.NoSquare
	}
	return e.path[e.npath-1]
}

// Pending reports whether a capture is under way: at least one landing
// entered and the move not finished. Esc or back then cancels it.
func (e *MoveEntry) Pending() bool { return e.npath > 1 && !e.done }

// Done reports whether the move was completed; Move returns it.
func (e *MoveEntry) Done() bool { return e.done }

// Move is the completed move (the zero Move before completion).
func (e *MoveEntry) Move() rules.Move { return e.move }

// Path is the route entered so far: the origin, then each landing. It is
// empty when nothing is selected. The slice is the entry's own: read it
// before the next call.
func (e *MoveEntry) Path() []rules.Square { return e.path[:e.npath] }

// Jumped is the bitboard of the columns jumped by the route so far, for
// drawing the partial capture.
func (e *MoveEntry) Jumped() uint64 {
	if e.npath < 2 || len(e.cands) == 0 {
		return 0
	}
	// Every consistent route jumps the same columns so far: between two
	// landings there is exactly one column to jump.
	m := &e.legal[e.cands[0]]
	var b uint64
	for i := 0; i < e.npath-1; i++ {
		b |= bit(m.CapturedAt(i))
	}
	return b
}

// Targets is the bitboard of the squares where the next tap or drop lands:
// the next landing of every route consistent with the path so far (for a
// quiet move, its destinations). 0 when nothing is selected.
func (e *MoveEntry) Targets() uint64 {
	if e.done || e.npath == 0 {
		return 0
	}
	var b uint64
	for _, i := range e.cands {
		if m := &e.legal[i]; m.PathLen() > e.npath {
			b |= bit(m.PathAt(e.npath))
		}
	}
	return b
}

// Candidates appends to dst[:0] the legal moves consistent with the path
// so far (none when nothing is selected), e.g. to draw every possible
// route.
func (e *MoveEntry) Candidates(dst []rules.Move) []rules.Move {
	dst = dst[:0]
	if e.done {
		return dst
	}
	for _, i := range e.cands {
		dst = append(dst, e.legal[i])
	}
	return dst
}

// Select selects the column on sq, dropping any other selection or partial
// route (selecting the selected column again with no landing entered does
// nothing). A square that cannot be selected is Rejected and the current
// selection is kept.
func (e *MoveEntry) Select(sq rules.Square) Result {
	if e.done {
		return Result{Outcome: Ignored, Square: sq}
	}
	if sq < 0 || sq > 63 || e.selectable&bit(sq) == 0 {
		return Result{Outcome: Rejected, Reason: e.whyNotSelectable(sq), Square: sq}
	}
	if sq == e.origin && e.npath == 1 {
		return Result{Outcome: Ignored, Square: sq}
	}
	e.origin = sq
	e.path[0], e.npath = sq, 1
	e.cands = e.cands[:0]
	for i := range e.legal {
		if e.legal[i].From() == sq {
			e.cands = append(e.cands, i)
		}
	}
	return Result{Outcome: Selected, Square: sq}
}

// Cancel drops the selection and any partial route.
func (e *MoveEntry) Cancel() Result {
	if e.done || e.origin == rules.NoSquare {
		return Result{Outcome: Ignored, Square: rules.NoSquare}
	}
	sq := e.origin
	e.clear()
	return Result{Outcome: Cancelled, Square: sq}
}

func (e *MoveEntry) clear() {
	e.origin, e.npath, e.cands = rules.NoSquare, 0, e.cands[:0]
}

// Step extends the route to sq: by one landing if sq is a next target,
// otherwise by jumping ahead (see MoveEntry). When one route remains it
// completes. A square that is neither is Rejected, keeping the route.
// Step never cancels; Tap and Drop add the cancel gestures.
func (e *MoveEntry) Step(sq rules.Square) Result {
	switch {
	case e.done:
		return Result{Outcome: Ignored, Square: sq}
	case e.npath == 0:
		return Result{Outcome: Rejected, Reason: NotSelectable, Square: sq}
	case sq < 0 || sq > 63:
		return Result{Outcome: Rejected, Reason: NotATarget, Square: sq}
	}
	if e.Targets()&bit(sq) != 0 {
		e.extend(sq)
		return e.settle(sq)
	}
	// Jump ahead: the routes that reach sq later must all get there by the
	// same landings.
	n := e.npath
	at := -1 // index in the route where the first such route reaches sq
	var first *rules.Move
	for _, i := range e.cands {
		m := &e.legal[i]
		k := indexFrom(m, sq, n+1)
		if k < 0 {
			continue
		}
		if first == nil {
			first, at = m, k
			continue
		}
		if k != at || !samePath(first, m, n, k) {
			return Result{Outcome: Rejected, Reason: Ambiguous, Square: sq}
		}
	}
	if first == nil {
		return Result{Outcome: Rejected, Reason: e.whyNotTarget(sq), Square: sq}
	}
	for k := n; k <= at; k++ {
		e.extend(first.PathAt(k))
	}
	return e.settle(sq)
}

// extend appends the landing sq and keeps the routes that make it.
func (e *MoveEntry) extend(sq rules.Square) {
	n := e.npath
	e.path[n] = sq
	e.npath++
	e.spare = e.spare[:0]
	for _, i := range e.cands {
		if m := &e.legal[i]; m.PathLen() > n && m.PathAt(n) == sq {
			e.spare = append(e.spare, i)
		}
	}
	e.cands, e.spare = e.spare, e.cands
}

// settle completes the move if only one route is left, or if the path is a
// whole route (under the rules no route is a prefix of another, because a
// capture that can go on must; this only guards against a move list that
// breaks that).
func (e *MoveEntry) settle(sq rules.Square) Result {
	for _, i := range e.cands {
		if len(e.cands) == 1 || e.legal[i].PathLen() == e.npath {
			e.done, e.move = true, e.legal[i]
			e.clear()
			return Result{Outcome: Completed, Square: sq, Move: e.move}
		}
	}
	return Result{Outcome: Extended, Square: sq}
}

// Tap applies a tap on sq (tap-tap entry): with nothing selected it
// selects; with a column selected it lands on a target (or jumps ahead),
// cancels on the origin, re-selects another own column, and otherwise:
// with no landing entered yet the selection is dropped (Cancelled, Reason
// NotATarget) unless the tap deserves an explanation (Rejected with
// CaptureCompulsory, MustContinue or Ambiguous); mid-capture a stray tap is
// Rejected and never loses the route.
func (e *MoveEntry) Tap(sq rules.Square) Result {
	if e.done {
		return Result{Outcome: Ignored, Square: sq}
	}
	if e.npath == 0 {
		return e.Select(sq)
	}
	if sq >= 0 && sq <= 63 && e.Targets()&bit(sq) != 0 {
		return e.Step(sq)
	}
	if sq == e.origin {
		return e.Cancel()
	}
	if sq == e.Current() {
		return Result{Outcome: Ignored, Square: sq}
	}
	r := e.Step(sq)
	if r.Outcome != Rejected {
		return r
	}
	if r.Reason == NotATarget && sq >= 0 && e.selectable&bit(sq) != 0 {
		return e.Select(sq)
	}
	if r.Reason == NotATarget && e.board && sq >= 0 && e.own&bit(sq) != 0 {
		// Another own column: say why it cannot be picked.
		return Result{Outcome: Rejected, Reason: e.whyNotSelectable(sq), Square: sq}
	}
	if r.Reason == NotATarget && e.npath == 1 {
		e.clear()
		return Result{Outcome: Cancelled, Reason: NotATarget, Square: sq}
	}
	return r
}

// Grab starts a drag on sq. The column there is picked up: the selected
// column where it stands on its route (Selected, route kept), or another
// selectable column (Selected, as Select). Anything else is Rejected (as
// Select) and the scenes drag nothing.
func (e *MoveEntry) Grab(sq rules.Square) Result {
	if e.done {
		return Result{Outcome: Ignored, Square: sq}
	}
	if e.npath > 0 && sq == e.Current() {
		return Result{Outcome: Selected, Square: sq}
	}
	return e.Select(sq)
}

// Drop ends a drag on sq (rules.NoSquare: off the board). A drop where the
// column stands (or off the board) is Ignored: the column goes back and
// stays selected, so tap-tap can go on. A drop on a target steps (and may
// complete); on the origin mid-capture it cancels; otherwise it is
// Rejected and the route is kept.
func (e *MoveEntry) Drop(sq rules.Square) Result {
	if e.done || e.npath == 0 || sq < 0 || sq > 63 || sq == e.Current() {
		return Result{Outcome: Ignored, Square: sq}
	}
	if e.Targets()&bit(sq) == 0 && sq == e.origin {
		return e.Cancel()
	}
	return e.Step(sq)
}

// whyNotSelectable explains why sq cannot be selected.
func (e *MoveEntry) whyNotSelectable(sq rules.Square) Reason {
	if !e.board || sq < 0 || sq > 63 || e.own&bit(sq) == 0 {
		return NotSelectable
	}
	if e.mustCapture {
		return CaptureCompulsory
	}
	return CannotMove
}

// whyNotTarget explains why the selected column cannot go to sq.
func (e *MoveEntry) whyNotTarget(sq rules.Square) Reason {
	if !e.board || sq < 0 || sq > 63 || !e.variant.Playable(sq) {
		return NotATarget
	}
	if e.mustCapture && e.npath == 1 && e.quietMove(e.origin, sq) {
		return CaptureCompulsory
	}
	if e.mustCapture && e.skippedLanding(sq) {
		return MustContinue
	}
	return NotATarget
}

// quietMove reports whether the column on from could move quietly to sq
// if no capture were compulsory.
func (e *MoveEntry) quietMove(from, sq rules.Square) bool {
	df, dr := sq.File()-from.File(), sq.Rank()-from.Rank()
	if df == 0 || (df != dr && df != -dr) || e.occupied&bit(sq) != 0 {
		return false
	}
	dist := abs(df)
	if e.kings&bit(from) == 0 {
		forward := 1
		if e.side == rules.Black {
			forward = -1
		}
		return dist == 1 && dr == forward
	}
	if !e.variant.FlyingKings() {
		return dist == 1
	}
	sf, sr := sign(df), sign(dr)
	for k := 1; k < dist; k++ {
		if e.occupied&bit(rules.SquareAt(from.File()+k*sf, from.Rank()+k*sr)) != 0 {
			return false
		}
	}
	return true
}

// skippedLanding reports whether sq is a free square beyond a column the
// next hop jumps, on the same line: a landing the rules refuse because the
// capture could go on from another one.
func (e *MoveEntry) skippedLanding(sq rules.Square) bool {
	cur, n := e.Current(), e.npath
	size := e.variant.Size()
	for _, i := range e.cands {
		m := &e.legal[i]
		if m.PathLen() <= n {
			continue
		}
		j := m.CapturedAt(n - 1)
		sf, sr := sign(j.File()-cur.File()), sign(j.Rank()-cur.Rank())
		for f, r := j.File()+sf, j.Rank()+sr; f >= 0 && f < size && r >= 0 && r < size; f, r = f+sf, r+sr {
			s := rules.SquareAt(f, r)
			// The moving column has left its origin: that square is free.
			if e.occupied&bit(s) != 0 && s != e.origin {
				break
			}
			if s == sq {
				return true
			}
		}
	}
	return false
}

// indexFrom returns the first index k >= from with m.PathAt(k) == sq, or -1.
func indexFrom(m *rules.Move, sq rules.Square, from int) int {
	for k := from; k < m.PathLen(); k++ {
		if m.PathAt(k) == sq {
			return k
		}
	}
	return -1
}

// samePath reports whether a and b have the same landings from index
// from to index to, inclusive.
func samePath(a, b *rules.Move, from, to int) bool {
	for k := from; k <= to; k++ {
		if a.PathAt(k) != b.PathAt(k) {
			return false
		}
	}
	return true
}

func bit(sq rules.Square) uint64 { return 1 << uint(sq) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
