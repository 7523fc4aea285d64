package play

import (
	"bashni/scenes"
	"context"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/text"
	"bashni/online/remote"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes/ui"
	"bashni/session"
	"bashni/sprites"
)

// onlineGame is what the play screen adds for a game on a server: the code
// and link to share while the friend has not come, presence, clocks, the
// other side's offers to answer, the rematch.
type onlineGame struct {
	p    *remote.Player
	link string

	// What was last shown, to redraw only on a change.
	version   int64
	connected bool
	online    [2]bool
	status    remote.Status
	second    int64

	// Words and figures, made when they change (never in Draw).
	words struct {
		waiting, code, copy, copied, share, offline, reconnecting, watching string
		names                                                               [2]string
	}
	clocks  [2]string
	msg     string // the status line's online part ("" to leave it to the game)
	btnCopy ui.Button
	// btnBerserk halves this player's clock in an arena game for an
	// extra point on a win, before their first move; berserkSent hides
	// it once asked, before the server's word comes back.
	btnBerserk  ui.Button
	berserkSent bool

	ratedTold      bool // the rating changes were said
	rematchOffered bool
	rematchWait    chan rematchResult
}

func newOnlineGame(c scenes.Context, p *remote.Player) *onlineGame {
	t := c.Text()
	o := &onlineGame{p: p, link: remote.Link(p.Server(), p.Code()), version: -1}
	o.words.waiting = t.T("online.waiting")
	o.words.code = t.F("online.code", "Code", p.Code())
	o.words.copy = t.T("online.copy_link")
	o.words.copied = t.T("online.copied")
	o.words.share = t.T("online.share")
	o.words.offline = t.T("online.opponent_offline")
	o.words.reconnecting = t.T("online.reconnecting")
	o.words.watching = t.F("online.watching", "Code", p.Code())
	for _, side := range []rules.Color{rules.White, rules.Black} {
		switch {
		case p.Spectator():
			o.words.names[side] = t.ColorName(side)
		case side == p.Local():
			o.words.names[side] = t.T("online.you")
		default:
			o.words.names[side] = t.T("online.friend")
		}
	}
	o.btnCopy = ui.Button{Label: o.words.copy, Icon: ui.IconRecord, Kind: ui.Primary}
	o.btnBerserk = ui.Button{Label: t.T("arena.berserk"), Kind: ui.Primary, TextSize: 14}
	return o
}

// canBerserk: an arena game with a live clock, this device's player has
// not moved yet and has not gone berserk (the referee's rule).
func (o *onlineGame) canBerserk(info remote.Info) bool {
	if o.p.Spectator() || info.Arena == "" || !info.Timed || info.Clock.Kind != remote.LiveClock || info.Status != remote.Playing {
		return false
	}
	local := o.p.Local()
	return !o.berserkSent && !info.Berserk[local&1] && len(info.Moves) <= int(local&1)
}

// berserk asks the server to halve this player's clock.
func (o *onlineGame) berserk(c scenes.Context, s *Screen) bool {
	if !o.canBerserk(o.p.Info()) {
		return false
	}
	o.berserkSent = true
	o.p.Berserk()
	msg := c.Text().T("arena.berserk_done")
	s.say(c, msg)
	platform.Speak(msg)
	c.Invalidate()
	return true
}

// berserkRect is the berserk button, on this player's card left of the
// clock: as tall as a finger, as wide as its word needs (the card's name
// keeps the rest, TestBerserkFits).
func (o *onlineGame) berserkRect(c scenes.Context, s *Screen) scenes.Rect {
	p := c.Painter()
	card := s.layout.BottomCard
	if scenes.TopSide(s.flipped) == o.p.Local() {
		card = s.layout.TopCard
	}
	h := math.Min(p.DP(scenes.MinTouchDP), card.H-p.DP(6))
	w := math.Max(p.DP(scenes.MinTouchDP)+p.DP(16), p.Measure(o.btnBerserk.Label, o.btnBerserk.TextSize, sprites.Medium)+p.DP(20))
	// Up to the presence dot left of the clock at its widest, the game's
	// initial time (before this player's first move it only goes down), so
	// that the button does not move as the clock runs.
	right := cardClockX(p, card, liveClockText(int(o.p.Info().Clock.Initial/time.Second))) - p.DP(6)
	return scenes.Rect{X: math.Round(right - w), Y: math.Round(card.Y + (card.H-h)/2), W: math.Round(w), H: math.Round(h)}
}

