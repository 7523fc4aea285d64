package online

import (
	"bashni/scenes"
	"context"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/text"
	"bashni/online/remote"
	"bashni/rules"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// SceneOnline is the "Play a friend online" screen: create a game, or join
// one by its code.
const SceneOnline = "online"

// Rects is where the online screen puts things.
type Rects struct {
	Card                 scenes.Rect
	Variant, Side, Clock scenes.Rect // the segmented controls
	Back, Create         scenes.Rect
	Code, Join           scenes.Rect // the code field and its button
	labelY               [4]float64
	titleY, statusY      float64
	pad                  float64
	// Body is the part of the card the rows show in, below the title;
	// Content is the rows' height. On a screen too short for the card (a
	// phone on its side) Back and Create game go to the card's foot and
	// the rows, the code to join and the line under it scroll in the
	// body between the title and them: the rows above are where they are
	// when scrolled to the top.
	Body    scenes.Rect
	Content float64
}

// MaxScroll is how far the rows scroll: 0 when they fit.
func (r Rects) MaxScroll() float64 { return math.Max(0, r.Content-r.Body.H) }

// Layout lays out the online screen.
func Layout(w, h, scale float64) Rects {
	dp := func(v float64) float64 { return math.Round(v * scale) }
	var r Rects
	cw := math.Min(w-dp(24), dp(560))
	pad := dp(18)
	seg, label, gap, btn, title := dp(48), dp(28), dp(12), dp(52), dp(52)
	join := label + seg + dp(56) // the code to join and the line under it
	ch := pad + title + 3*(label+seg+gap) + btn + dp(18) + join + pad
	room := h - 2*dp(8)
	pinned := ch > room
	if pinned {
		ch = room
	}
	r.Card = scenes.Rect{X: math.Round((w - cw) / 2), Y: math.Round(math.Max(dp(8), (h-ch)/2)), W: cw, H: ch}
	r.pad = pad
	x, iw := r.Card.X+pad, cw-2*pad
	y := r.Card.Y + pad
	r.titleY = y + title/2
	y += title
	r.Body = scenes.Rect{X: r.Card.X, Y: y, W: cw, H: r.Card.Y + ch - pad - y}
	r.Content = r.Body.H
	for i, row := range []*scenes.Rect{&r.Variant, &r.Side, &r.Clock} {
		r.labelY[i] = y + label/2
		y += label
		*row = scenes.Rect{X: x, Y: y, W: iw, H: seg}
		y += seg + gap
	}
	bw := (iw - dp(12)) / 2
	buttons := y
	if pinned {
		// At least one row shows, however short the screen.
		r.Body.H = math.Max(label+seg, r.Body.H-gap-btn)
		r.Card.H = r.Body.Y + r.Body.H + gap + btn + pad - r.Card.Y
		r.Content = 3*(label+seg+gap) + join
		buttons = r.Body.Y + r.Body.H + gap
	} else {
		y += btn + dp(18)
	}
	r.Back = scenes.Rect{X: x, Y: buttons, W: bw, H: btn}
	r.Create = scenes.Rect{X: x + bw + dp(12), Y: buttons, W: bw, H: btn}
	r.labelY[3] = y + label/2
	y += label
	jw := math.Min(dp(140), iw*0.4)
	r.Code = scenes.Rect{X: x, Y: y, W: iw - jw - dp(12), H: seg}
	r.Join = scenes.Rect{X: x + iw - jw, Y: y, W: jw, H: seg}
	y += seg
	r.statusY = y + dp(28)
	return r
}

// The clocks offered, in the order of their segments.
var onlineClocks = []remote.Clock{
	remote.Untimed, remote.Blitz5, remote.Rapid10, remote.Correspondence(3),
}

// Screen creates a game on the server, or joins one by its code.
type Screen struct {
	// rects is the layout scrolled to the top; shown is where the rows
	// are, scroll.offset higher when they do not fit the body (place).
	rects, shown         Rects
	body                 scenes.CardBody
	shownStatus          string // the status last scrolled into view
	variant, side, clock ui.Segmented
	btnBack, btnCreate   ui.Button
	btnJoin              ui.Button
	code                 *ui.TextField

	words struct{ title, game, side, clock, join, status string }
	busy  bool
	err   string
	// fromLink: opened at start to join a link's game.
	fromLink, linkJoined bool
	wait                 chan onlineResult
}

type onlineResult struct {
	p   *remote.Player
	err error
}

// New makes the screen; code, if not empty, is joined at once.
func New(c scenes.Context, code string) *Screen {
	t := c.Text()
	s := &Screen{}
	last := c.Settings().NewGame
	s.variant = ui.Segmented{Options: []string{t.T("online.bashni"), t.T("online.lasca")}}
	if last.Variant.Rules() == rules.Lasca {
		s.variant.Selected = 1
	}
	s.side = ui.Segmented{Options: []string{t.T("online.white"), t.T("online.black"), t.T("online.random")}, Selected: 2}
	s.clock = ui.Segmented{Options: []string{t.T("online.clock_none"), "5+3", "10+5", t.T("online.clock_days")}}
	s.btnBack = ui.Button{Label: t.T("online.back"), Icon: ui.IconBack}
	s.btnCreate = ui.Button{Label: t.T("online.create"), Kind: ui.Primary}
	s.btnJoin = ui.Button{Label: t.T("online.join")}
	s.code = ui.NewTextField(t.T("online.code_placeholder"))
	s.words.title = t.T("online.title")
	s.words.game = t.T("online.game")
	s.words.side = t.T("online.you_play")
	s.words.clock = t.T("online.clock")
	s.words.join = t.T("online.join_label")
	s.variant.Name, s.side.Name, s.clock.Name = s.words.game, s.words.side, s.words.clock
	if code != "" {
		// Joined from the first Update: in a page the game is still
		// starting now, and a dial begun before it runs could time out.
		s.fromLink = true
		s.code.SetText(code)
	}
	return s
}

// Name is the scene's name.
func (s *Screen) Name() string { return SceneOnline }

// Layout places the controls.
func (s *Screen) Layout(c scenes.Context, w, h, scale float64) {
	s.rects = Layout(w, h, scale)
	s.body.Layout(s.rects.Body, s.rects.MaxScroll())
	s.place()
	s.btnBack.Rect, s.btnCreate.Rect = s.rects.Back, s.rects.Create
}

// place puts the rows where the scroll has them.
func (s *Screen) place() {
	r, dy := s.rects, -s.body.Offset
	for _, row := range []*scenes.Rect{&r.Variant, &r.Side, &r.Clock, &r.Code, &r.Join} {
		row.Y += dy
	}
	for i := range r.labelY {
		r.labelY[i] += dy
	}
	r.statusY += dy
	s.shown = r
	s.variant.Rect, s.side.Rect, s.clock.Rect, s.btnJoin.Rect = r.Variant, r.Side, r.Clock, r.Join
	s.code.Layout(r.Code)
}

// Scroll is how far the rows are scrolled (physical pixels, 0 at the
// top).
func (s *Screen) Scroll() float64 { return s.body.Offset }

// keepFocusInView scrolls the row that Tab just gave the focus to into
// view, with its label; and the line under the code when it says
// something new (connecting, what went wrong).
func (s *Screen) keepFocusInView(c scenes.Context) {
	r := &s.rects
	if s.body.MaxOff <= 0 {
		return
	}
	status := ""
	switch {
	case s.busy:
		status = s.words.status
	case s.err != "":
		status = s.err
	}
	if status != s.shownStatus {
		s.shownStatus = status
		if status != "" {
			if s.body.Show(c, 2*r.labelY[3]-r.Code.Y, r.statusY+c.Scale()*28) {
				s.place()
			}
			return
		}
	}
	ring, ok := c.FocusRing()
	if !ok {
		s.body.FocusAt = -1
		return
	}
	sh := &s.shown
	for i, row := range [...]scenes.Rect{sh.Variant, sh.Side, sh.Clock, sh.Code, sh.Join} {
		if ring == row {
			top := row.Y + s.body.Offset // where it is in the rows, however scrolled
			if s.body.ShowFocused(c, top, 2*r.labelY[min(i, 3)]-top, top+row.H) {
				s.place()
			}
			return
		}
	}
	s.body.FocusAt = -1 // Back or Create game
}

// Update handles the choices and waits for the server.
func (s *Screen) Update(c scenes.Context) error {
	if s.fromLink && !s.linkJoined {
		s.linkJoined = true
		s.join(c)
	}
	if s.busy {
		c.Spin()
		select {
		case r := <-s.wait:
			s.busy = false
			s.setDisabled()
			if r.err != nil {
				s.err = c.Text().F("online.failed", "Error", r.err.Error())
				c.Invalidate()
				return nil
			}
			if open := c.Pages().OpenOnlineGame; open != nil {
				open(c, r.p)
			}
			return nil
		default:
		}
	}
	// Before the rows: a drag over them is no tap. A press in the code
	// field is its own (it selects); keys scroll while it does not type.
	if s.body.Scroll(c, !s.code.Focused(), s.code.Rect) {
		s.place()
	}
	s.body.BeginRows(c)
	for _, sg := range []*ui.Segmented{&s.variant, &s.side, &s.clock} {
		if c.Used(sg) {
			c.Play(scenes.UITap)
		}
	}
	// The code field is a text box in the page's mirror (no Tab stop:
	// Join beside it is).
	c.MirrorField(s.code, s.words.join)
	if s.code.Update(c) {
		c.Invalidate()
	}
	if s.code.Changed {
		s.code.Changed = false
		s.err = ""
	}
	// Tab goes through the controls in the order they are seen: Join
	// below Back and Create game, or above them once they are pinned.
	var back, create, join bool
	pinned := s.rects.MaxScroll() > 0
	if !pinned {
		back, create = c.Used(&s.btnBack), c.Used(&s.btnCreate)
	}
	join = c.Used(&s.btnJoin)
	s.body.EndRows(c)
	if pinned {
		back, create = c.Used(&s.btnBack), c.Used(&s.btnCreate)
	}
	defer s.keepFocusInView(c)
	switch {
	case back:
		s.back(c)
	case create:
		s.create(c)
	case join:
		s.join(c)
	case c.Keys().Consume(scenes.ActBack):
		s.back(c)
	case c.Keys().Consume(scenes.ActConfirm):
		if strings.TrimSpace(s.code.Text()) != "" {
			s.join(c)
		} else {
			s.create(c)
		}
	}
	return nil
}

func (s *Screen) back(c scenes.Context) {
	s.code.Blur()
	c.Pop()
}

func (s *Screen) setDisabled() {
	for _, b := range []*ui.Button{&s.btnCreate, &s.btnJoin} {
		b.Disabled = s.busy
	}
	s.variant.Disabled, s.side.Disabled, s.clock.Disabled = s.busy, s.busy, s.busy
}

// connect runs f off the game loop; Update picks up its player.
func (s *Screen) connect(c scenes.Context, f func(ctx context.Context) (*remote.Player, error)) {
	if s.busy {
		return
	}
	s.busy, s.err = true, ""
	s.words.status = c.Text().T("online.connecting")
	s.setDisabled()
	s.wait = make(chan onlineResult, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), remote.DialTimeout)
		defer cancel()
		p, err := f(ctx)
		s.wait <- onlineResult{p, err}
	}()
	c.Invalidate()
}

