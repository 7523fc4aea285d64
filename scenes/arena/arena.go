// Package arena is the arenas' page (docs/ONLINE.md "Arenas"): the list of
// running and coming arenas with their countdowns, one arena's live table
// (join, pause, the games it pairs opened on the play page), and after the
// end its podium and final table.
package arena

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"bashni/online/remote"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// SceneArena is the page's name (window.bashni.scene).
const SceneArena = "arena"

// Screen is the arenas' page: the list, or one arena when id is set.
type Screen struct {
	w, h, scale float64
	card        scenes.Rect
	rowRects    []scenes.Rect // the list's rows: a tap or Enter opens the arena
	focused     int           // the row with the keyboard focus, -1 if none

	btnBack, btnJoin, btnCreate ui.Button

	arenas  *remote.Arenas
	me      remote.Me
	list    []remote.ArenaInfo
	id      string // the arena shown; "" for the list
	joined  bool
	version int64
	busy    bool
	err     string
	wait    chan result
	opening bool               // a paired game is being opened
	tbl     *remote.ArenaTable // the latest table, taken from arenas each tick
	pending bool               // not yet connected (connect)
}

type result struct {
	arenas *remote.Arenas
	me     remote.Me
	list   []remote.ArenaInfo
	table  *remote.ArenaTable
	joined *bool
	player *remote.Player
	err    error
}

// New makes the page; id, if not empty, is that arena's table (a shared
// link, the typed "join arena").
func New(c scenes.Context, id string) *Screen {
	t := c.Text()
	s := &Screen{id: id}
	s.btnBack = ui.Button{Label: t.T("arena.back"), Icon: ui.IconBack}
	s.btnJoin = ui.Button{Label: t.T("arena.join"), Kind: ui.Primary}
	s.btnCreate = ui.Button{Label: t.T("arena.create")}
	s.pending = true
	return s
}

// connect dials the server, from the first Update: in a page the game is
// still starting when the page is made, and a dial begun then could time
// out.
func (s *Screen) connect(c scenes.Context) {
	id, store, server := s.id, c.Store(), c.Server()
	s.run(c, func(ctx context.Context, r *result) error {
		a, me, err := remote.OpenArenas(ctx, store, server)
		if err != nil {
			return err
		}
		r.arenas, r.me = a, me
		if id != "" {
			t, err := a.Watch(ctx, id, 1)
			r.table = &t
			return err
		}
		r.list, err = a.List(ctx)
		return err
	})
}

// Name is the scene's name.
func (s *Screen) Name() string { return SceneArena }

// Layout places the card and the buttons.
func (s *Screen) Layout(c scenes.Context, w, h, scale float64) {
	s.w, s.h, s.scale = w, h, scale
	dp := func(v float64) float64 { return math.Round(v * scale) }
	cw := math.Min(w-dp(16), dp(720))
	s.card = scenes.Rect{X: math.Round((w - cw) / 2), Y: dp(8), W: cw, H: h - dp(16)}
	pad, btn := dp(14), dp(48)
	bw := (cw - 2*pad - 2*dp(8)) / 3
	y := s.card.Y + s.card.H - pad - btn
	s.btnBack.Rect = scenes.Rect{X: s.card.X + pad, Y: y, W: bw, H: btn}
	s.btnJoin.Rect = scenes.Rect{X: s.card.X + pad + bw + dp(8), Y: y, W: bw, H: btn}
	s.btnCreate.Rect = scenes.Rect{X: s.card.X + pad + 2*(bw+dp(8)), Y: y, W: bw, H: btn}
}

// rowH is a list row's height.
func (s *Screen) rowH() float64 { return math.Round(40 * s.scale) }

// listTop is where the list's rows begin.
func (s *Screen) listTop() float64 {
	return s.card.Y + math.Round(14*s.scale) + math.Round(20*s.scale) + math.Round(32*s.scale)
}

// placeRows keeps a button for each row of the list that fits.
func (s *Screen) placeRows() {
	s.rowRects = s.rowRects[:0]
	if s.id != "" {
		return
	}
	pad := math.Round(14 * s.scale)
	y, bottom := s.listTop(), s.btnBack.Rect.Y-math.Round(8*s.scale)
	for range s.list {
		if y+s.rowH() > bottom {
			break
		}
		s.rowRects = append(s.rowRects, scenes.Rect{X: s.card.X + pad, Y: y, W: s.card.W - 2*pad, H: s.rowH() - math.Round(4*s.scale)})
		y += s.rowH()
	}
}