// cardClockX is the left edge of what an online game draws on a card's
// right (drawCard): the clock clk and the presence dot left of it.
func cardClockX(p *ui.Painter, card scenes.Rect, clk string) float64 {
	x := card.X + card.W - p.DP(40)
	if clk != "" {
		x -= p.Measure(clk, 20, sprites.Bold) + p.DP(12)
	}
	return x - p.DP(10)
}

// cardTextX is where a card's name starts (scenes.DrawSideCard).
func cardTextX(p *ui.Painter, card scenes.Rect) float64 { return scenes.SideCardTextX(p, card) }

// cardTextRight is where a card's name and line must stop short of btn
// (the Berserk button).
func cardTextRight(p *ui.Painter, card, btn scenes.Rect) float64 { return btn.X - p.DP(6) }

// textRight is where a card's name and line stop in an online game: short
// of the Berserk button on this player's card while it is offered, short
// of the clock and the presence dot (and a berserk flame) otherwise.
func (o *onlineGame) textRight(c scenes.Context, s *Screen, r scenes.Rect, side rules.Color) float64 {
	p := c.Painter()
	info := o.p.Info()
	if side == o.p.Local() && o.canBerserk(info) && s.live() {
		return cardTextRight(p, r, o.berserkRect(c, s))
	}
	x := cardClockX(p, r, o.clocks[side&1]) - p.DP(6)
	if info.Berserk[side&1] {
		x -= p.DP(30)
	}
	return x
}

// update follows the server: words, clocks, a rematch; a game that can no
// longer be followed move by move is shown afresh.
func (o *onlineGame) update(c scenes.Context, s *Screen) {
	if o.p.Desynced() {
		OpenOnlineGame(c, o.p)
		return
	}
	info := o.p.Info()
	now := time.Now()
	sec := now.Unix()
	changed := info.Version != o.version || info.Connected != o.connected || info.Status != o.status ||
		info.Online(rules.White) != o.online[0] || info.Online(rules.Black) != o.online[1]
	if changed || (sec != o.second && info.Timed && info.Status == remote.Playing) {
		o.version, o.connected, o.status, o.second = info.Version, info.Connected, info.Status, sec
		o.online = [2]bool{info.Online(rules.White), info.Online(rules.Black)}
		o.relabel(c, info, now)
		o.cards(c, info)
		if info.Rated && !o.ratedTold {
			// The rating changes, once, when a rated game ends.
			o.ratedTold = true
			msg := ratingChanges(c, info)
			s.say(c, msg)
			platform.Speak(msg)
		}
		c.Invalidate()
	}
	if o.canBerserk(info) && s.live() {
		o.btnBerserk.Rect = o.berserkRect(c, s)
		if c.Used(&o.btnBerserk) {
			o.berserk(c, s)
		}
	}
	if info.Status == remote.Waiting && s.live() {
		_, o.btnCopy.Rect = onlineShareRects(s.layout)
		if c.Used(&o.btnCopy) {
			c.Clipboard().Copy(o.link)
			s.say(c, o.words.copied)
		}
	}
	// The rematch, once both agreed: this device's seat in the new game.
	if info.RematchAgreed && !o.p.Spectator() && o.rematchWait == nil {
		o.rematchWait = make(chan rematchResult, 1)
		p := o.p
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), remote.DialTimeout)
			defer cancel()
			np, err := p.Rematch(ctx)
			o.rematchWait <- rematchResult{np, err}
		}()
	}
	if o.rematchWait != nil {
		select {
		case r := <-o.rematchWait:
			if r.err != nil {
				s.say(c, c.Text().F("online.failed", "Error", r.err.Error()))
				return
			}
			o.p.Close()
			OpenOnlineGame(c, r.p)
		default:
		}
	}
}