func (s *Screen) create(c scenes.Context) {
	server, store := c.Server(), c.Store()
	g := remote.Game{Variant: rules.Bashni, Seat: [...]remote.Seat{remote.WhiteSeat, remote.BlackSeat, remote.NoSeat}[s.side.Selected], Clock: onlineClocks[s.clock.Selected]}
	if s.variant.Selected == 1 {
		g.Variant = rules.Lasca
	}
	s.code.Blur()
	s.connect(c, func(ctx context.Context) (*remote.Player, error) { return remote.Create(ctx, server, g, store) })
}

func (s *Screen) join(c scenes.Context) {
	server, store := c.Server(), c.Store()
	code, err := remote.NormalizeCode(s.code.Text())
	if err != nil {
		s.err = c.Text().T("online.bad_code")
		c.Invalidate()
		return
	}
	s.code.Blur()
	s.connect(c, func(ctx context.Context) (*remote.Player, error) { return remote.Open(ctx, server, code, store) })
}

// Draw draws the screen.
func (s *Screen) Draw(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	r := &s.shown
	if s.fromLink {
		// Opened at start from a link: nothing under it has been shown.
		dst.Fill(t.Background)
	} else {
		c.DrawBackdrop(dst)
	}
	p.RoundRect(dst, r.Card, p.DP(20), t.Panel, p.DP(1), t.PanelEdge)
	p.Text(dst, s.words.title, 26, sprites.Bold, r.Card.X+r.pad, r.titleY, text.AlignStart, text.AlignCenter, t.Text)
	s.btnBack.Draw(dst, p)
	s.btnCreate.Draw(dst, p)
	s.drawRows(c, s.body.Target(dst))
	scenes.DrawBodyEdges(p, dst, r.Body, s.body.Offset, s.body.MaxOff)
}

