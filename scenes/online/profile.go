package online

import (
	"context"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/text"
	"bashni/online/remote"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// SceneProfile is a player's profile: ratings with their history as a
// graph, wins, draws and losses, recent games, games going on now.
const SceneProfile = "profile"

// ProfileRects is where a profile puts things.
type ProfileRects struct {
	Card                 scenes.Rect
	titleY, sinceY, wdlY float64
	Rating               scenes.Rect // the choice of rating (variant and speed)
	Graph                scenes.Rect
	gamesY               float64
	Games                []scenes.Rect // the rows of recent games that fit
	Back, Watch          scenes.Rect
	pad                  float64
}

// ProfileLayout lays a profile out: the graph beside the games on a wide
// screen, above them on a phone.
func ProfileLayout(w, h, scale float64) ProfileRects {
	dp := func(v float64) float64 { return math.Round(v * scale) }
	var r ProfileRects
	pad, row, gap, line := dp(14), dp(46), dp(8), dp(22)
	// A phone on its side is wide too: beside the graph the rows have
	// room for four, under it for one.
	wide := w >= dp(900) || w > h && w >= dp(640)
	cw := math.Min(w-dp(12), dp(1180))
	r.Card = scenes.Rect{X: math.Round((w - cw) / 2), Y: dp(6), W: cw, H: h - dp(12)}
	r.pad = pad
	x, colW := r.Card.X+pad, cw-2*pad
	y := r.Card.Y + pad
	r.titleY = y + dp(18)
	y += dp(40)
	r.sinceY = y + line/2
	y += line
	r.wdlY = y + line/2
	y += line + gap
	bottom := r.Card.Y + r.Card.H - pad
	half := (colW - gap) / 2
	r.Back = scenes.Rect{X: x, Y: bottom - row, W: half, H: row}
	r.Watch = scenes.Rect{X: x + half + gap, Y: bottom - row, W: half, H: row}
	gx, gw := x, colW
	if wide {
		gw = (colW - pad) * 0.55
	}
	r.Rating = scenes.Rect{X: gx, Y: y, W: gw, H: row}
	y += row + gap
	gh := math.Min(dp(300), (r.Back.Y-gap-y)*0.45)
	if wide {
		gh = r.Back.Y - gap - y
	}
	r.Graph = scenes.Rect{X: gx, Y: y, W: gw, H: gh}
	gamesX, gamesW, gy := x, colW, y+gh+gap
	if wide {
		gamesX, gamesW, gy = x+gw+pad, colW-gw-pad, r.Rating.Y
	}
	r.gamesY = gy + line/2
	gy += line + dp(2)
	// Rows of 48 dp: each opens its game, a touch target (scenes.MinTouchDP).
	for gy+dp(48) <= r.Back.Y-gap && len(r.Games) < 20 {
		r.Games = append(r.Games, scenes.Rect{X: gamesX, Y: gy, W: gamesW, H: dp(48)})
		gy += dp(52)
	}
	return r
}

// Profile is a player's profile.
type Profile struct {
	rects    ProfileRects
	acct     *remote.Account
	name     string
	prof     *remote.Profile
	rating   ui.Segmented
	btnBack  ui.Button
	btnWatch ui.Button
	wait     chan func(*Profile)
	watcher  watcher
	busy     bool
	err      string
	opening  bool
	lines    arenaLines // the arenas' rows' second lines, worded once a second
}

var _ scenes.Scene = (*Profile)(nil)

// NewProfile shows name's profile, read over the lobby's account.
func NewProfile(c scenes.Context, acct *remote.Account, name string) *Profile {
	t := c.Text()
	s := &Profile{acct: acct, name: name, wait: make(chan func(*Profile), 2), watcher: watcher{acct: acct}}
	s.btnBack = ui.Button{Label: t.T("lobby.back"), Icon: ui.IconBack, TextSize: 15}
	s.btnWatch = ui.Button{Label: t.T("lobby.watch_game"), TextSize: 15, Disabled: true}
	s.rating.Name = t.T("profile.rating")
	s.busy = true
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), remote.DialTimeout)
		defer cancel()
		p, err := acct.Profile(ctx, name)
		s.wait <- func(s *Profile) {
			s.busy = false
			if err != nil {
				s.err = refusalWords(c, err)
				platform.Speak(s.err)
				return
			}
			s.show(c, p)
		}
	}()
	return s
}

