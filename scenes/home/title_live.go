package home

import (
	"cmp"
	"context"
	"math"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/text"
	"bashni/online/remote"
	"bashni/scenes"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// titleLive is the title's online part, when a server is known: the way
// to the arenas' page and to the top game being played (the router's
// Arena and Live), and the running and coming arenas with their
// countdowns, each opening its page. The list is read over a connection
// made for it and closed after (remote.ListArenas), again when an arena
// starts or ends and every listRefresh while the title shows; when the
// server cannot be reached the title shows no arena and says nothing.
type titleLive struct {
	on                  bool // a server is known and the pages are there
	btnArenas, btnWatch ui.Button
	rects               []scenes.Rect // the rows' places
	back                scenes.Rect   // the backing over the board, if any
	rows                []liveArena   // the arenas shown, at most len(rects)

	busy   bool
	wait   chan liveList
	next   time.Time // when to read the list again
	server string    // the server listed (Settings may name another)
	now    func() time.Time
}

// liveArena is an arena's row: its words are made when the second shown
// changes, so that Draw only draws.
type liveArena struct {
	info     remote.ArenaInfo
	title    string  // its title in the player's language (scenes.ArenaTitle)
	name     string  // the title as drawn (cut to its room)
	nameSize float64 // dp
	when     string  // "Starts in 12:03", "23:10 left"
	said     string  // the row in the page's mirror: name and when, to the minute
	shown    int64   // the second when shows (-1: not yet)
	saidMin  int64   // the minute said shows
	whenLen  int     // when's length the name was fitted beside
}

type liveList struct {
	server string
	list   []remote.ArenaInfo
	err    error
}

// listRefresh is how often the title reads the arenas again while it
// shows (a player's new arena appears).
const listRefresh = time.Minute

func (l *titleLive) init(c scenes.Context) {
	l.now = time.Now
	l.btnArenas = ui.Button{Kind: ui.Secondary, TextSize: 15}
	l.btnWatch = ui.Button{Kind: ui.Secondary, TextSize: 15}
}

// layout places the part (TitleLayoutOnline's rects) and looks its words
// up.
func (l *titleLive) layout(c scenes.Context, r TitleRects) {
	l.on = online(c)
	if srv := c.Server(); srv != l.server {
		// Another server named in Settings: its arenas, at once.
		l.server, l.rows, l.next = srv, l.rows[:0], time.Time{}
	}
	l.btnArenas.Rect, l.btnWatch.Rect = r.Arenas, r.Watch
	l.rects, l.back = r.ArenaRows, r.LiveBack
	t := c.Text()
	l.btnArenas.Label = t.T("arena.open")
	l.btnWatch.Label = t.T("title.watch")
	for i := range l.rows {
		l.rows[i].shown, l.rows[i].saidMin, l.rows[i].whenLen = -1, -1, -1
	}
	l.tick(c) // the countdowns in the new words, the names beside them
}

// fitName sizes row i's name to the room its countdown leaves: 15 dp,
// down to 12, then cut with an ellipsis (a player's arena may be named at
// length).
func (l *titleLive) fitName(c scenes.Context, i int) {
	if i >= len(l.rects) {
		return
	}
	p := c.Painter()
	row := &l.rows[i]
	row.whenLen = len(row.when)
	room := l.rects[i].W - p.DP(36) - p.Measure(row.when, 14, sprites.Medium)
	row.title = scenes.ArenaTitle(c.Text(), row.info.Schedule, row.info.Name)
	name := row.title
	size := 15.0
	for size > 12 && p.Measure(name, size, sprites.Bold) > room {
		size--
	}
	name = scenes.Ellipsize(p, name, size, sprites.Bold, room)
	l.rows[i].name, l.rows[i].nameSize = name, size
}

// load reads the list off the game loop.
func (l *titleLive) load(c scenes.Context) {
	l.busy = true
	l.wait = make(chan liveList, 1)
	server, ch := c.Server(), l.wait
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), remote.DialTimeout)
		defer cancel()
		list, err := remote.ListArenas(ctx, server)
		ch <- liveList{server, list, err}
	}()
}

