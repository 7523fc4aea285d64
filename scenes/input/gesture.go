// Package input turns raw pointer input into gestures and gestures into
// moves.
//
// Three layers, each usable alone:
//
//   - Recognizer is a pure state machine fed with pointer events (mouse and
//     touch, in device-independent pixels, "dp") that emits gestures: tap,
//     drag, long press, hover, secondary click, back.
//   - Adapter reads Ebitengine's mouse, touch and keyboard state once per
//     tick and feeds a Recognizer. It is the only code here that imports
//     Ebitengine (adapter.go), and it is thin: the decisions are in Feed,
//     which is plain Go and tested.
//   - MoveEntry is the move-entry state machine over the legal moves of a
//     position: select a column, enter a capture hop by hop (or jump ahead),
//     complete automatically once only one route remains, cancel.
//
// The scenes hit-test gesture positions against the board and call
// MoveEntry with squares. Nothing here draws or plays sounds; the results
// say what happened so the scenes can.
package input

import "math"

// Kind is the kind of a gesture.
type Kind uint8

const (
	// Tap is a press and release that did not move beyond the slop (and,
	// on touch, was not a long press). X, Y is where the press began: a
	// finger rolls as it lifts, the press point is what the player aimed at.
	Tap Kind = iota + 1
	// DragStart fires when a press first moves beyond the slop. StartX,
	// StartY is the press point (what was grabbed), X, Y the pointer now.
	DragStart
	// DragMove fires when a dragging pointer moves.
	DragMove
	// DragEnd fires when a dragging pointer is released; X, Y is the drop
	// point.
	DragEnd
	// DragCancel ends a drag without a drop: a second finger touched, Esc
	// or back was pressed, the right button was clicked, or Reset was
	// called mid-drag. The dragged column goes back.
	DragCancel
	// LongPress fires while a finger rests on a point for the long-press
	// time (touch only): it opens the column inspector. The release that
	// follows makes no Tap.
	LongPress
	// LongPressEnd fires when the finger of a long press is lifted, so a
	// peek-while-held inspector can close.
	LongPressEnd
	// HoverStill fires once when the mouse, with no button down, has rested
	// on a point for the hover time: it opens the column inspector on
	// desktop.
	HoverStill
	// HoverEnd fires when the mouse leaves a point it rested on (moves
	// beyond the slop, a button is pressed or the cursor leaves).
	HoverEnd
	// SecondaryClick is a right click: it opens the column inspector too.
	SecondaryClick
	// Back is Esc (or the browser's back key) when no drag was live: the
	// scenes cancel an unfinished capture or go back a screen.
	Back
)

// String names the kind, for test failures and logs.
func (k Kind) String() string {
	switch k {
	case Tap:
		return "tap"
	case DragStart:
		return "drag-start"
	case DragMove:
		return "drag-move"
	case DragEnd:
		return "drag-end"
	case DragCancel:
		return "drag-cancel"
	case LongPress:
		return "long-press"
	case LongPressEnd:
		return "long-press-end"
	case HoverStill:
		return "hover-still"
	case HoverEnd:
		return "hover-end"
	case SecondaryClick:
		return "secondary-click"
	case Back:
		return "back"
	}
	return "gesture?"
}

// Gesture is one recognised gesture. Positions are in dp.
type Gesture struct {
	Kind Kind // what was recognised
	// X, Y: see each Kind.
	X, Y float64
	// StartX, StartY is where the press began (drags, taps, long presses);
	// equal to X, Y for the other kinds.
	StartX, StartY float64
	// Touch tells a finger from the mouse.
	Touch bool
	// Tick is the tick of the event that produced the gesture.
	Tick int
}

// Default thresholds. A finger is wider and shakier than a mouse, so it
// gets a larger slop before a press becomes a drag.
const (
	// DefaultMouseSlop is the drag threshold of the mouse, in dp.
	DefaultMouseSlop = 6
	// DefaultTouchSlop is the drag threshold of a finger, in dp.
	DefaultTouchSlop = 10
	// DefaultLongPressTicks is 0.45 s at 60 ticks a second.
	DefaultLongPressTicks = 27
	// DefaultHoverTicks is 0.35 s at 60 ticks a second.
	DefaultHoverTicks = 21
)

// Config tunes a Recognizer. Zero fields take the defaults.
type Config struct {
	MouseSlop      float64 // dp a mouse press may move and still be a tap
	TouchSlop      float64 // dp a finger may move and still be a tap or long press
	LongPressTicks int     // ticks a finger must rest for a long press
	HoverTicks     int     // ticks the mouse must rest for HoverStill
	// NoDrag turns dragging off (a setting): a press that moves beyond the
	// slop then makes no gesture at all, rather than a surprise tap.
	NoDrag bool
}

// MouseID is the pointer id the Adapter gives the mouse. Pointers are told
// apart by (id, isTouch), so it cannot clash with a touch id.
const MouseID = 0

// maxTouches bounds the fingers tracked at once; more are ignored.
const maxTouches = 10