// run does f off the game loop; Update takes its result.
func (s *Screen) run(c scenes.Context, f func(ctx context.Context, r *result) error) {
	if s.busy {
		return
	}
	s.busy, s.err = true, ""
	s.wait = make(chan result, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), remote.DialTimeout)
		defer cancel()
		var r result
		r.err = f(ctx, &r)
		s.wait <- r
	}()
	c.Invalidate()
}

// table is the shown arena's latest table, nil before it came.
func (s *Screen) table() *remote.ArenaTable {
	if s.tbl == nil || s.tbl.ID != s.id {
		return nil
	}
	return s.tbl
}

// Update takes the server's answers, opens paired games and handles input.
func (s *Screen) Update(c scenes.Context) error {
	if s.pending {
		s.pending = false
		s.connect(c)
	}
	if s.busy {
		c.Spin()
		select {
		case r := <-s.wait:
			s.busy = false
			if r.arenas != nil {
				s.arenas, s.me = r.arenas, r.me
			}
			if r.list != nil {
				s.list = r.list
			}
			if r.joined != nil {
				s.joined = *r.joined
			}
			if r.table != nil {
				s.id = r.table.ID
				s.joined = r.table.You != nil && !r.table.You.Paused
			}
			if r.err != nil {
				s.err = c.Text().F("arena.failed", "Error", r.err.Error())
			}
			if r.player != nil {
				s.opening = false
				if open := c.Pages().PushOnlineGame; open != nil {
					open(c, r.player)
				}
			}
			c.Invalidate()
		default:
		}
	}
	if s.arenas != nil {
		if t, v, _ := s.arenas.Latest(); v != s.version {
			s.version, s.tbl = v, t
			if t != nil && t.ID == s.id && t.You != nil {
				s.joined = !t.You.Paused
			}
			c.Invalidate()
		}
		if !s.busy && !s.opening {
			if code := s.arenas.Paired(); code != "" {
				s.opening = true
				server, store := c.Server(), c.Store()
				s.run(c, func(ctx context.Context, r *result) error {
					p, err := remote.Open(ctx, server, code, store)
					r.player = p
					return err
				})
			}
		}
	}
	if c.Tick()%30 == 0 {
		c.Invalidate() // the countdowns
	}
	s.btnJoin.Disabled = s.busy || s.arenas == nil
	s.btnCreate.Disabled = s.busy || s.arenas == nil || s.me.Name == ""
	if s.id != "" {
		s.btnJoin.Label = c.Text().T(map[bool]string{false: "arena.join", true: "arena.pause"}[s.joined])
		if t := s.table(); t != nil && t.Status == remote.ArenaFinished {
			s.btnJoin.Disabled = true
		}
	}
	s.placeRows()
	switch {
	case c.Used(&s.btnBack) || c.Keys().Consume(scenes.ActBack):
		s.back(c)
	case c.Used(&s.btnJoin) || c.Keys().Consume(scenes.ActConfirm):
		s.joinOrPause(c)
	case c.Used(&s.btnCreate):
		s.create(c)
	default:
		s.tapRow(c)
	}
	return nil
}

func (s *Screen) back(c scenes.Context) {
	if s.id != "" && s.arenas != nil {
		s.id = ""
		a := s.arenas
		s.run(c, func(ctx context.Context, r *result) error {
			var err error
			r.list, err = a.List(ctx)
			return err
		})
		return
	}
	if s.arenas != nil {
		s.arenas.Close()
	}
	c.Pop()
}

// tapRow opens the arena of a tapped row of the list.
func (s *Screen) tapRow(c scenes.Context) {
	if s.id != "" || s.arenas == nil || s.busy {
		return
	}
	ptr := c.Pointer()
	s.focused = -1
	for i, r := range s.rowRects {
		st := c.FocusItem(r, s.list[i].Name)
		if st.Focused {
			s.focused = i
		}
		tapped := ptr.Released && !ptr.Consumed && ptr.In(r)
		if tapped {
			ptr.Consumed = true
		}
		if st.Activated || tapped {
			id, a := s.list[i].ID, s.arenas
			s.run(c, func(ctx context.Context, r *result) error {
				t, err := a.Watch(ctx, id, 1)
				r.table = &t
				return err
			})
			return
		}
	}
}