// take keeps the running arenas, ending soonest first, then the coming
// ones, starting soonest first; the list is read again when the first of
// them starts or ends.
func (l *titleLive) take(c scenes.Context, got liveList) {
	now := l.now()
	l.busy = false
	if got.server != l.server {
		return // the server changed meanwhile: its list is read next
	}
	l.next = now.Add(listRefresh)
	if got.err != nil {
		l.rows = l.rows[:0] // nothing extra on the title
		c.Invalidate()
		return
	}
	var keep []remote.ArenaInfo
	for _, a := range got.list {
		if a.Status == remote.ArenaRunning || a.Status == remote.ArenaComing {
			keep = append(keep, a)
		}
	}
	at := func(a remote.ArenaInfo) time.Time {
		if a.Status == remote.ArenaRunning {
			return a.Ends
		}
		return a.Starts
	}
	slices.SortStableFunc(keep, func(a, b remote.ArenaInfo) int {
		if a.Status != b.Status {
			return cmp.Compare(b.Status, a.Status) // running first
		}
		return at(a).Compare(at(b))
	})
	if len(keep) > len(l.rects) {
		keep = keep[:len(l.rects)]
	}
	l.rows = l.rows[:0]
	for _, a := range keep {
		l.rows = append(l.rows, liveArena{info: a, shown: -1, saidMin: -1, whenLen: -1})
		if t := at(a).Add(time.Second); t.Before(l.next) {
			l.next = t
		}
	}
	l.tick(c)
	c.Invalidate()
}

// tick makes each row's countdown again when its second changed.
func (l *titleLive) tick(c scenes.Context) {
	now := l.now()
	t := c.Text()
	for i := range l.rows {
		r := &l.rows[i]
		id, end := "arena.starts_in", r.info.Starts
		if r.info.Status == remote.ArenaRunning {
			id, end = "arena.ends_in", r.info.Ends
		}
		left := end.Sub(now)
		sec := int64(math.Ceil(left.Seconds()))
		if sec < 0 {
			sec = 0
		}
		if sec == r.shown {
			continue
		}
		r.shown = sec
		r.when = t.F(id, "Time", scenes.Countdown(time.Duration(sec)*time.Second))
		if len(r.when) != r.whenLen {
			l.fitName(c, i) // the countdown's width changed: 10:00 to 9:59
		}
		// The mirror's name changes by the minute: a screen reader on the
		// row hears it again only then.
		if min := sec / 60; min != r.saidMin {
			r.saidMin = min
			r.said = r.title + t.T("common.separator") + r.when
		}
		c.Invalidate()
	}
}

// update reads the list when due, runs the countdowns and the controls;
// it reports whether one opened a page.
func (l *titleLive) update(c scenes.Context, title scenes.Scene) bool {
	if !l.on {
		return false
	}
	if l.busy {
		select {
		case got := <-l.wait:
			l.take(c, got)
		default:
		}
	}
	if !l.busy && c.OnTop() == title && !l.now().Before(l.next) {
		l.load(c)
	}
	l.tick(c)
	if c.Used(&l.btnArenas) {
		c.Push(c.Pages().Arena(c, ""))
		return true
	}
	if c.Used(&l.btnWatch) {
		c.Push(c.Pages().Live(c, true))
		return true
	}
	ptr := c.Pointer()
	for i := range l.rows {
		if i >= len(l.rects) {
			break
		}
		r := l.rects[i]
		st := c.FocusItem(r, l.rows[i].said)
		tapped := ptr.Released && !ptr.Consumed && ptr.In(r)
		if tapped {
			ptr.Consumed = true
		}
		if st.Activated || tapped {
			c.Push(c.Pages().Arena(c, l.rows[i].info.ID))
			return true
		}
	}
	return false
}

// draw draws the part: the buttons and the arenas' rows, names left and
// countdowns right.
func (l *titleLive) draw(c scenes.Context, dst *ebiten.Image) {
	if !l.on {
		return
	}
	p := c.Painter()
	t := p.Theme
	if l.back.W > 0 {
		p.RoundRect(dst, l.back, p.DP(16), ui.Alpha(t.Background, 0.9), p.DP(1), t.PanelEdge)
	}
	l.btnArenas.Draw(dst, p)
	l.btnWatch.Draw(dst, p)
	for i := range l.rows {
		if i >= len(l.rects) {
			break
		}
		r, row := l.rects[i], &l.rows[i]
		p.RoundRect(dst, r, p.DP(10), t.Panel, p.DP(1), t.PanelEdge)
		cy := r.Y + r.H/2
		p.Text(dst, row.name, row.nameSize, sprites.Bold, r.X+p.DP(12), cy, text.AlignStart, text.AlignCenter, t.Text)
		col := t.TextDim
		if row.info.Status == remote.ArenaRunning {
			col = t.Accent
		}
		p.Text(dst, row.when, 14, sprites.Medium, r.X+r.W-p.DP(12), cy, text.AlignEnd, text.AlignCenter, col)
	}
}
