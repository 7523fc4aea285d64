package online

import (
	"context"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/text"
	"bashni/online/remote"
	"bashni/platform"
	"bashni/scenes"
	"bashni/sprites"
)

// The lobby's arenas: the running and coming ones over the open seeks,
// each with a countdown ("Starts in 12:03", "23:10 left"); a row opens the
// arena's page (scenes.Pages.Arena). The list comes over the lobby's own
// connection (the `arenas` request, docs/ONLINE.md "The lobby's arenas"):
// when the lobby opens, every arenasRefresh after, and when a countdown
// reaches zero (the arena starts or ends).

// arenasRefresh is how often the lobby asks for the arenas while shown,
// besides when a countdown runs out: players' new arenas show within it.
const arenasRefresh = 2 * time.Minute

// arenaStrip is the lobby's arenas: the list and its rows' words, worded
// once a second (Draw only draws them).
type arenaStrip struct {
	list   []remote.ArenaInfo // running ones first, then coming ones by start
	asked  time.Time          // when the list was last asked for
	asking bool
	due    time.Time // a countdown runs out: ask again then
	sec    int64     // the second the rows were worded at
	room   float64   // the rows' width they were worded for
	rows   []arenaRowText
	more   string // the last row's words with ArenaMore
	said   bool   // the list was said (once, when it first came)
}

// arenaRowText is an arena's row as drawn and said.
type arenaRowText struct {
	title   string // the arena's title, cut to its room
	info    string // its game and players, cut to its room
	when    string // the countdown
	words   string // the whole row, as its Tab stop says it
	running bool
	id      string // the arena's, and the minute its words were made in:
	minute  int64  // the words change by the minute (see wordArenas)
}

// listedTitle is an arena's title as the lobby shows it: a scheduled
// arena's in the player's language, a player's as they named it.
func listedTitle(c scenes.Context, a remote.ArenaInfo) string {
	return scenes.ArenaTitle(c.Text(), a.Schedule, a.Name)
}

// arenaWhen is an arena's countdown, to its start or to its end.
func arenaWhen(c scenes.Context, a remote.ArenaInfo, now time.Time) string {
	if a.Status == remote.ArenaRunning {
		return c.Text().F("arena.ends_in", "Time", scenes.Countdown(a.Ends.Sub(now)))
	}
	return c.Text().F("arena.starts_in", "Time", scenes.Countdown(a.Starts.Sub(now)))
}

// arenaInfo is what an arena plays, and who is in it.
func arenaInfo(c scenes.Context, a remote.ArenaInfo) string {
	t := c.Text()
	kind := t.T("arena.casual")
	if a.Rated {
		kind = t.T("arena.rated")
	}
	sep := t.T("common.separator")
	return t.VariantName(a.Variant) + " " + clockWords(c, a.Clock) + sep + kind + sep + t.N("arena.players", a.Players)
}

// shownArenas is what the lobby lists of the server's arenas: the running
// ones, soonest over first, then the coming ones, soonest first; those
// over are left out.
func shownArenas(all []remote.ArenaInfo, now time.Time) []remote.ArenaInfo {
	var out []remote.ArenaInfo
	for _, a := range all {
		if a.Status == remote.ArenaFinished || !a.Ends.After(now) {
			continue
		}
		out = append(out, a)
	}
	sort.SliceStable(out, func(i, j int) bool {
		ri, rj := out[i].Status == remote.ArenaRunning, out[j].Status == remote.ArenaRunning
		switch {
		case ri != rj:
			return ri
		case ri:
			return out[i].Ends.Before(out[j].Ends)
		}
		return out[i].Starts.Before(out[j].Starts)
	})
	return out
}

// dueAt is when the first countdown of list runs out (zero: none).
func dueAt(list []remote.ArenaInfo) time.Time {
	var due time.Time
	for _, a := range list {
		at := a.Starts
		if a.Status == remote.ArenaRunning {
			at = a.Ends
		}
		if due.IsZero() || at.Before(due) {
			due = at
		}
	}
	return due
}

// askArenas asks the server for the arenas, off the game loop, when it is
// time to: first, every arenasRefresh, and a moment after a countdown
// runs out (the server has moved the arena on by then).
func (l *Lobby) askArenas(c scenes.Context, now time.Time) {
	s := &l.arenas
	if l.acct == nil || s.asking {
		return
	}
	due := !s.due.IsZero() && now.After(s.due.Add(2*time.Second))
	if !s.asked.IsZero() && now.Sub(s.asked) < arenasRefresh && !due {
		return
	}
	s.asking, s.asked = true, now
	a := l.acct
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), remote.DialTimeout)
		defer cancel()
		list, err := a.Arenas(ctx)
		l.wait <- func(l *Lobby) {
			s := &l.arenas
			s.asking = false
			if err != nil {
				// The arenas are an extra: the lobby goes on without
				// them (an older server, a refusal), and asks again.
				s.due = time.Time{}
				return
			}
			now := time.Now()
			l.setArenas(c, shownArenas(list, now), now)
		}
	}()
}

// setArenas shows list (as shownArenas orders it).
func (l *Lobby) setArenas(c scenes.Context, list []remote.ArenaInfo, now time.Time) {
	s := &l.arenas
	relayout := len(list) != len(s.list)
	s.list, s.due = list, dueAt(list)
	if relayout && l.size[0] > 0 {
		l.Layout(c, l.size[0], l.size[1], l.size[2])
	}
	l.wordArenas(c, now)
	c.Invalidate()
	if !s.said && len(list) > 0 {
		// Said once, as the counts are when the lobby opens: a screen
		// reader hears the arenas and their countdowns; Tab reaches the
		// rows.
		s.said = true
		t := c.Text()
		items := make([]string, len(list))
		for i, a := range list {
			items[i] = strconv.Itoa(i+1) + ". " + listedTitle(c, a) + t.T("common.separator") + arenaWhen(c, a, now)
		}
		platform.Speak(t.F("lobby.arenas_said", "List", t.List(items)))
	}
}