// press is the pointer whose gesture is being recognised: the first one
// down. Other pointers only matter as a second finger.
type press struct {
	active       bool
	id           int
	touch        bool
	downX, downY float64
	x, y         float64
	downTick     int
	dragging     bool
	longPressed  bool
	dead         bool // cancelled: ignored until it is released
}

// Recognizer turns pointer events into gestures. Feed it events in time
// order (the Adapter does), call Update once per tick so that timed
// gestures fire without events, and drain the gestures with Drain.
//
// The zero value is not ready: use NewRecognizer.
type Recognizer struct {
	cfg     Config
	p       press
	touches [maxTouches]int // ids of the fingers down
	ntouch  int

	hovering  bool // the mouse is up and resting somewhere
	hoverX    float64
	hoverY    float64
	hoverTick int
	hoverShow bool // HoverStill fired for this resting point
	// After a press the hover is blocked until the mouse moves away from
	// where it was released: a player who clicks a column and keeps the
	// mouse still is playing, not asking for the inspector.
	hoverBlocked bool
	blockX       float64
	blockY       float64

	out []Gesture
}

// NewRecognizer returns a recognizer with cfg (zero fields take defaults).
func NewRecognizer(cfg Config) *Recognizer {
	if !(cfg.MouseSlop > 0) {
		cfg.MouseSlop = DefaultMouseSlop
	}
	if !(cfg.TouchSlop > 0) {
		cfg.TouchSlop = DefaultTouchSlop
	}
	if cfg.LongPressTicks <= 0 {
		cfg.LongPressTicks = DefaultLongPressTicks
	}
	if cfg.HoverTicks <= 0 {
		cfg.HoverTicks = DefaultHoverTicks
	}
	return &Recognizer{cfg: cfg, out: make([]Gesture, 0, 8)}
}

// Config returns the recognizer's configuration, defaults filled in.
func (r *Recognizer) Config() Config { return r.cfg }

// SetNoDrag turns dragging off or on (a setting that may change at any
// time); a drag in progress is not affected.
func (r *Recognizer) SetNoDrag(off bool) { r.cfg.NoDrag = off }

// Drain returns the gestures recognised since the last Drain, oldest first,
// and forgets them. The slice is the recognizer's buffer: read it before
// feeding more events. Draining allocates nothing in steady state.
func (r *Recognizer) Drain() []Gesture {
	g := r.out
	r.out = r.out[:0]
	return g
}

// Pressed reports whether a pointer is down and still being recognised
// (pressed, dragging or long-pressed), e.g. to keep a hover inspector shut.
func (r *Recognizer) Pressed() bool { return r.p.active && !r.p.dead }

// Dragging reports whether a drag is in progress.
func (r *Recognizer) Dragging() bool { return r.p.active && r.p.dragging && !r.p.dead }

// Reset forgets every pointer (a scene change, the window lost focus):
// a live drag is cancelled, a shown hover ends.
func (r *Recognizer) Reset(tick int) {
	if r.Dragging() {
		r.emit(DragCancel, r.p.x, r.p.y, tick)
	}
	r.endHover(tick)
	r.p = press{}
	r.ntouch = 0
}

// Down reports that pointer id was pressed at (x, y).
func (r *Recognizer) Down(id int, x, y float64, tick int, isTouch bool) {
	r.endHover(tick)
	r.hoverBlocked, r.blockX, r.blockY = true, x, y
	if isTouch {
		r.addTouch(id)
	}
	if r.p.active {
		// A second finger means a pinch or a resting palm: whatever the
		// first finger was doing is cancelled, not completed.
		if isTouch && r.p.touch && id != r.p.id && !r.p.dead {
			if r.p.dragging {
				r.emit(DragCancel, r.p.x, r.p.y, tick)
			}
			r.p.dead = true
		}
		return
	}
	if isTouch && r.ntouch > 1 {
		// Fingers of a cancelled gesture are still down: wait until all
		// are lifted before recognising anything new.
		return
	}
	r.p = press{active: true, id: id, touch: isTouch, downX: x, downY: y, x: x, y: y, downTick: tick}
}

// Move reports that pointer id is at (x, y). Calling it when nothing moved
// is harmless.
func (r *Recognizer) Move(id int, x, y float64, tick int, isTouch bool) {
	if !r.mine(id, isTouch) {
		return
	}
	moved := x != r.p.x || y != r.p.y
	r.p.x, r.p.y = x, y
	if r.p.dead || r.p.longPressed {
		return
	}
	if r.p.dragging {
		if moved {
			r.emitPress(DragMove, tick)
		}
		return
	}
	if r.beyondSlop() {
		if r.cfg.NoDrag {
			r.p.dead = true
			return
		}
		r.p.dragging = true
		r.emitPress(DragStart, tick)
		return
	}
	r.Update(tick)
}

// Up reports that pointer id was released at (x, y).
func (r *Recognizer) Up(id int, x, y float64, tick int, isTouch bool) {
	if isTouch {
		r.removeTouch(id)
	}
	if !r.mine(id, isTouch) {
		return
	}
	// A release far from the press with no move seen in between (a flick
	// faster than a tick) is still a drag.
	r.Move(id, x, y, tick, isTouch)
	r.blockX, r.blockY = x, y
	p := &r.p
	switch {
	case p.dead:
	case p.longPressed:
		r.emitPress(LongPressEnd, tick)
	case p.dragging:
		r.emitPress(DragEnd, tick)
	default:
		r.out = append(r.out, Gesture{Kind: Tap, X: p.downX, Y: p.downY, StartX: p.downX, StartY: p.downY, Touch: p.touch, Tick: tick})
	}
	r.p = press{}
}