// joinOrPause joins the arena shown (the first running or coming one from
// the list), or pauses in it.
func (s *Screen) joinOrPause(c scenes.Context) {
	if s.arenas == nil || s.busy {
		return
	}
	a, id, joined := s.arenas, s.id, s.joined
	if id == "" {
		if len(s.list) == 0 {
			return
		}
		id = s.list[0].ID
	}
	s.run(c, func(ctx context.Context, r *result) error {
		if joined {
			no := false
			r.joined = &no
			return a.Leave(ctx, id)
		}
		t, err := a.Join(ctx, id)
		r.table = &t
		return err
	})
}

// create makes a 30-minute arena of the variant last played, starting in
// a minute, and shows it with its link.
func (s *Screen) create(c scenes.Context) {
	if s.arenas == nil || s.me.Name == "" {
		return
	}
	a := s.arenas
	v := c.Settings().NewGame.Variant.Rules()
	name := c.Text().F("arena.made_by", "Name", s.me.Name)
	s.run(c, func(ctx context.Context, r *result) error {
		t, err := a.Create(ctx, remote.ArenaRequest{Name: name, Variant: v, Clock: remote.Blitz5, Minutes: 30, Rated: true, StartsIn: time.Minute})
		r.table = &t
		return err
	})
}

// Countdown is d as m:ss, or h:mm:ss past an hour.
func Countdown(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	sec := int(d / time.Second)
	if sec >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", sec/3600, sec/60%60, sec%60)
	}
	return fmt.Sprintf("%d:%02d", sec/60, sec%60)
}

// Sheet is a player's game scores, newest last, as the table shows them.
func Sheet(points []int, max int) string {
	if len(points) > max {
		points = points[len(points)-max:]
	}
	parts := make([]string, len(points))
	for i, p := range points {
		parts[i] = fmt.Sprint(p)
	}
	return strings.Join(parts, " ")
}

func (s *Screen) variantWord(c scenes.Context, v rules.Variant) string {
	if v == rules.Lasca {
		return c.Text().T("online.lasca")
	}
	return c.Text().T("online.bashni")
}

