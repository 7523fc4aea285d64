package online

import (
	"context"
	"math"
	"strconv"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/text"
	"bashni/online/remote"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// The leaderboards and the games being played: two lists over the
// lobby's account, whose rows open a profile or watch a game.

const (
	// SceneLeaders is the leaderboard of a variant and speed.
	SceneLeaders = "leaders"
	// SceneLive is the "playing now" list and "watch the top game".
	SceneLive = "live"
)

// ListRects is where a list screen puts things: a title, up to two
// choices, the rows, Back and an action.
type ListRects struct {
	Card            scenes.Rect
	titleY, noneY   float64
	Choice, Choice2 scenes.Rect
	Rows            []scenes.Rect
	Back, Action    scenes.Rect
	pad             float64
}

// ListLayout lays a list screen out; choices is how many rows of choices
// go above the list.
func ListLayout(w, h, scale float64, choices int) ListRects {
	dp := func(v float64) float64 { return math.Round(v * scale) }
	var r ListRects
	pad, row, gap := dp(14), dp(46), dp(8)
	cw := math.Min(w-dp(12), dp(760))
	r.Card = scenes.Rect{X: math.Round((w - cw) / 2), Y: dp(6), W: cw, H: h - dp(12)}
	r.pad = pad
	x, colW := r.Card.X+pad, cw-2*pad
	y := r.Card.Y + pad
	r.titleY = y + dp(18)
	y += dp(44)
	if choices > 0 {
		r.Choice = scenes.Rect{X: x, Y: y, W: colW, H: row}
		y += row + gap
	}
	if choices > 1 {
		r.Choice2 = scenes.Rect{X: x, Y: y, W: colW, H: row}
		y += row + gap
	}
	bottom := r.Card.Y + r.Card.H - pad
	half := (colW - gap) / 2
	r.Back = scenes.Rect{X: x, Y: bottom - row, W: half, H: row}
	r.Action = scenes.Rect{X: x + half + gap, Y: bottom - row, W: half, H: row}
	r.noneY = y + dp(22)
	for y+dp(44) <= r.Back.Y-gap && len(r.Rows) < 50 {
		r.Rows = append(r.Rows, scenes.Rect{X: x, Y: y, W: colW, H: dp(44)})
		y += dp(48)
	}
	return r
}

// list is what the two list screens share: the account, the rows' words,
// a request off the game loop, Back.
type list struct {
	rects   ListRects
	acct    *remote.Account
	btnBack ui.Button
	btnAct  ui.Button
	rows    []string
	parts   []rowParts // the rows as two lines, when one does not fit
	fitted  rowCache
	none    string // said when there are no rows
	err     string
	busy    bool
	wait    chan func()
	watcher watcher
}

func newList(c scenes.Context, acct *remote.Account, action string) list {
	return list{acct: acct, wait: make(chan func(), 2), watcher: watcher{acct: acct},
		btnBack: ui.Button{Label: c.Text().T("lobby.back"), Icon: ui.IconBack, TextSize: 15},
		btnAct:  ui.Button{Label: action, TextSize: 15}}
}

// ask runs f off the game loop; done runs on it after.
func (l *list) ask(c scenes.Context, f func(ctx context.Context) error, done func()) {
	if l.busy || l.acct == nil {
		return
	}
	l.busy = true
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), remote.DialTimeout)
		defer cancel()
		err := f(ctx)
		l.wait <- func() {
			l.busy = false
			if err != nil {
				l.err = refusalWords(c, err)
				platform.Speak(l.err)
				return
			}
			l.err = ""
			done()
		}
	}()
}

// update runs what came back and the rows: the row activated, or -1.
func (l *list) update(c scenes.Context) (row int, back bool) {
	select {
	case f := <-l.wait:
		f()
		c.Invalidate()
	default:
	}
	if l.busy || l.watcher.busy() {
		c.Spin()
	}
	if err := l.watcher.poll(c); err != nil {
		l.err = refusalWords(c, err)
	}
	row = -1
	for i, r := range l.rects.Rows {
		if i >= len(l.rows) {
			break
		}
		st := c.FocusItem(r, l.rows[i])
		if p := c.Pointer(); st.Activated || (p.Released && p.In(r) && !p.Consumed) {
			row = i
		}
	}
	back = c.Used(&l.btnBack) || c.Keys().Consume(scenes.ActBack)
	return row, back
}