// relabel makes the status line and the clocks from the server's view.
func (o *onlineGame) relabel(c scenes.Context, info remote.Info, now time.Time) {
	t := c.Text()
	switch {
	case !info.Connected:
		o.msg = o.words.reconnecting
	case info.Status == remote.Waiting:
		o.msg = o.words.waiting
	case o.p.Spectator() && info.Status == remote.Playing:
		o.msg = o.words.watching
	case info.Status == remote.Playing && !o.p.Spectator() && !info.Online(o.p.Local().Opponent()):
		o.msg = o.words.offline
	case info.Status == remote.Over && info.Rematch != remote.NoSeat && !o.p.Spectator():
		if info.Rematch == remote.SeatOf(o.p.Local()) {
			o.msg = t.T("online.rematch_offered")
		} else {
			o.msg = t.T("online.rematch_asked")
		}
	default:
		o.msg = ""
	}
	for _, side := range []rules.Color{rules.White, rules.Black} {
		o.clocks[side] = ""
		left, ok := info.ClockLeft(side, now)
		if !ok {
			continue
		}
		ms := left.Milliseconds()
		if info.Clock.Kind == remote.CorrespondenceClock {
			h := int(ms / 3_600_000)
			o.clocks[side] = t.F("online.days_hours", "Days", h/24, "Hours", h%24)
			continue
		}
		o.clocks[side] = liveClockText(int(math.Ceil(float64(ms) / 1000)))
	}
}

// liveClockText is a live clock's time left, secs: 2:58, 1:02:03.
func liveClockText(secs int) string {
	if secs >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", secs/3600, secs/60%60, secs%60)
	}
	return fmt.Sprintf("%d:%02d", secs/60, secs%60)
}

// event follows the session's events: the other side's offers are asked
// of the person, its presence is said.
func (o *onlineGame) event(c scenes.Context, s *Screen, ev session.Event) {
	if o.p.Spectator() {
		return
	}
	t := c.Text()
	if ev.Side == o.p.Local() {
		// The person's own offer, taken up again after a reload: said as
		// when it was made.
		switch {
		case ev.Restored && ev.Kind == session.DrawOffered:
			s.say(c, t.T("online.draw_sent"))
		case ev.Restored && ev.Kind == session.TakebackRequested:
			s.say(c, t.T("online.takeback_sent"))
		}
		return
	}
	switch ev.Kind {
	case session.DrawOffered:
		s.menu.show(c, t.T("online.draw_offered"),
			menuItem{t.T("online.accept_draw"), func() { s.settle(c); _ = s.sess.AnswerDraw(true); s.showEvents(c) }},
			menuItem{t.T("online.decline"), func() { _ = s.sess.AnswerDraw(false); s.showEvents(c) }})
	case session.TakebackRequested:
		s.menu.show(c, t.T("online.takeback_asked"),
			menuItem{t.T("online.accept_takeback"), func() { s.settle(c); _ = s.sess.AnswerTakeback(true); s.showEvents(c) }},
			menuItem{t.T("online.decline"), func() { _ = s.sess.AnswerTakeback(false); s.showEvents(c) }})
	case session.DrawDeclined:
		s.say(c, t.T("online.draw_declined"))
	case session.TakebackAnswered:
		if !ev.Accept {
			s.say(c, t.T("online.takeback_declined"))
		}
	case session.PresenceChanged:
		if ev.Connected {
			s.say(c, t.T("online.opponent_back"))
		} else {
			s.say(c, t.T("online.opponent_left"))
		}
	}
}