// wordArenas words the arenas' rows at now (once a second, and when the
// list or the layout changes).
func (l *Lobby) wordArenas(c scenes.Context, now time.Time) {
	s := &l.arenas
	r := &l.rects
	p := c.Painter()
	s.sec = now.Unix()
	// The Tab stop's words (the page's mirror) change by the minute, not
	// by the second: a screen reader on the row hears it again only then,
	// and the page's copy of the lobby is not rebuilt every second under
	// a player's fingers.
	said := make(map[string]arenaRowText, len(s.rows))
	for _, r := range s.rows {
		said[r.id] = r
	}
	s.rows = s.rows[:0]
	if len(r.Arenas) == 0 {
		return
	}
	s.room = r.Arenas[0].W
	sep := c.Text().T("common.separator")
	n := len(r.Arenas)
	if r.ArenaMore {
		n--
		s.more = c.Text().F("lobby.all_arenas", "Count", len(s.list))
	}
	for i := 0; i < n && i < len(s.list); i++ {
		a := s.list[i]
		title, when, info := listedTitle(c, a), arenaWhen(c, a, now), arenaInfo(c, a)
		whenW := p.Measure(when, 14, sprites.Bold)
		room := s.room - p.DP(16)
		end := a.Starts
		if a.Status == remote.ArenaRunning {
			end = a.Ends
		}
		minute := int64(end.Sub(now) / time.Minute)
		words := strconv.Itoa(i+1) + ". " + title + sep + when + sep + info
		if old, ok := said[a.ID]; ok && old.minute == minute && strings.HasPrefix(old.words, strconv.Itoa(i+1)+". "+title+sep) && strings.HasSuffix(old.words, sep+info) {
			words = old.words
		}
		s.rows = append(s.rows, arenaRowText{
			title:   cutEnd(p, title, 14, sprites.Bold, room-whenW-p.DP(10)),
			info:    cutEnd(p, info, 12, sprites.Medium, room-whenW-p.DP(10)),
			when:    when,
			words:   words,
			running: a.Status == remote.ArenaRunning,
			id:      a.ID,
			minute:  minute,
		})
	}
}

// updateArenas asks for the list when it is time, words the countdowns
// when the second changes, and opens an arena whose row is used.
func (l *Lobby) updateArenas(c scenes.Context) bool {
	s := &l.arenas
	now := time.Now()
	l.askArenas(c, now)
	if len(l.rects.Arenas) > 0 && (now.Unix() != s.sec || s.room != l.rects.Arenas[0].W) {
		l.wordArenas(c, now)
		c.Invalidate()
	}
	if !l.listShown() {
		return false
	}
	for i, row := range l.rects.Arenas {
		words, id := "", ""
		switch {
		case l.rects.ArenaMore && i == len(l.rects.Arenas)-1:
			words = s.more
		case i < len(s.rows):
			words, id = s.rows[i].words, s.list[i].ID
		default:
			continue
		}
		st := c.FocusItem(row, words)
		tapped := false
		if p := c.Pointer(); p.Released && p.In(row) && !p.Consumed {
			tapped = true
		}
		if st.Activated || tapped {
			l.openArena(c, id)
			return true
		}
	}
	return false
}

// openArena opens arena id's page ("" the arenas' list).
func (l *Lobby) openArena(c scenes.Context, id string) {
	if open := c.Pages().Arena; open != nil {
		c.Push(open(c, id))
	}
}

// drawArenas draws the arenas' rows.
func (l *Lobby) drawArenas(c scenes.Context, dst *ebiten.Image) {
	r := &l.rects
	if len(r.Arenas) == 0 || !l.listShown() {
		return
	}
	p := c.Painter()
	t := p.Theme
	s := &l.arenas
	p.Text(dst, c.Text().T("lobby.arenas"), 15, sprites.Medium, r.Arenas[0].X, r.arenasY, text.AlignStart, text.AlignCenter, t.TextDim)
	for i, row := range r.Arenas {
		if r.ArenaMore && i == len(r.Arenas)-1 {
			p.RoundRect(dst, row, p.DP(10), t.Panel, p.DP(1), t.PanelEdge)
			p.Text(dst, s.more, 14, sprites.Medium, row.X+row.W/2, row.Y+row.H/2, text.AlignCenter, text.AlignCenter, t.Text)
			continue
		}
		if i >= len(s.rows) {
			break
		}
		a := &s.rows[i]
		p.RoundRect(dst, row, p.DP(10), t.Background, p.DP(1), t.PanelEdge)
		x, mid := row.X+p.DP(8), row.Y+row.H/2
		p.Text(dst, a.title, 14, sprites.Bold, x, mid-p.DP(8.5), text.AlignStart, text.AlignCenter, t.Text)
		p.Text(dst, a.info, 12, sprites.Medium, x, mid+p.DP(9), text.AlignStart, text.AlignCenter, t.TextDim)
		col := t.TextDim
		if a.running {
			col = t.Accent
		}
		p.Text(dst, a.when, 14, sprites.Bold, row.X+row.W-p.DP(8), mid, text.AlignEnd, text.AlignCenter, col)
	}
}
