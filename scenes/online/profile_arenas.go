package online

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/text"
	"bashni/online/remote"
	"bashni/scenes"
	"bashni/sprites"
)

// A profile's arenas (issue 25: "each player's profile lists the
// tournaments played"): the rows under the recent games, each the arena's
// title, the player's place out of how many, the points and the date; a
// row opens the arena's page, where the final table stays.

// profileRows shares a profile's rows between the recent games and the
// arenas played: the arenas take up to half (at least one when there are
// any) and the rows the games do not need, under a heading of their own
// when there are three rows or more; the games come first.
type profileRows struct {
	games, arenas []scenes.Rect
	heading       scenes.Rect // zero: no heading
}

func splitProfileRows(rows []scenes.Rect, games, arenas int) profileRows {
	n := len(rows)
	if arenas == 0 || n == 0 {
		return profileRows{games: rows}
	}
	head := 0
	if n >= 3 || games == 0 && n >= 2 {
		head = 1
	}
	a := min(arenas, max(1, n/2))
	g := n - a - head
	if games < g { // the games' spare rows go to the arenas
		a = min(arenas, a+g-games)
		g = games
	}
	out := profileRows{games: rows[:g], arenas: rows[g+head : g+head+a]}
	if head == 1 {
		out.heading = rows[g]
	}
	return out
}

// rows is how the profile shares its rows now.
func (s *Profile) rows() profileRows {
	if s.prof == nil {
		return profileRows{games: s.rects.Games}
	}
	return splitProfileRows(s.rects.Games, len(s.prof.Games), len(s.prof.Arenas))
}

// arenaTitle and arenaDetails are an arena's row: its title in the
// player's language (scenes.ArenaTitle), then the player's place out of
// how many, the points and the date it ended (or that it is going on, or
// the countdown to its start at now).
func arenaTitle(c scenes.Context, a remote.ProfileArena) string {
	return scenes.ArenaTitle(c.Text(), a.Schedule, a.Name)
}

func arenaDetails(c scenes.Context, a remote.ProfileArena, now time.Time) string {
	t := c.Text()
	return arenaParts(c, a, func() string {
		if !now.Before(a.Starts) { // started since the profile was read
			return t.T("profile.arena_running")
		}
		return t.F("profile.arena_starts_in", "Time", scenes.Countdown(a.Starts.Sub(now)))
	})
}

// arenaParts joins the row's second line; coming words when a coming
// arena whose start is known begins (drawn and said differ there).
func arenaParts(c scenes.Context, a remote.ProfileArena, coming func() string) string {
	t := c.Text()
	var parts []string
	if a.Rank > 0 {
		parts = append(parts, t.F("profile.arena_place", "Rank", a.Rank, "Players", a.Players))
	}
	parts = append(parts, t.N("arena.points", a.Points))
	switch {
	case a.Status == remote.ArenaFinished:
		parts = append(parts, t.Date(a.Ends))
	case a.Status == remote.ArenaComing && a.Starts.IsZero(): // a server older than the line's start
		parts = append(parts, t.T("profile.arena_coming"))
	case a.Status == remote.ArenaComing:
		parts = append(parts, coming())
	default:
		parts = append(parts, t.T("profile.arena_running"))
	}
	out := parts[0]
	for _, p := range parts[1:] {
		out += t.T("common.separator") + p
	}
	return out
}

// arenaWords is a row as a screen reader hears it: a coming arena by the
// date and time it starts rather than the countdown drawn, so that the
// row's name does not change every second under the reader.
func arenaWords(c scenes.Context, a remote.ProfileArena) string {
	t := c.Text()
	return arenaTitle(c, a) + t.T("common.separator") + arenaParts(c, a, func() string {
		return t.F("profile.arena_starts_at", "Date", t.Date(a.Starts))
	})
}

// arenaLines are the arenas' rows' second lines, worded when the second
// changes (a coming arena's countdown) rather than every frame.
type arenaLines struct {
	sec     int64
	details []string
}

// wordArenas words the rows' second lines at now, and reports whether
// they changed.
func (s *Profile) wordArenas(c scenes.Context, now time.Time) bool {
	n := min(len(s.rows().arenas), len(s.prof.Arenas))
	l := &s.lines
	if l.sec == now.Unix() && len(l.details) == n {
		return false
	}
	l.sec = now.Unix()
	changed := len(l.details) != n
	l.details = l.details[:min(len(l.details), n)]
	for i := range n {
		d := arenaDetails(c, s.prof.Arenas[i], now)
		if i < len(l.details) {
			changed = changed || l.details[i] != d
			l.details[i] = d
		} else {
			l.details = append(l.details, d)
		}
	}
	return changed
}

// updateArenas words the rows when the second changes (redrawing when a
// countdown moved), makes them focusable and opens the one chosen (by
// keyboard, the page's mirror or a tap) on the arenas' page.
func (s *Profile) updateArenas(c scenes.Context) {
	if s.prof == nil {
		return
	}
	if s.wordArenas(c, time.Now()) {
		c.Invalidate()
	}
	for i, r := range s.rows().arenas {
		a := s.prof.Arenas[i]
		st := c.FocusItem(r, arenaWords(c, a))
		if p := c.Pointer(); st.Activated || p.Released && p.In(r) && !p.Consumed {
			if open := c.Pages().Arena; open != nil {
				c.Play(scenes.UITap)
				c.Push(open(c, a.ID))
			}
		}
	}
}

// drawArenas draws the heading and the arenas' rows: the title on the
// first line, the place, points and date under it.
func (s *Profile) drawArenas(c scenes.Context, dst *ebiten.Image) {
	if s.prof == nil {
		return
	}
	p := c.Painter()
	th := p.Theme
	rows := s.rows()
	if h := rows.heading; h.W > 0 {
		p.Text(dst, c.Text().T("profile.arenas"), 15, sprites.Medium, h.X, h.Y+h.H-p.DP(12), text.AlignStart, text.AlignCenter, th.TextDim)
	}
	for i, r := range rows.arenas {
		a := s.prof.Arenas[i]
		p.RoundRect(dst, r, p.DP(10), th.Background, p.DP(1), th.PanelEdge)
		room := r.W - p.DP(12)
		title := arenaTitle(c, a)
		size := fitSize(c, title, 14, sprites.Bold, room)
		p.Text(dst, title, size, sprites.Bold, r.X+p.DP(6), r.Y+r.H*0.32, text.AlignStart, text.AlignCenter, th.Text)
		var details string
		if i < len(s.lines.details) {
			details = s.lines.details[i]
		} else { // not yet worded by Update
			details = arenaDetails(c, a, time.Now())
		}
		size = fitSize(c, details, 13, sprites.Medium, room)
		p.Text(dst, details, size, sprites.Medium, r.X+p.DP(6), r.Y+r.H*0.72, text.AlignStart, text.AlignCenter, th.TextDim)
	}
}

// fitSize is the largest size from size down to 12 at which words fit
// room (12 if none does: the fit tests catch it).
func fitSize(c scenes.Context, words string, size float64, w sprites.Weight, room float64) float64 {
	p := c.Painter()
	for size > 12 && p.Measure(words, size, w) > room {
		size -= 0.5
	}
	return size
}