func (l *list) layout(w, h, scale float64, choices int) {
	l.rects = ListLayout(w, h, scale, choices)
	l.btnBack.Rect, l.btnAct.Rect = l.rects.Back, l.rects.Action
}

func (l *list) draw(c scenes.Context, dst *ebiten.Image, title string) {
	p := c.Painter()
	t := p.Theme
	r := &l.rects
	dst.Fill(t.Background)
	p.RoundRect(dst, r.Card, p.DP(20), t.Panel, p.DP(1), t.PanelEdge)
	x := r.Card.X + r.pad
	p.Text(dst, title, 24, sprites.Bold, x, r.titleY, text.AlignStart, text.AlignCenter, t.Text)
	if l.busy || l.watcher.busy() {
		c.Renderer().DrawSpinner(dst, r.Card.X+r.Card.W-r.pad-p.DP(12), r.titleY, p.DP(18), float64(c.Tick()%60)/60, t.Accent)
	}
	switch {
	case l.err != "":
		p.Text(dst, l.err, 14, sprites.Medium, x, r.noneY, text.AlignStart, text.AlignCenter, t.MustCapture)
	case len(l.rows) == 0 && !l.busy:
		lines := p.Wrap(l.none, 14, sprites.Regular, r.Card.W-2*r.pad)
		y := r.noneY
		for _, ln := range lines {
			p.Text(dst, ln, 14, sprites.Regular, x, y, text.AlignStart, text.AlignCenter, t.TextDim)
			y += p.DP(18)
		}
	}
	for i, row := range r.Rows {
		if i >= len(l.rows) {
			break
		}
		p.RoundRect(dst, row, p.DP(10), t.Background, p.DP(1), t.PanelEdge)
		l.row(p, i, row.W-p.DP(16)).draw(p, dst, row, sprites.Medium, t.Text)
	}
	l.btnBack.Draw(dst, p)
	l.btnAct.Draw(dst, p)
}

// row is row i fitted to room (physical pixels).
func (l *list) row(p *ui.Painter, i int, room float64) rowText {
	return l.fitted.get(p, i, room, 15, sprites.Medium, func() rowParts {
		if i < len(l.parts) {
			return l.parts[i]
		}
		w := l.rows[i]
		return rowParts{words: w, first: func([]string) string { return w }}
	}, l.rows[i])
}

// setRows sets the rows' words.
func (l *list) setRows(parts []rowParts) {
	l.rows, l.parts = l.rows[:0], parts
	for _, r := range parts {
		l.rows = append(l.rows, r.words)
	}
}

// Leaders is the leaderboard of a variant and speed.
type Leaders struct {
	list
	variant, speed ui.Segmented
	leaders        []remote.Leader
}

// NewLeaders shows the leaderboard of the lobby's variant, blitz first.
func NewLeaders(c scenes.Context, acct *remote.Account, v rules.Variant) *Leaders {
	t := c.Text()
	s := &Leaders{list: newList(c, acct, t.T("leaders.refresh"))}
	s.none = t.T("leaders.none")
	s.variant = ui.Segmented{Name: t.T("lobby.variant"), Options: []string{t.T("online.bashni"), t.T("online.lasca")}}
	if v == rules.Lasca {
		s.variant.Selected = 1
	}
	s.speed.Name = t.T("profile.speed")
	for _, sp := range remote.Speeds {
		s.speed.Options = append(s.speed.Options, t.T("profile.speed_"+sp.String()))
	}
	s.speed.Selected = 1
	s.load(c)
	return s
}