// show takes the profile read.
func (s *Profile) show(c scenes.Context, p remote.Profile) {
	s.prof = &p
	s.lines = arenaLines{} // worded again for these arenas
	s.rating.Options = s.rating.Options[:0]
	best, oneVariant := 0, true
	for i, r := range p.Ratings {
		oneVariant = oneVariant && r.Variant == p.Ratings[0].Variant
		if r.Games > p.Ratings[best].Games {
			best = i
		}
	}
	// The speeds alone when every rating is of one variant (the graph
	// names both).
	for _, r := range p.Ratings {
		if oneVariant {
			s.rating.Options = append(s.rating.Options, c.Text().T("profile.speed_"+r.Speed.String()))
		} else {
			s.rating.Options = append(s.rating.Options, ratingName(c, r.Variant, r.Speed))
		}
	}
	s.rating.Selected = best
	s.btnWatch.Disabled = len(p.Playing) == 0
	s.rating.Weigh(c.Painter())
	platform.Speak(s.summary(c))
}

// ratingName names a rating: Bashni · Blitz.
func ratingName(c scenes.Context, v rules.Variant, sp remote.Speed) string {
	return c.Text().F("profile.rating_name", "Variant", c.Text().VariantName(v), "Speed", c.Text().T("profile.speed_"+sp.String()))
}

// summary is the profile in a sentence (for a screen reader).
func (s *Profile) summary(c scenes.Context) string {
	p := s.prof
	t := c.Text()
	out := p.Name + ". " + t.F("profile.wdl", "Wins", p.Wins, "Draws", p.Draws, "Losses", p.Losses)
	if r, ok := s.shown(); ok {
		out += " " + ratingName(c, r.Variant, r.Speed) + ": " + ratingWords(r.Rating, r.Provisional) + "."
	}
	return out
}

// shown is the rating chosen.
func (s *Profile) shown() (remote.Rating, bool) {
	if s.prof == nil || s.rating.Selected >= len(s.prof.Ratings) {
		return remote.Rating{}, false
	}
	return s.prof.Ratings[s.rating.Selected], true
}

// Name is the scene's name.
func (s *Profile) Name() string { return SceneProfile }

// Layout places the controls.
func (s *Profile) Layout(c scenes.Context, w, h, scale float64) {
	s.rects = ProfileLayout(w, h, scale)
	s.rating.Rect = s.rects.Rating
	s.rating.Weigh(c.Painter())
	s.btnBack.Rect, s.btnWatch.Rect = s.rects.Back, s.rects.Watch
}

// Update handles the controls.
func (s *Profile) Update(c scenes.Context) error {
	select {
	case f := <-s.wait:
		f(s)
		c.Invalidate()
	default:
	}
	if s.busy || s.opening {
		c.Spin()
	}
	if s.prof != nil && len(s.rating.Options) > 1 && c.Used(&s.rating) {
		c.Play(scenes.UITap)
	}
	if s.prof != nil {
		for i, r := range s.rows().games {
			if i >= len(s.prof.Games) {
				break
			}
			st := c.FocusItem(r, s.gameWords(c, s.prof.Games[i]))
			if p := c.Pointer(); st.Activated || p.Released && p.In(r) && !p.Consumed {
				s.replay(c, s.prof.Games[i].Game)
			}
		}
		s.updateArenas(c)
	}
	if c.Used(&s.btnWatch) && s.prof != nil && len(s.prof.Playing) > 0 {
		s.watcher.start(c, s.prof.Playing[0])
	}
	if err := s.watcher.poll(c); err != nil {
		s.err = refusalWords(c, err)
	}
	s.opening = s.watcher.busy()
	if c.Used(&s.btnBack) || c.Keys().Consume(scenes.ActBack) {
		s.watcher.abandon()
		c.Pop()
	}
	return nil
}

// watcher opens a game to watch off the game loop, and shows it on the
// play screen once it is open.
type watcher struct {
	wait chan watchResult
	// acct is the lobby's account, closed when the game opens in place
	// of the lobby (its seeks go with it).
	acct *remote.Account
}

type watchResult struct {
	p   *remote.Player
	err error
}

func (w *watcher) busy() bool { return w.wait != nil }