// RightClick reports a secondary click at (x, y). During a drag it cancels
// the drag instead, as in most desktop software.
func (r *Recognizer) RightClick(x, y float64, tick int) {
	if r.p.active && !r.p.dead {
		if r.p.dragging {
			r.emit(DragCancel, r.p.x, r.p.y, tick)
		}
		r.p.dead = true
		return
	}
	r.emit(SecondaryClick, x, y, tick)
}

// Back reports Esc or the back key. It cancels a live drag (one step back
// at a time: the drag, not the capture under way); otherwise it emits Back.
func (r *Recognizer) Back(tick int) {
	if r.p.active && !r.p.dead {
		dragging := r.p.dragging
		if dragging {
			r.emit(DragCancel, r.p.x, r.p.y, tick)
		}
		r.p.dead = true
		if dragging {
			return
		}
	}
	r.emit(Back, 0, 0, tick)
}

// Hover reports the mouse at (x, y) with no button down. Call it every
// tick the mouse is present, even if it did not move: resting is what it
// detects. After a click the mouse must first move beyond the slop.
func (r *Recognizer) Hover(x, y float64, tick int) {
	if r.p.active {
		return
	}
	if r.hoverBlocked {
		if math.Hypot(x-r.blockX, y-r.blockY) <= r.cfg.MouseSlop {
			return
		}
		r.hoverBlocked = false
	}
	if r.hovering && math.Hypot(x-r.hoverX, y-r.hoverY) <= r.cfg.MouseSlop {
		r.Update(tick)
		return
	}
	r.endHover(tick)
	r.hovering = true
	r.hoverX, r.hoverY, r.hoverTick = x, y, tick
	r.Update(tick)
}

// HoverLeave reports that the mouse left the window (or a touch took
// over): a shown hover ends.
func (r *Recognizer) HoverLeave(tick int) { r.endHover(tick) }

// Update fires the gestures that are due to time alone: a long press and a
// resting hover. Call it once per tick after the events of the tick.
func (r *Recognizer) Update(tick int) {
	p := &r.p
	if p.active && p.touch && !p.dead && !p.dragging && !p.longPressed && tick-p.downTick >= r.cfg.LongPressTicks {
		p.longPressed = true
		r.out = append(r.out, Gesture{Kind: LongPress, X: p.downX, Y: p.downY, StartX: p.downX, StartY: p.downY, Touch: true, Tick: tick})
	}
	if r.hovering && !r.hoverShow && !p.active && tick-r.hoverTick >= r.cfg.HoverTicks {
		r.hoverShow = true
		r.emit(HoverStill, r.hoverX, r.hoverY, tick)
	}
}

// touchesGone tells the recognizer that no finger is down: a touch press
// whose release was lost is cancelled and the finger count cleared.
func (r *Recognizer) touchesGone(tick int) {
	if r.p.active && r.p.touch {
		if r.Dragging() {
			r.emit(DragCancel, r.p.x, r.p.y, tick)
		}
		r.p = press{}
	}
	r.ntouch = 0
}

func (r *Recognizer) endHover(tick int) {
	if r.hoverShow {
		r.emit(HoverEnd, r.hoverX, r.hoverY, tick)
	}
	r.hovering, r.hoverShow = false, false
}

func (r *Recognizer) mine(id int, isTouch bool) bool {
	return r.p.active && r.p.id == id && r.p.touch == isTouch
}

func (r *Recognizer) beyondSlop() bool {
	slop := r.cfg.MouseSlop
	if r.p.touch {
		slop = r.cfg.TouchSlop
	}
	return math.Hypot(r.p.x-r.p.downX, r.p.y-r.p.downY) > slop
}

func (r *Recognizer) emit(k Kind, x, y float64, tick int) {
	r.out = append(r.out, Gesture{Kind: k, X: x, Y: y, StartX: x, StartY: y, Touch: r.p.active && r.p.touch, Tick: tick})
}

// emitPress emits a gesture of the current press: at the pointer, started
// at the press point.
func (r *Recognizer) emitPress(k Kind, tick int) {
	r.out = append(r.out, Gesture{Kind: k, X: r.p.x, Y: r.p.y, StartX: r.p.downX, StartY: r.p.downY, Touch: r.p.touch, Tick: tick})
}

func (r *Recognizer) addTouch(id int) {
	for _, t := range r.touches[:r.ntouch] {
		if t == id {
			return
		}
	}
	if r.ntouch < maxTouches {
		r.touches[r.ntouch] = id
		r.ntouch++
	}
}

func (r *Recognizer) removeTouch(id int) {
	for i, t := range r.touches[:r.ntouch] {
		if t == id {
			r.ntouch--
			r.touches[i] = r.touches[r.ntouch]
			return
		}
	}
}