func (s *Leaders) load(c scenes.Context) {
	v := rules.Bashni
	if s.variant.Selected == 1 {
		v = rules.Lasca
	}
	sp := remote.Speeds[s.speed.Selected]
	var got []remote.Leader
	s.ask(c, func(ctx context.Context) error {
		var err error
		got, err = s.acct.Leaderboard(ctx, v, sp)
		return err
	}, func() {
		s.leaders = got
		parts := make([]rowParts, len(got))
		for i, l := range got {
			parts[i] = leaderParts(c, l)
		}
		s.setRows(parts)
	})
}

// Name is the scene's name.
func (s *Leaders) Name() string { return SceneLeaders }

// Layout places the controls.
func (s *Leaders) Layout(c scenes.Context, w, h, scale float64) {
	s.layout(w, h, scale, 2)
	s.variant.Rect, s.speed.Rect = s.rects.Choice, s.rects.Choice2
	s.variant.Weigh(c.Painter())
	s.speed.Weigh(c.Painter())
}

// Update handles the choices and the rows: a row opens the profile.
func (s *Leaders) Update(c scenes.Context) error {
	changed := false
	for _, sg := range []*ui.Segmented{&s.variant, &s.speed} {
		if c.Used(sg) {
			c.Play(scenes.UITap)
			changed = true
		}
	}
	row, back := s.update(c)
	if changed || c.Used(&s.btnAct) {
		s.load(c)
	}
	if row >= 0 && row < len(s.leaders) {
		c.Push(NewProfile(c, s.acct, s.leaders[row].Name))
		return nil
	}
	if back {
		s.watcher.abandon()
		c.Pop()
	}
	return nil
}

// Draw draws the leaderboard.
func (s *Leaders) Draw(c scenes.Context, dst *ebiten.Image) {
	s.draw(c, dst, c.Text().T("leaders.title"))
	p := c.Painter()
	s.variant.Draw(dst, p)
	s.speed.Draw(dst, p)
}

// Live is the list of games being played, highest rated first, and
// "watch the top game".
type Live struct {
	list
	games  []remote.LiveGame
	loaded time.Time
	top    bool // watch the top game as soon as the list comes
	said   bool
	// following is the top game's watch, once started: the account is
	// its from then on.
	following *topFollow
	// own: the account is the screen's, made for it (NewWatch, a screen
	// with no lobby under it): dialled from the first Update, closed when
	// the screen is left; pending until it is asked for.
	own, pending bool
	left         leaving
}

// NewLive shows the games being played.
func NewLive(c scenes.Context, acct *remote.Account) *Live {
	t := c.Text()
	s := &Live{list: newList(c, acct, t.T("live.watch_top"))}
	s.none = t.T("live.none")
	s.load(c)
	return s
}

// NewWatch shows the games being played over an account of the screen's
// own (the router's Live, from the title); with top it follows the top
// game as soon as the list comes.
func NewWatch(c scenes.Context, top bool) *Live {
	t := c.Text()
	s := &Live{list: newList(c, nil, t.T("live.watch_top")), top: top, own: true, pending: true}
	s.none = t.T("live.none")
	s.btnAct.Disabled = true
	return s
}

// connect dials the screen's own account off the game loop, then reads
// the list. A screen left while dialling closes it (leaving).
func (s *Live) connect(c scenes.Context) {
	server, st, left := c.Server(), c.Store(), &s.left
	s.busy = true
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), remote.DialTimeout)
		defer cancel()
		acct, _, err := remote.OpenAccount(ctx, st, server)
		if err == nil && !left.hold(acct) {
			return // left meanwhile: closed
		}
		s.wait <- func() {
			s.busy = false
			if err != nil {
				s.err = refusalWords(c, err)
				platform.Speak(s.err)
				return
			}
			if !s.left.take(acct) {
				return
			}
			s.acct, s.watcher.acct = acct, acct
			s.load(c)
			c.Meanwhile(s.guard)
		}
	}()
}

// guard closes the screen's own account once the screen is gone without
// Back (another screen put in place of every other) and nothing the
// account serves goes on: the top game's following owns it from its
// start, a game being opened closes it when it shows.
func (s *Live) guard(c scenes.Context) bool {
	switch {
	case s.following != nil || s.acct == nil:
		return false
	case c.OnTop() == scenes.Scene(s) || s.watcher.busy():
		return true
	}
	s.leave()
	return false
}