// menuItems are the online game's entries of the in-game menu.
func (o *onlineGame) menuItems(c scenes.Context, s *Screen) []menuItem {
	t := c.Text()
	m := s.sess
	var items []menuItem
	if o.canBerserk(o.p.Info()) {
		items = append(items, menuItem{t.T("arena.berserk"), func() { o.berserk(c, s) }})
	}
	if m.CanOfferDraw() && !o.p.Spectator() {
		items = append(items, menuItem{t.T("online.offer_draw"), func() {
			_ = m.OfferDraw()
			s.showEvents(c)
			s.say(c, t.T("online.draw_sent"))
		}})
	}
	if m.CanUndo() && !o.p.Spectator() {
		items = append(items, menuItem{t.T("online.ask_takeback"), func() { s.undo(c); s.say(c, t.T("online.takeback_sent")) }})
	}
	if m.Over() && !o.p.Spectator() && !o.p.Info().RematchAgreed {
		items = append(items, menuItem{t.T("online.rematch"), func() {
			o.p.OfferRematch()
			o.rematchOffered = true
			s.say(c, t.T("online.rematch_offered"))
		}})
	}
	items = append(items, menuItem{t.T("online.copy_link"), func() {
		c.Clipboard().Copy(o.link)
		s.say(c, o.words.copied)
	}})
	return items
}

// name is the card's name of side.
func (o *onlineGame) name(side rules.Color) string { return o.words.names[side&1] }

// cards names the sides of a game between named players (a lobby's game)
// with their ratings, and once a rated game is over the ratings after it.
func (o *onlineGame) cards(c scenes.Context, info remote.Info) {
	for _, side := range []rules.Color{rules.White, rules.Black} {
		p := info.Players[side&1]
		if p.Name == "" {
			continue
		}
		r, prov := p.Rating, p.Provisional
		if info.Rated {
			r, prov = info.Ratings[side&1].After, info.Ratings[side&1].Provisional
		}
		o.words.names[side&1] = p.Name
		if r > 0 {
			o.words.names[side&1] = c.Text().F("online.name_rating", "Name", p.Name, "Rating", ratingText(r, prov))
		}
	}
}

func ratingText(r int, provisional bool) string {
	if provisional {
		return strconv.Itoa(r) + "?"
	}
	return strconv.Itoa(r)
}

// ratingChanges says both players' rating changes after a rated game.
func ratingChanges(c scenes.Context, info remote.Info) string {
	var parts []string
	for _, side := range []rules.Color{rules.White, rules.Black} {
		ch := info.Ratings[side&1]
		name := info.Players[side&1].Name
		if name == "" {
			name = c.Text().ColorName(side)
		}
		sign := "+"
		d := ch.Change
		if d < 0 {
			sign, d = "-", -d
		}
		parts = append(parts, c.Text().F("online.rating_change", "Name", name, "Rating", ratingText(ch.After, ch.Provisional), "Change", sign+strconv.Itoa(d)))
	}
	return c.Text().List(parts)
}

// drawCard adds the clock and the presence dot to a player's card.
func (o *onlineGame) drawCard(c scenes.Context, s *Screen, dst *ebiten.Image, r scenes.Rect, side rules.Color) {
	p := c.Painter()
	t := p.Theme
	x := r.X + r.W - p.DP(40)
	if clk := o.clocks[side&1]; clk != "" {
		p.Text(dst, clk, 20, sprites.Bold, x, r.Y+r.H/2, text.AlignEnd, text.AlignCenter, t.Text)
		x -= p.Measure(clk, 20, sprites.Bold) + p.DP(12)
	}
	col := ui.Alpha(t.TextDim, 0.5)
	if o.online[side&1] {
		col = t.Accent
	}
	p.Ring(dst, x-p.DP(5), r.Y+r.H/2, p.DP(5), p.DP(2), col)
	if o.online[side&1] {
		p.Circle(dst, x-p.DP(5), r.Y+r.H/2, p.DP(3), col)
	}
	info := o.p.Info()
	if info.Berserk[side&1] {
		// Berserk: half the clock, for an extra point on a win.
		p.Flame(dst, x-p.DP(24), r.Y+r.H/2, p.DP(18), t.MustCapture)
	}
	if side == o.p.Local() && o.canBerserk(info) && s.live() {
		o.btnBerserk.Rect = o.berserkRect(c, s)
		o.btnBerserk.Draw(dst, p)
	}
}