// start opens game code: both its seats are taken, so it is watched.
func (w *watcher) start(c scenes.Context, code string) {
	if w.wait != nil {
		return
	}
	w.wait = make(chan watchResult, 1)
	server, st, ch := c.Server(), c.Store(), w.wait
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), remote.DialTimeout)
		defer cancel()
		p, err := remote.Open(ctx, server, code, st)
		ch <- watchResult{p, err}
	}()
}

// replay opens a recent game's record, read from the server, in the
// replay (whose menu opens the analysis).
func (s *Profile) replay(c scenes.Context, code string) {
	open := c.Pages().Replay
	if open == nil || s.busy {
		return
	}
	s.busy = true
	server := c.Server()
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), remote.DialTimeout)
		defer cancel()
		rec, err := remote.GameRecord(ctx, server, code)
		s.wait <- func(s *Profile) {
			s.busy = false
			if err != nil {
				s.err = refusalWords(c, err)
				platform.Speak(s.err)
				return
			}
			s.err = ""
			c.Push(open(c, rec))
		}
	}()
}

// abandon: the screen is left with a game still opening, whose result
// its poll will never take: the game is closed once open.
func (w *watcher) abandon() {
	if w.wait == nil {
		return
	}
	ch := w.wait
	w.wait = nil
	go func() {
		if r := <-ch; r.p != nil {
			r.p.Close()
		}
	}()
}

// poll shows the game once open; it returns why it could not be.
func (w *watcher) poll(c scenes.Context) error {
	if w.wait == nil {
		return nil
	}
	select {
	case r := <-w.wait:
		w.wait = nil
		if r.err != nil {
			return r.err
		}
		if open := c.Pages().OpenOnlineGame; open != nil {
			if w.acct != nil {
				w.acct.Close()
			}
			open(c, r.p)
		} else {
			r.p.Close()
		}
	default:
	}
	return nil
}

// gameWords is a recent game's row: the opponent, the result and the
// rating change, the game.
func (s *Profile) gameWords(c scenes.Context, g remote.ProfileGame) string {
	t := c.Text()
	me := rules.White
	opp := g.Black
	if strings.EqualFold(g.Black, s.prof.Name) {
		me, opp = rules.Black, g.White
	}
	if opp == "" {
		opp = t.T("lobby.guest")
	}
	res := t.T("profile.playing")
	switch {
	case g.Status == remote.Over && g.Aborted:
		res = t.T("profile.aborted")
	case g.Status == remote.Over && (g.Result == rules.WhiteWins) == (me == rules.White) && g.Result != rules.Draw:
		res = t.T("profile.won")
	case g.Status == remote.Over && g.Result == rules.Draw:
		res = t.T("profile.drew")
	case g.Status == remote.Over:
		res = t.T("profile.lost")
	}
	out := t.F("profile.vs", "Name", opp) + " · " + res
	if g.Ratings != nil {
		ch := g.Ratings[me].Change
		sign := "+"
		if ch < 0 {
			sign = "-"
			ch = -ch
		}
		out += " " + sign + strconv.Itoa(ch)
	}
	return out + " · " + ratingName(c, g.Variant, g.Speed)
}