// leave closes the screen's own account, and one still being made.
func (s *Live) leave() {
	if !s.own {
		return
	}
	// A following not yet shown ends with it (its account is closed);
	// one shown has taken this screen's place on the stack.
	s.left.leave()
	if s.acct != nil {
		s.acct.Close()
	}
	s.acct = nil
}

// liveRefresh is how often the list is read again while shown.
const liveRefresh = 5 * time.Second

func (s *Live) load(c scenes.Context) {
	var got []remote.LiveGame
	s.loaded = time.Now()
	s.ask(c, func(ctx context.Context) error {
		var err error
		got, err = s.acct.Playing(ctx)
		return err
	}, func() {
		s.games = got
		parts := make([]rowParts, len(got))
		for i, g := range got {
			parts[i] = liveParts(c, g)
		}
		s.setRows(parts)
		s.btnAct.Disabled = len(got) == 0
		if !s.said {
			// Said once: the top game, or that none is being played.
			s.said = true
			if len(s.rows) > 0 {
				platform.Speak(s.rows[0])
			} else {
				platform.Speak(s.none)
			}
		}
	})
}

// liveParts is a game's row, whole and as two lines: the players; the game.
func liveParts(c scenes.Context, g remote.LiveGame) rowParts {
	var names [2]string
	var ratings [2]string
	for i, p := range g.Players {
		names[i] = p.Name
		if p.Name == "" {
			names[i] = c.Text().T("lobby.guest")
		} else {
			ratings[i] = " " + ratingWords(p.Rating, p.Provisional)
		}
	}
	first := func(n []string) string { return n[0] + ratings[0] + " – " + n[1] + ratings[1] }
	second := gameWords(c, g.Variant, g.Clock, g.Rated)
	return rowParts{words: first(names[:]) + " · " + second, names: names[:], first: first, second: second}
}

// leaderParts is a leader's row, whole and as two lines: the place, the
// name and the rating; the games played.
func leaderParts(c scenes.Context, l remote.Leader) rowParts {
	place, rating := strconv.Itoa(l.Rank)+". ", " · "+strconv.Itoa(l.Rating)
	first := func(n []string) string { return place + n[0] + rating }
	second := c.Text().F("leaders.games", "Count", l.Games)
	return rowParts{words: first([]string{l.Name}) + " · " + second, names: []string{l.Name}, first: first, second: second}
}

// Name is the scene's name.
func (s *Live) Name() string { return SceneLive }

// Layout places the controls.
func (s *Live) Layout(c scenes.Context, w, h, scale float64) { s.layout(w, h, scale, 0) }

// Update follows the list; a row watches its game, the button the top one.
func (s *Live) Update(c scenes.Context) error {
	if s.pending {
		s.pending = false
		s.connect(c)
	}
	row, back := s.update(c)
	if s.acct != nil && time.Since(s.loaded) > liveRefresh {
		s.load(c)
	}
	switch {
	case row >= 0 && row < len(s.games):
		s.watcher.start(c, s.games[row].Code)
	case (c.Used(&s.btnAct) || s.top) && len(s.games) > 0:
		s.top = false
		s.watchTop(c)
	case back:
		s.watcher.abandon()
		s.leave()
		c.Pop()
	}
	return nil
}

// watchTop follows the top game: the lobby's account is the follower's
// from then on (topFollow), and the game shows once open.
func (s *Live) watchTop(c scenes.Context) {
	var code string
	s.ask(c, func(ctx context.Context) error {
		var err error
		code, err = s.acct.WatchTop(ctx)
		return err
	}, func() {
		s.following = followTop(c, s.acct, s, code)
		s.following.owned = s.own
	})
}

// Draw draws the list.
func (s *Live) Draw(c scenes.Context, dst *ebiten.Image) {
	s.draw(c, dst, c.Text().T("live.title"))
}