// drawShare draws the code and the link to share over the board while the
// friend has not come.
func (o *onlineGame) drawShare(c scenes.Context, dst *ebiten.Image, s *Screen) {
	if o.status != remote.Waiting || !s.live() {
		return
	}
	p := c.Painter()
	t := p.Theme
	r, btn := onlineShareRects(s.layout)
	w := r.W
	p.RoundRect(dst, r, p.DP(14), ui.Alpha(t.Panel, 0.96), p.DP(2), t.Accent)
	y := r.Y + p.DP(24)
	p.Text(dst, o.words.share, 15, sprites.Medium, r.X+r.W/2, y, text.AlignCenter, text.AlignCenter, t.TextDim)
	y += p.DP(38)
	p.Text(dst, o.p.Code(), 36, sprites.Bold, r.X+r.W/2, y, text.AlignCenter, text.AlignCenter, t.Text)
	y += p.DP(34)
	link, size := o.link, 13.0
	for size > 10 && p.Measure(link, size, sprites.Regular) > w-p.DP(24) {
		size -= 0.5
	}
	p.Text(dst, link, size, sprites.Regular, r.X+r.W/2, y, text.AlignCenter, text.AlignCenter, t.TextDim)
	o.btnCopy.Rect = btn
	o.btnCopy.Draw(dst, p)
}

// blocksBoard: while the friend has not come the share card covers the
// board, which takes no moves.
func (o *onlineGame) blocksBoard() bool { return o.status == remote.Waiting }

// OnlineShareButton is where the play screen's "Copy link" button is while
// an online game waits for the friend (for tests).
func OnlineShareButton(l scenes.PlayLayout) scenes.Rect {
	_, b := onlineShareRects(l)
	return b
}

// onlineShareRects are the share card over the board of layout l and its
// button.
func onlineShareRects(l scenes.PlayLayout) (card, btn scenes.Rect) {
	in := l.Board.Inner()
	dp := func(v float64) float64 { return v * l.Scale }
	w := math.Min(in.W-dp(24), dp(420))
	h := dp(196)
	r := scenes.Rect{X: in.X + (in.W-w)/2, Y: in.Y + (in.H-h)/2, W: w, H: h}
	bw := math.Min(w-dp(32), dp(220))
	return r, scenes.Rect{X: r.X + (r.W-bw)/2, Y: r.Y + r.H - dp(16) - dp(scenes.MinTouchDP), W: bw, H: dp(scenes.MinTouchDP)}
}

// ReplacedBy ends the connection of an online game when the game in
// progress becomes g (another game, or another online game).
func (s *Screen) ReplacedBy(g scenes.Game) {
	if s.online == nil {
		return
	}
	if n, ok := g.(*Screen); ok && n.online != nil && n.online.p == s.online.p {
		return // the same game shown afresh
	}
	go s.online.p.Close()
}

// OnlineCode is the online game's code, "" for a game at this device.
func (s *Screen) OnlineCode() string {
	if s.online == nil {
		return ""
	}
	return s.online.p.Code()
}

// OpenOnlineGame shows the online game p on the play screen, in place of
// any other game (Pages.OpenOnlineGame: the create-and-join card,
// scenes/online, opens it so).
func OpenOnlineGame(c scenes.Context, p *remote.Player) {
	if g := c.Game(); g != nil {
		g.Session().Pause()
	}
	ps := newOnlinePlayScene(c, p)
	c.SetGame(ps)
	c.Start(ps)
}

// PushOnlineGame shows the online game p on the play screen over the
// screen shown, which comes back when the play screen is left
// (Pages.PushOnlineGame: an arena's page, paired again after the game).
func PushOnlineGame(c scenes.Context, p *remote.Player) {
	if g := c.Game(); g != nil {
		g.Session().Pause()
	}
	ps := newOnlinePlayScene(c, p)
	c.SetGame(ps)
	c.Push(ps)
}

// newOnlinePlayScene is the play screen of the online game p.
func newOnlinePlayScene(c scenes.Context, p *remote.Player) *Screen {
	ps := New(c, scenes.GameConfig{Variant: p.Info().Variant, Human: p.Local(), Online: p})
	ps.online = newOnlineGame(c, p)
	return ps
}

// rematchResult is the game a rematch made, or why none was.
type rematchResult struct {
	p   *remote.Player
	err error
}