// Draw draws the profile.
func (s *Profile) Draw(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	r := &s.rects
	tx := c.Text()
	dst.Fill(t.Background)
	p.RoundRect(dst, r.Card, p.DP(20), t.Panel, p.DP(1), t.PanelEdge)
	x := r.Card.X + r.pad
	p.Text(dst, s.name, 24, sprites.Bold, x, r.titleY, text.AlignStart, text.AlignCenter, t.Text)
	if s.busy || s.opening {
		c.Renderer().DrawSpinner(dst, r.Card.X+r.Card.W-r.pad-p.DP(12), r.titleY, p.DP(18), float64(c.Tick()%60)/60, t.Accent)
	}
	if s.err != "" {
		p.Text(dst, s.err, 14, sprites.Medium, x, r.sinceY, text.AlignStart, text.AlignCenter, t.MustCapture)
	}
	if pr := s.prof; pr != nil {
		p.Text(dst, tx.F("profile.since", "Date", tx.Date(pr.Since)), 14, sprites.Medium, x, r.sinceY, text.AlignStart, text.AlignCenter, t.TextDim)
		p.Text(dst, tx.F("profile.wdl", "Wins", pr.Wins, "Draws", pr.Draws, "Losses", pr.Losses), 15, sprites.Medium, x, r.wdlY, text.AlignStart, text.AlignCenter, t.Text)
		if len(s.rating.Options) > 0 {
			s.rating.Draw(dst, p)
		}
		s.drawGraph(c, dst)
		p.Text(dst, tx.T("profile.games"), 15, sprites.Medium, r.Games[0].X, r.gamesY, text.AlignStart, text.AlignCenter, t.TextDim)
		for i, row := range s.rows().games {
			if i >= len(pr.Games) {
				break
			}
			p.RoundRect(dst, row, p.DP(10), t.Background, p.DP(1), t.PanelEdge)
			words := s.gameWords(c, pr.Games[i])
			size := 14.0
			for size > 12 && p.Measure(words, size, sprites.Medium) > row.W-p.DP(12) {
				size -= 0.5
			}
			p.Text(dst, words, size, sprites.Medium, row.X+p.DP(6), row.Y+row.H/2, text.AlignStart, text.AlignCenter, t.Text)
		}
		s.drawArenas(c, dst)
	}
	s.btnBack.Draw(dst, p)
	s.btnWatch.Draw(dst, p)
}

// drawGraph draws the chosen rating's history: a line over the rated
// games, the rating now written large, the lowest and highest beside the
// axis.
func (s *Profile) drawGraph(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	g := s.rects.Graph
	p.RoundRect(dst, g, p.DP(12), t.Background, p.DP(1), t.PanelEdge)
	r, ok := s.shown()
	if !ok {
		p.Text(dst, c.Text().T("profile.no_ratings"), 14, sprites.Regular, g.X+g.W/2, g.Y+g.H/2, text.AlignCenter, text.AlignCenter, t.TextDim)
		return
	}
	big := ratingWords(r.Rating, r.Provisional)
	p.Text(dst, big, 28, sprites.Bold, g.X+p.DP(14), g.Y+p.DP(24), text.AlignStart, text.AlignCenter, t.Text)
	p.Text(dst, ratingName(c, r.Variant, r.Speed), 14, sprites.Medium, g.X+p.DP(26)+p.Measure(big, 28, sprites.Bold), g.Y+p.DP(26), text.AlignStart, text.AlignCenter, t.TextDim)
	// The points: 1500 before the first game, then after each.
	pts := make([]int, 0, len(r.History)+1)
	pts = append(pts, 1500)
	for _, h := range r.History {
		pts = append(pts, h.Rating)
	}
	lo, hi := pts[0], pts[0]
	for _, v := range pts {
		lo, hi = min(lo, v), max(hi, v)
	}
	lo, hi = lo-20, hi+20
	inner := scenes.Rect{X: g.X + p.DP(52), Y: g.Y + p.DP(48), W: g.W - p.DP(66), H: g.H - p.DP(62)}
	if inner.H < p.DP(20) || inner.W < p.DP(40) {
		return
	}
	yOf := func(v int) float64 { return inner.Y + inner.H - float64(v-lo)/float64(hi-lo)*inner.H }
	xOf := func(i int) float64 {
		if len(pts) == 1 {
			return inner.X + inner.W/2
		}
		return inner.X + float64(i)/float64(len(pts)-1)*inner.W
	}
	p.Line(dst, inner.X, inner.Y+inner.H, inner.X+inner.W, inner.Y+inner.H, p.DP(1), t.PanelEdge)
	p.Line(dst, inner.X, inner.Y, inner.X, inner.Y+inner.H, p.DP(1), t.PanelEdge)
	p.Text(dst, strconv.Itoa(hi), 12, sprites.Regular, inner.X-p.DP(6), inner.Y, text.AlignEnd, text.AlignCenter, t.TextDim)
	p.Text(dst, strconv.Itoa(lo), 12, sprites.Regular, inner.X-p.DP(6), inner.Y+inner.H, text.AlignEnd, text.AlignCenter, t.TextDim)
	for i := 1; i < len(pts); i++ {
		p.Line(dst, xOf(i-1), yOf(pts[i-1]), xOf(i), yOf(pts[i]), p.DP(2.5), t.Accent)
	}
	for i, v := range pts {
		p.Circle(dst, xOf(i), yOf(v), p.DP(3.5), t.Accent)
	}
}