// Draw draws the list, or the arena's table (with its podium when over).
func (s *Screen) Draw(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	th := p.Theme
	tx := c.Text()
	dst.Fill(th.Background)
	p.RoundRect(dst, s.card, p.DP(18), th.Panel, p.DP(1), th.PanelEdge)
	pad := p.DP(14)
	x := s.card.X + pad
	right := s.card.X + s.card.W - pad
	y := s.card.Y + pad + p.DP(20)
	now := time.Now()
	rowH := p.DP(40)
	bottom := s.btnBack.Rect.Y - p.DP(8)
	t := s.table()
	switch {
	case s.id == "" || t == nil:
		p.Text(dst, tx.T("arena.title"), 24, sprites.Bold, x, y, text.AlignStart, text.AlignCenter, th.Text)
		y += p.DP(32)
		if len(s.list) == 0 && !s.busy {
			p.Text(dst, tx.T("arena.none"), 15, sprites.Medium, x, y, text.AlignStart, text.AlignCenter, th.TextDim)
		}
		for i, a := range s.list {
			if y+rowH > bottom {
				break
			}
			r := scenes.Rect{X: x, Y: y, W: right - x, H: rowH - p.DP(4)}
			p.RoundRect(dst, r, p.DP(8), th.Background, p.DP(1), th.PanelEdge)
			if i == s.focused {
				p.RoundRect(dst, r, p.DP(8), th.Background, p.DP(2), th.Accent)
			}
			p.Text(dst, a.Name, 15, sprites.Bold, x+p.DP(8), y+rowH*0.3, text.AlignStart, text.AlignCenter, th.Text)
			var when string
			switch a.Status {
			case remote.ArenaComing:
				when = tx.F("arena.starts_in", "Time", Countdown(a.Starts.Sub(now)))
			case remote.ArenaRunning:
				when = tx.F("arena.ends_in", "Time", Countdown(a.Ends.Sub(now)))
			default:
				when = tx.T("arena.finished")
			}
			info := fmt.Sprintf("%s · %s · %s", s.variantWord(c, a.Variant), clockWords(a.Clock), tx.N("arena.players", a.Players))
			p.Text(dst, info, 12, sprites.Medium, x+p.DP(8), y+rowH*0.72, text.AlignStart, text.AlignCenter, th.TextDim)
			p.Text(dst, when, 13, sprites.Medium, right-p.DP(8), y+rowH*0.3, text.AlignEnd, text.AlignCenter, th.Accent)
			y += rowH
		}
	default:
		p.Text(dst, t.Name, 22, sprites.Bold, x, y, text.AlignStart, text.AlignCenter, th.Text)
		var when string
		switch t.Status {
		case remote.ArenaComing:
			when = tx.F("arena.starts_in", "Time", Countdown(t.Starts.Sub(now)))
		case remote.ArenaRunning:
			when = tx.F("arena.ends_in", "Time", Countdown(t.Ends.Sub(now)))
		default:
			when = tx.T("arena.finished")
		}
		p.Text(dst, when, 14, sprites.Medium, right, y, text.AlignEnd, text.AlignCenter, th.Accent)
		y += p.DP(24)
		p.Text(dst, remote.ArenaLink(c.Server(), t.ID), 11, sprites.Medium, x, y, text.AlignStart, text.AlignCenter, th.TextDim)
		y += p.DP(22)
		if t.Status == remote.ArenaFinished && len(t.Standings) > 0 {
			y = s.drawPodium(c, dst, t.Standings, x, right, y)
		}
		rh := p.DP(28)
		for _, r := range t.Standings {
			if y+rh > bottom {
				break
			}
			box := scenes.Rect{X: x, Y: y, W: right - x, H: rh - p.DP(2)}
			if t.You != nil && r.Name == t.You.Name && r.Name != "" {
				p.RoundRect(dst, box, p.DP(6), th.Accent, 0, th.Accent)
			}
			line := fmt.Sprintf("%d. %s (%d)", r.Rank, r.Name, r.Rating)
			p.Text(dst, line, 14, sprites.Medium, x+p.DP(6), y+rh/2, text.AlignStart, text.AlignCenter, th.Text)
			if r.Streak {
				// The fire mark: the next game scores double.
				fx := x + p.DP(14) + p.Measure(line, 14, sprites.Medium)
				p.Flame(dst, fx, y+rh/2, p.DP(14), th.MustCapture)
			}
			p.Text(dst, Sheet(r.Sheet, int((right-x)/p.DP(60))), 12, sprites.Medium, x+(right-x)*0.55, y+rh/2, text.AlignStart, text.AlignCenter, th.TextDim)
			p.Text(dst, fmt.Sprint(r.Points), 15, sprites.Bold, right-p.DP(6), y+rh/2, text.AlignEnd, text.AlignCenter, th.Text)
			y += rh
		}
	}
	if s.err != "" {
		lines := p.Wrap(s.err, 13, sprites.Medium, s.card.W-2*pad)
		if len(lines) > 2 {
			lines = lines[:2]
		}
		ly := bottom - p.DP(16)*float64(len(lines))
		for _, l := range lines {
			p.Text(dst, l, 13, sprites.Medium, x, ly, text.AlignStart, text.AlignCenter, th.MustCapture)
			ly += p.DP(16)
		}
	}
	if s.busy {
		c.Renderer().DrawSpinner(dst, right-p.DP(10), s.card.Y+pad+p.DP(20), p.DP(18), float64(c.Tick()%60)/60, th.Accent)
	}
	s.btnBack.Draw(dst, p)
	s.btnJoin.Draw(dst, p)
	s.btnCreate.Draw(dst, p)
}

// drawPodium draws the first three on steps, second left, first middle,
// third right; it returns the y below it.
func (s *Screen) drawPodium(c scenes.Context, dst *ebiten.Image, rows []remote.ArenaRow, x, right, y float64) float64 {
	p := c.Painter()
	th := p.Theme
	w := (right - x) / 3
	base := y + p.DP(110)
	for i, place := range []int{1, 0, 2} {
		if place >= len(rows) {
			continue
		}
		h := p.DP([]float64{70, 50, 35}[place])
		step := scenes.Rect{X: x + float64(i)*w + p.DP(4), Y: base - h, W: w - p.DP(8), H: h}
		p.RoundRect(dst, step, p.DP(6), th.Accent, 0, th.Accent)
		p.Text(dst, fmt.Sprint(place+1), 22, sprites.Bold, step.X+step.W/2, step.Y+h/2, text.AlignCenter, text.AlignCenter, th.Panel)
		p.Text(dst, rows[place].Name, 14, sprites.Bold, step.X+step.W/2, step.Y-p.DP(26), text.AlignCenter, text.AlignCenter, th.Text)
		p.Text(dst, fmt.Sprint(rows[place].Points), 13, sprites.Medium, step.X+step.W/2, step.Y-p.DP(10), text.AlignCenter, text.AlignCenter, th.TextDim)
	}
	return base + p.DP(10)
}

func clockWords(k remote.Clock) string {
	if k.Kind != remote.LiveClock {
		return ""
	}
	return fmt.Sprintf("%d+%d", int(k.Initial/time.Minute), int(k.Increment/time.Second))
}