// drawRows draws the choices, the code to join and the line under it
// into rows (the card's body, clipped when they scroll).
func (s *Screen) drawRows(c scenes.Context, rows *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	r := &s.shown
	for i, l := range [...]string{s.words.game, s.words.side, s.words.clock, s.words.join} {
		p.Text(rows, l, 15, sprites.Medium, r.Card.X+r.pad+p.DP(2), r.labelY[i], text.AlignStart, text.AlignCenter, t.TextDim)
	}
	s.variant.Draw(rows, p)
	s.side.Draw(rows, p)
	s.clock.Draw(rows, p)
	s.code.Draw(rows, p, c.Tick())
	s.btnJoin.Draw(rows, p)
	msg, col := "", t.TextDim
	switch {
	case s.busy:
		msg = s.words.status
		c.Renderer().DrawSpinner(rows, r.Card.X+r.Card.W-r.pad-p.DP(10), r.statusY, p.DP(18), float64(c.Tick()%60)/60, t.Accent)
	case s.err != "":
		msg, col = s.err, t.MustCapture
	}
	if msg != "" {
		// Up to three lines: a connection error can be long.
		lines := p.Wrap(msg, 13, sprites.Medium, r.Card.W-2*r.pad-p.DP(28))
		if len(lines) > 3 {
			lines = lines[:3]
		}
		y := r.statusY - p.DP(8)*float64(len(lines)-1)
		for _, l := range lines {
			p.Text(rows, l, 13, sprites.Medium, r.Card.X+r.pad, y, text.AlignStart, text.AlignCenter, col)
			y += p.DP(16)
		}
	}
}
