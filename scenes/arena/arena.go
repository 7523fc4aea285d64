// Package arena is the arenas' page (docs/ONLINE.md "Arenas"): the list of
// running and coming arenas with their countdowns, one arena's live table
// (join, pause, the games it pairs opened on the play page), and after the
// end its podium and final table.
package arena

import (
	"context"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"bashni/internal/text"
	"bashni/online/remote"
	"bashni/platform"
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
	rects       Rects
	focused     int // the row with the keyboard focus, -1 if none

	// btnJoin joins or pauses (an arena's page); btnThird is "New arena"
	// on the list, and on an arena's page "Your game" while one is
	// played, else "Copy link"; either is "Choose a name" for a player
	// without one (arenas are for named players).
	btnBack, btnJoin, btnThird ui.Button

	arenas  *remote.Arenas
	me      remote.Me
	list    []remote.ArenaInfo
	id      string // the arena shown; "" for the list
	joined  bool
	version int64
	busy    bool
	err     string
	note    string // a line for the player (copied, the need of a name)
	noteEnd int64  // the tick the note goes at
	wait    chan result
	opening bool               // a paired game is being opened
	tbl     *remote.ArenaTable // the latest table, taken from arenas each tick
	pending bool               // not yet connected (connect)

	// What was last said, so that a screen reader hears changes only.
	saidTable  string // the arena whose table was said
	saidYou    string
	saidStatus remote.ArenaStatus
	// The list's rows as the page's mirror names them: their countdowns
	// to the minute, so that a screen reader on a row does not hear it
	// again every second (the title and the lobby do the same).
	rowSaid []listSaid
}

// listSaid is a list row's words and the minute of its countdown they
// were made in.
type listSaid struct {
	id     string
	minute int64
	words  string
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
// link, the typed "arena ID").
func New(c scenes.Context, id string) *Screen {
	t := c.Text()
	s := &Screen{id: id, focused: -1}
	s.btnBack = ui.Button{Label: t.T("arena.back"), Icon: ui.IconBack, TextSize: 15}
	s.btnJoin = ui.Button{Label: t.T("arena.join"), Kind: ui.Primary, TextSize: 15}
	s.btnThird = ui.Button{Label: t.T("arena.create"), TextSize: 15}
	s.pending = true
	return s
}

// connect dials the server, from the first Update: in a page the game is
// still starting when the page is made, and a dial begun then could time
// out.
func (s *Screen) connect(c scenes.Context) {
	if s.arenas != nil {
		s.arenas.Close()
		s.arenas = nil
	}
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

// Rects is where the page puts things, from the window's size alone.
type Rects struct {
	Card scenes.Rect
	Pad  float64
	// TitleY, InfoY, StatusY and LinkY are the header's lines' centres
	// (an arena's page: its name, what it is, the player's place, its
	// link; LinkY is 0 where there is no room for the link).
	TitleY, InfoY, StatusY, LinkY float64
	Podium                        scenes.Rect // a finished arena's first three
	Rows                          []scenes.Rect
	// Back, Join and Third are the buttons; Create is "New arena" on the
	// list, where there is no Join.
	Back, Join, Third, Create scenes.Rect
}

// StatusLineDP is the height of a line of an arena's status, which takes
// up to two.
const StatusLineDP = 18

const (
	listRowDP  = 62
	tableRowDP = 46 // a row is a focus stop: 44 dp, as every target
	podiumDP   = 138
)

// frame is the card and the buttons of both views.
func frame(w, h, scale float64) Rects {
	dp := func(v float64) float64 { return math.Round(v * scale) }
	var r Rects
	cw := math.Min(w-dp(16), dp(760))
	r.Card = scenes.Rect{X: math.Round((w - cw) / 2), Y: dp(8), W: cw, H: h - dp(16)}
	r.Pad = dp(14)
	btn, gap := dp(scenes.MinTouchDP+4), dp(8)
	bw := math.Floor((cw - 2*r.Pad - 2*gap) / 3)
	y := r.Card.Y + r.Card.H - r.Pad - btn
	x := r.Card.X + r.Pad
	r.Back = scenes.Rect{X: x, Y: y, W: bw, H: btn}
	r.Join = scenes.Rect{X: x + bw + gap, Y: y, W: bw, H: btn}
	r.Third = scenes.Rect{X: x + 2*(bw+gap), Y: y, W: bw, H: btn}
	r.Create = scenes.Rect{X: r.Join.X, Y: y, W: r.Third.X + r.Third.W - r.Join.X, H: btn}
	r.TitleY = r.Card.Y + r.Pad + dp(16)
	return r
}

// ListLayout is the list's page at w×h.
func ListLayout(w, h, scale float64) Rects {
	r := frame(w, h, scale)
	dp := func(v float64) float64 { return math.Round(v * scale) }
	y, bottom := r.TitleY+dp(30), r.Back.Y-dp(8)
	for y+dp(listRowDP) <= bottom+dp(6) {
		r.Rows = append(r.Rows, scenes.Rect{X: r.Card.X + r.Pad, Y: y, W: r.Card.W - 2*r.Pad, H: dp(listRowDP - 6)})
		y += dp(listRowDP)
	}
	return r
}

// TableLayout is an arena's page at w×h; podium: the arena is over and
// its first three stand on the podium above the table.
func TableLayout(w, h, scale float64, podium bool) Rects {
	r := frame(w, h, scale)
	dp := func(v float64) float64 { return math.Round(v * scale) }
	r.InfoY = r.TitleY + dp(28)
	r.StatusY = r.InfoY + dp(24)
	y := r.StatusY + dp(StatusLineDP) + dp(16) // two lines of status
	short := h/scale < 560                     // a phone on its side
	if w/scale >= 600 && !short {
		r.LinkY = y + dp(4)
		y = r.LinkY + dp(16)
	}
	x, rw := r.Card.X+r.Pad, r.Card.W-2*r.Pad
	bottom := r.Back.Y - dp(8)
	switch {
	case podium && short:
		// The podium left of the table.
		pw := math.Floor(rw * 0.42)
		r.Podium = scenes.Rect{X: x, Y: y, W: pw, H: math.Min(dp(podiumDP), bottom-y)}
		x, rw = x+pw+dp(12), rw-pw-dp(12)
	case podium:
		r.Podium = scenes.Rect{X: x, Y: y, W: rw, H: dp(podiumDP)}
		y += r.Podium.H + dp(8)
	}
	for y+dp(tableRowDP) <= bottom {
		r.Rows = append(r.Rows, scenes.Rect{X: x, Y: y, W: rw, H: dp(tableRowDP - 2)})
		y += dp(tableRowDP)
	}
	return r
}

// Layout places the card, the rows and the buttons.
func (s *Screen) Layout(c scenes.Context, w, h, scale float64) {
	s.w, s.h, s.scale = w, h, scale
	s.relayout()
}

func (s *Screen) relayout() {
	if s.w == 0 {
		return
	}
	if s.id == "" {
		s.rects = ListLayout(s.w, s.h, s.scale)
		s.btnBack.Rect, s.btnThird.Rect = s.rects.Back, s.rects.Create
		s.btnJoin.Rect = scenes.Rect{}
		return
	}
	t := s.table()
	s.rects = TableLayout(s.w, s.h, s.scale, t != nil && t.Status == remote.ArenaFinished && len(t.Standings) > 0)
	s.btnBack.Rect, s.btnJoin.Rect, s.btnThird.Rect = s.rects.Back, s.rects.Join, s.rects.Third
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
			s.take(c, r)
		default:
		}
	}
	if s.arenas != nil {
		if t, v, err := s.arenas.Latest(); v != s.version {
			s.version = v
			if t != nil {
				s.tbl = t
			}
			if t != nil && t.ID == s.id && t.You != nil {
				s.joined = !t.You.Paused
			}
			if err != nil {
				s.err = c.Text().F("arena.failed", "Error", err.Error())
			}
			s.relayout()
			s.sayTable(c)
			c.Invalidate()
		}
		if !s.busy && !s.opening {
			if code := s.arenas.Paired(); code != "" {
				platform.Speak(c.Text().T("arena.paired"))
				s.openGame(c, code)
			}
		}
	}
	if c.Tick()%30 == 0 {
		c.Invalidate() // the countdowns
	}
	if s.note != "" && c.Tick() >= s.noteEnd {
		s.note = ""
		c.Invalidate()
	}
	s.relabel(c)
	if s.updateRows(c) {
		return nil
	}
	switch {
	case c.Used(&s.btnBack) || c.Keys().Consume(scenes.ActBack):
		s.back(c)
	case s.id != "" && (c.Used(&s.btnJoin) || c.Keys().Consume(scenes.ActConfirm)):
		s.joinOrPause(c)
	case c.Used(&s.btnThird):
		s.third(c)
	}
	return nil
}

// take is what a request off the game loop brought.
func (s *Screen) take(c scenes.Context, r result) {
	if r.arenas != nil {
		s.arenas, s.me = r.arenas, r.me
	}
	if r.list != nil {
		s.list = r.list
		s.rowSaid = s.rowSaid[:0] // the players and states may have changed
		s.focused = -1
		s.sayList(c)
	}
	if r.joined != nil {
		s.joined = *r.joined
		s.saidYou = ""
		s.sayTable(c)
	}
	if r.table != nil && r.err == nil {
		s.id = r.table.ID
		s.tbl = r.table
		s.joined = r.table.You != nil && !r.table.You.Paused
		s.sayTable(c)
	}
	if r.err != nil {
		s.err = c.Text().F("arena.failed", "Error", r.err.Error())
		platform.Speak(s.err)
	}
	if r.player != nil {
		s.opening = false
		if open := c.Pages().PushOnlineGame; open != nil {
			open(c, r.player)
		}
	} else if s.opening && r.err != nil {
		s.opening = false
	}
	s.relayout()
	c.Invalidate()
}

// relabel sets the buttons' words and states for what is shown.
func (s *Screen) relabel(c scenes.Context) {
	t := c.Text()
	named := s.me.Name != ""
	s.btnJoin.Disabled = s.busy || s.arenas == nil
	s.btnThird.Disabled = s.busy || s.arenas == nil
	if s.id == "" {
		s.btnThird.Label = t.T("arena.create")
		if !named && s.arenas != nil {
			s.btnThird.Label = t.T("arena.name_first")
		}
		return
	}
	s.btnJoin.Label = t.T("arena.join")
	if s.joined {
		s.btnJoin.Label = t.T("arena.pause")
	}
	tb := s.table()
	if tb != nil && tb.Status == remote.ArenaFinished {
		s.btnJoin.Disabled = true
	}
	switch {
	case !named && s.arenas != nil:
		s.btnThird.Label = t.T("arena.name_first")
	case tb != nil && tb.YourGame != "":
		s.btnThird.Label = t.T("arena.your_game")
	default:
		s.btnThird.Label = t.T("arena.copy_link")
	}
}

// updateRows registers the rows for the keyboard and the page's mirror; a
// list's row opens its arena when tapped or activated. It reports whether
// a row took this tick's input.
func (s *Screen) updateRows(c scenes.Context) bool {
	ptr := c.Pointer()
	s.focused = -1
	if s.id != "" {
		t := s.table()
		if t == nil {
			return false
		}
		for i, r := range s.rects.Rows {
			if i >= len(t.Standings) {
				break
			}
			if st := c.FocusItem(r, s.rowWords(c, t.Standings[i])); st.Focused {
				s.focused = i
			}
		}
		return false
	}
	for i, r := range s.rects.Rows {
		if i >= len(s.list) {
			break
		}
		st := c.FocusItem(r, s.listSaid(c, i, time.Now()))
		if st.Focused {
			s.focused = i
		}
		tapped := ptr.Released && !ptr.Consumed && ptr.In(r)
		if tapped {
			ptr.Consumed = true
		}
		if (st.Activated || tapped) && s.arenas != nil && !s.busy {
			s.open(c, s.list[i].ID)
			return true
		}
	}
	return false
}

// open shows arena id's table.
func (s *Screen) open(c scenes.Context, id string) {
	if s.arenas == nil {
		s.id, s.pending = id, true
		return
	}
	a := s.arenas
	s.run(c, func(ctx context.Context, r *result) error {
		t, err := a.Watch(ctx, id, 1)
		r.table = &t
		return err
	})
}

// showList goes back to the list.
func (s *Screen) showList(c scenes.Context) {
	s.id, s.tbl, s.saidTable, s.note = "", nil, "", ""
	s.relayout()
	if s.arenas == nil {
		return
	}
	a := s.arenas
	s.run(c, func(ctx context.Context, r *result) error {
		var err error
		r.list, err = a.List(ctx)
		return err
	})
}

func (s *Screen) back(c scenes.Context) {
	if s.id != "" && s.arenas != nil {
		s.showList(c)
		return
	}
	if s.arenas != nil {
		s.arenas.Close()
	}
	c.Pop()
}

// joinOrPause joins the arena shown, or pauses in it.
func (s *Screen) joinOrPause(c scenes.Context) {
	if s.arenas == nil || s.busy || s.id == "" {
		return
	}
	if t := s.table(); t != nil && t.Status == remote.ArenaFinished {
		return
	}
	if s.me.Name == "" {
		s.tell(c, c.Text().T("arena.needs_name"))
		return
	}
	a, id, joined := s.arenas, s.id, s.joined
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

// third is the third button: a name first, New arena, Your game or
// Copy link.
func (s *Screen) third(c scenes.Context) {
	if s.arenas == nil {
		return
	}
	switch {
	case s.me.Name == "":
		if open := c.Pages().Lobby; open != nil {
			// Named in the lobby, the player comes back here: connect
			// again to be known by the name.
			s.pending = true
			c.Push(open(c))
		}
	case s.id == "":
		s.create(c)
	case s.table() != nil && s.table().YourGame != "":
		s.openGame(c, s.table().YourGame)
	default:
		c.Clipboard().Copy(remote.ArenaLink(c.Server(), s.id))
		s.tell(c, c.Text().T("arena.copied"))
	}
}

// tell shows a line on the page and says it.
func (s *Screen) tell(c scenes.Context, msg string) {
	s.note, s.noteEnd = msg, c.Tick()+300
	platform.Speak(msg)
	c.Invalidate()
}

// openGame opens game code, kept on the device, over this page.
func (s *Screen) openGame(c scenes.Context, code string) {
	s.opening = true
	server, store := c.Server(), c.Store()
	s.run(c, func(ctx context.Context, r *result) error {
		p, err := remote.Open(ctx, server, code, store)
		r.player = p
		return err
	})
}

// create makes a 30-minute arena of the variant last played, starting in
// a minute, and shows it; its link is copied by Copy link.
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

// Countdown is d as m:ss, or h:mm:ss past an hour (scenes.Countdown, which
// the title's list of arenas shows too).
func Countdown(d time.Duration) string { return scenes.Countdown(d) }

// Sheet is a player's game scores, newest last, as the table shows them.
func Sheet(points []int, max int) string {
	if max < 0 {
		max = 0
	}
	if len(points) > max {
		points = points[len(points)-max:]
	}
	parts := make([]string, len(points))
	for i, p := range points {
		parts[i] = strconv.Itoa(p)
	}
	return strings.Join(parts, " ")
}

func variantWord(c scenes.Context, v rules.Variant) string {
	if v == rules.Lasca {
		return c.Text().T("online.lasca")
	}
	return c.Text().T("online.bashni")
}

func clockWords(k remote.Clock) string {
	if k.Kind != remote.LiveClock {
		return ""
	}
	return fmt.Sprintf("%d+%d", int(k.Initial/time.Minute), int(k.Increment/time.Second))
}

// whenWords is an arena's countdown: to its start, to its end, or over.
func whenWords(c scenes.Context, a remote.ArenaInfo, now time.Time) string {
	switch a.Status {
	case remote.ArenaComing:
		return c.Text().F("arena.starts_in", "Time", Countdown(a.Starts.Sub(now)))
	case remote.ArenaRunning:
		return c.Text().F("arena.ends_in", "Time", Countdown(a.Ends.Sub(now)))
	}
	return c.Text().T("arena.finished")
}

// infoWords is what an arena is: its game, clock, kind and players.
func infoWords(c scenes.Context, a remote.ArenaInfo) string {
	t := c.Text()
	kind := t.T("arena.casual")
	if a.Rated {
		kind = t.T("arena.rated")
	}
	parts := []string{variantWord(c, a.Variant), clockWords(a.Clock), kind, t.N("arena.players", a.Players)}
	return strings.Join(parts, t.T("common.separator"))
}

// title is an arena's title in the player's language (scenes.ArenaTitle).
func title(c scenes.Context, a remote.ArenaInfo) string {
	return scenes.ArenaTitle(c.Text(), a.Schedule, a.Name)
}

// listWords is a list row as said.
func (s *Screen) listWords(c scenes.Context, a remote.ArenaInfo, now time.Time) string {
	sep := c.Text().T("common.separator")
	return title(c, a) + sep + whenWords(c, a, now) + sep + infoWords(c, a)
}

// listSaid is list row i's words for the page's mirror at now: made again
// when the minute of its countdown changes, not every second.
func (s *Screen) listSaid(c scenes.Context, i int, now time.Time) string {
	a := s.list[i]
	end := a.Starts
	if a.Status == remote.ArenaRunning {
		end = a.Ends
	}
	minute := int64(end.Sub(now) / time.Minute)
	for len(s.rowSaid) <= i {
		s.rowSaid = append(s.rowSaid, listSaid{minute: -1})
	}
	if sd := &s.rowSaid[i]; sd.id != a.ID || sd.minute != minute || sd.words == "" {
		*sd = listSaid{id: a.ID, minute: minute, words: s.listWords(c, a, now)}
	}
	return s.rowSaid[i].words
}

// rowWords is a row of the standings as said.
func (s *Screen) rowWords(c scenes.Context, r remote.ArenaRow) string {
	t := c.Text()
	w := t.F("arena.row", "Rank", r.Rank, "Name", r.Name, "Points", t.N("arena.points", r.Points))
	if r.Streak {
		w += t.T("common.separator") + t.T("arena.streak")
	}
	return w
}

// statusWords is the line under an arena's name: the player's place and
// state, or what to do.
func (s *Screen) statusWords(c scenes.Context, t *remote.ArenaTable) string {
	tx := c.Text()
	sep := tx.T("common.separator")
	var state string
	switch {
	case t.Status == remote.ArenaFinished:
		state = tx.T("arena.podium")
	case t.You == nil:
		return tx.T("arena.not_joined")
	case t.You.Paused:
		state = tx.T("arena.paused")
	case t.YourGame != "" || t.You.Playing:
		state = tx.T("arena.playing")
	case t.Status == remote.ArenaComing:
		state = tx.T("arena.soon")
	default:
		state = tx.T("arena.waiting")
	}
	if t.You == nil {
		return state
	}
	return tx.F("arena.you", "Rank", t.You.Rank, "Points", tx.N("arena.points", t.You.Points)) + sep + state
}

// sayList says the list for a screen reader.
func (s *Screen) sayList(c scenes.Context) {
	if len(s.list) == 0 {
		platform.Speak(c.Text().T("arena.none"))
		return
	}
	now := time.Now()
	items := make([]string, len(s.list))
	for i, a := range s.list {
		items[i] = strconv.Itoa(i+1) + ". " + title(c, a) + c.Text().T("common.separator") + whenWords(c, a, now)
	}
	platform.Speak(c.Text().F("arena.list_said", "List", c.Text().List(items)))
}

// sayTable says, for a screen reader, an arena's page when it comes, the
// player's place when it changes, and the podium when the arena ends.
func (s *Screen) sayTable(c scenes.Context) {
	t := s.table()
	if t == nil {
		return
	}
	tx := c.Text()
	status := s.statusWords(c, t)
	switch {
	case s.saidTable != t.ID:
		s.saidTable, s.saidStatus, s.saidYou = t.ID, t.Status, status
		if t.Status == remote.ArenaFinished {
			status += ": " + s.topWords(c, t, 3) // the podium
		}
		platform.Speak(tx.F("arena.table_said", "Name", title(c, t.ArenaInfo), "When", whenWords(c, t.ArenaInfo, time.Now()), "Players", infoWords(c, t.ArenaInfo)) + " " + status)
	case t.Status == remote.ArenaFinished && s.saidStatus != remote.ArenaFinished:
		s.saidStatus, s.saidYou = t.Status, status
		platform.Speak(status + ": " + s.topWords(c, t, 3))
	case status != s.saidYou:
		s.saidStatus, s.saidYou = t.Status, status
		platform.Speak(status)
	}
}

// topWords is the first n rows of t's standings, as said.
func (s *Screen) topWords(c scenes.Context, t *remote.ArenaTable, n int) string {
	var rows []string
	for i, r := range t.Standings {
		if i == n {
			break
		}
		rows = append(rows, s.rowWords(c, r))
	}
	return c.Text().List(rows)
}

// Draw draws the list, or the arena's table (with its podium when over).
func (s *Screen) Draw(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	th := p.Theme
	dst.Fill(th.Background)
	r := &s.rects
	p.RoundRect(dst, r.Card, p.DP(18), th.Panel, p.DP(1), th.PanelEdge)
	if t := s.table(); s.id != "" && t != nil {
		s.drawTable(c, dst, t)
	} else {
		s.drawList(c, dst)
	}
	x, right := r.Card.X+r.Pad, r.Card.X+r.Card.W-r.Pad
	bottom := r.Back.Y - p.DP(6)
	var lines []string
	col := th.TextDim
	switch {
	case s.err != "":
		lines, col = p.Wrap(s.err, 13, sprites.Medium, right-x), th.MustCapture
	case s.note != "":
		lines = p.Wrap(s.note, 13, sprites.Medium, right-x)
	}
	if len(lines) > 2 {
		lines = lines[:2]
	}
	if len(lines) > 0 {
		box := scenes.Rect{X: x, Y: bottom - p.DP(18)*float64(len(lines)) - p.DP(6), W: right - x, H: p.DP(18)*float64(len(lines)) + p.DP(6)}
		p.RoundRect(dst, box, p.DP(8), th.Panel, p.DP(1), th.PanelEdge)
		ly := box.Y + p.DP(12)
		for _, l := range lines {
			p.Text(dst, l, 13, sprites.Medium, x+p.DP(8), ly, text.AlignStart, text.AlignCenter, col)
			ly += p.DP(18)
		}
	}
	if s.busy {
		c.Renderer().DrawSpinner(dst, right-p.DP(10), r.TitleY, p.DP(18), float64(c.Tick()%60)/60, th.Accent)
	}
	s.btnBack.Draw(dst, p)
	if s.id != "" {
		s.btnJoin.Draw(dst, p)
	}
	s.btnThird.Draw(dst, p)
}

// StatusFit is an arena's status as drawn in room: one line at 14 dp, or
// two at 14 or 13 dp, the second cut short if it must be.
func StatusFit(p *ui.Painter, status string, room float64) (float64, []string) {
	if p.Measure(status, 14, sprites.Medium) <= room {
		return 14, []string{status}
	}
	for _, size := range []float64{14, 13} {
		if lines := p.Wrap(status, size, sprites.Medium, room); len(lines) <= 2 {
			return size, lines
		}
	}
	lines := p.Wrap(status, 13, sprites.Medium, room)
	return 13, []string{lines[0], Clip(p, strings.Join(lines[1:], " "), 13, sprites.Medium, room)}
}

// Clip is s cut short with an ellipsis to fit room at size.
func Clip(p *ui.Painter, s string, size float64, w sprites.Weight, room float64) string {
	if p.Measure(s, size, w) <= room {
		return s
	}
	r := []rune(s)
	for len(r) > 1 && p.Measure(string(r)+"…", size, w) > room {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// FitSize is the size, from size down to min, at which s fits room (min
// if none does: Clip cuts it then).
func FitSize(p *ui.Painter, s string, size, min float64, w sprites.Weight, room float64) float64 {
	for size > min && p.Measure(s, size, w) > room {
		size -= 0.5
	}
	return size
}

// fitText draws s at size, or smaller down to min, to fit room; cut short
// if it does not fit even then (a long name on a phone).
func fitText(p *ui.Painter, dst *ebiten.Image, s string, size, min float64, w sprites.Weight, x, y, room float64, h text.Align, col color.NRGBA) {
	size = FitSize(p, s, size, min, w, room)
	p.Text(dst, Clip(p, s, size, w, room), size, w, x, y, h, text.AlignCenter, col)
}

func (s *Screen) drawList(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	th := p.Theme
	tx := c.Text()
	r := &s.rects
	x, right := r.Card.X+r.Pad, r.Card.X+r.Card.W-r.Pad
	p.Text(dst, tx.T("arena.title"), 24, sprites.Bold, x, r.TitleY, text.AlignStart, text.AlignCenter, th.Text)
	if len(s.list) == 0 && !s.busy && s.arenas != nil {
		y := r.TitleY + p.DP(44)
		for _, l := range p.Wrap(tx.T("arena.none"), 15, sprites.Medium, right-x) {
			p.Text(dst, l, 15, sprites.Medium, x, y, text.AlignStart, text.AlignCenter, th.TextDim)
			y += p.DP(22)
		}
	}
	now := time.Now()
	for i, box := range r.Rows {
		if i >= len(s.list) {
			break
		}
		a := s.list[i]
		fill, edge, edgeW := ui.Mix(th.Panel, th.Button, 0.35), th.PanelEdge, p.DP(1)
		if i == s.focused {
			edge, edgeW = th.Accent, p.DP(2)
		}
		p.RoundRect(dst, box, p.DP(10), fill, edgeW, edge)
		bar := th.TextDim
		whenCol := th.Text
		switch a.Status {
		case remote.ArenaRunning:
			bar, whenCol = th.Accent, th.Accent
		case remote.ArenaFinished:
			bar, whenCol = th.PanelEdge, th.TextDim
		}
		p.RoundRect(dst, scenes.Rect{X: box.X + p.DP(6), Y: box.Y + p.DP(8), W: p.DP(4), H: box.H - p.DP(16)}, p.DP(2), bar, 0, bar)
		tx0 := box.X + p.DP(18)
		when := whenWords(c, a, now)
		ww := p.Measure(when, 14, sprites.Bold)
		y1, y2 := box.Y+box.H*0.34, box.Y+box.H*0.72
		p.Text(dst, when, 14, sprites.Bold, box.X+box.W-p.DP(12), y1, text.AlignEnd, text.AlignCenter, whenCol)
		fitText(p, dst, title(c, a), 16, 12, sprites.Bold, tx0, y1, box.X+box.W-p.DP(24)-ww-tx0, text.AlignStart, th.Text)
		fitText(p, dst, infoWords(c, a), 13, 12, sprites.Medium, tx0, y2, box.X+box.W-p.DP(12)-tx0, text.AlignStart, th.TextDim)
	}
}

func (s *Screen) drawTable(c scenes.Context, dst *ebiten.Image, t *remote.ArenaTable) {
	p := c.Painter()
	th := p.Theme
	r := &s.rects
	x, right := r.Card.X+r.Pad, r.Card.X+r.Card.W-r.Pad
	now := time.Now()
	when := whenWords(c, t.ArenaInfo, now)
	whenCol := th.Accent
	if t.Status != remote.ArenaRunning {
		whenCol = th.TextDim
	}
	ww := p.Measure(when, 15, sprites.Bold)
	p.Text(dst, when, 15, sprites.Bold, right, r.TitleY, text.AlignEnd, text.AlignCenter, whenCol)
	fitText(p, dst, title(c, t.ArenaInfo), 22, 14, sprites.Bold, x, r.TitleY, right-x-ww-p.DP(12), text.AlignStart, th.Text)
	fitText(p, dst, infoWords(c, t.ArenaInfo), 13, 12, sprites.Medium, x, r.InfoY, right-x, text.AlignStart, th.TextDim)
	status := s.statusWords(c, t)
	statusCol := th.Text
	if t.You != nil && !t.You.Paused && t.Status != remote.ArenaFinished {
		statusCol = th.Accent
	}
	size, lines := StatusFit(p, status, right-x)
	for i, l := range lines {
		p.Text(dst, l, size, sprites.Medium, x, r.StatusY+float64(i)*p.DP(StatusLineDP), text.AlignStart, text.AlignCenter, statusCol)
	}
	if r.LinkY > 0 {
		fitText(p, dst, remote.ArenaLink(c.Server(), t.ID), 12, 10, sprites.Regular, x, r.LinkY, right-x, text.AlignStart, th.TextDim)
	}
	if r.Podium.H > 0 {
		s.drawPodium(c, dst, t.Standings, r.Podium)
	}
	for i, box := range r.Rows {
		if i >= len(t.Standings) {
			break
		}
		s.drawRow(c, dst, t, t.Standings[i], box, i == s.focused)
	}
}

// drawRow draws a row of the standings: rank, name and rating, the
// streak's flame, the game scores and the points.
func (s *Screen) drawRow(c scenes.Context, dst *ebiten.Image, t *remote.ArenaTable, row remote.ArenaRow, box scenes.Rect, focused bool) {
	p := c.Painter()
	th := p.Theme
	mine := t.You != nil && row.Name == t.You.Name && row.Name != ""
	switch {
	case mine:
		p.RoundRect(dst, box, p.DP(8), ui.Mix(th.Panel, th.Accent, 0.18), p.DP(1.5), th.Accent)
	case row.Rank%2 == 1:
		p.RoundRect(dst, box, p.DP(8), ui.Mix(th.Panel, th.Button, 0.3), 0, th.Panel)
	}
	if focused {
		p.RoundRect(dst, box, p.DP(8), ui.Alpha(th.Panel, 0), p.DP(2), th.Accent)
	}
	cy := box.Y + box.H/2
	nameCol := th.Text
	if row.Paused {
		nameCol = th.TextDim
	}
	p.Text(dst, strconv.Itoa(row.Rank), 14, sprites.Bold, box.X+p.DP(26), cy, text.AlignEnd, text.AlignCenter, th.TextDim)
	pts := strconv.Itoa(row.Points)
	right := box.X + box.W - p.DP(10)
	p.Text(dst, pts, 16, sprites.Bold, right, cy, text.AlignEnd, text.AlignCenter, th.Text)
	// The sheet takes what is left right of the names, newest scores last.
	sheetRight := right - p.DP(40)
	nameX := box.X + p.DP(36)
	nameRoom := (sheetRight - nameX) * 0.55
	sheetLeft := nameX + nameRoom + p.DP(8)
	fit := int((sheetRight - sheetLeft) / p.Measure("0 ", 13, sprites.Bold))
	sheet := Sheet(row.Sheet, fit)
	for len(sheet) > 0 && p.Measure(sheet, 13, sprites.Bold) > sheetRight-sheetLeft {
		fit--
		sheet = Sheet(row.Sheet, fit)
	}
	// Each score in its colour: doubled on a streak (4, 5) in the accent,
	// a loss dim.
	sx := sheetRight
	parts := strings.Fields(sheet)
	for i := len(parts) - 1; i >= 0; i-- {
		col := th.Text
		switch parts[i] {
		case "0":
			col = th.TextDim
		case "4", "5", "6":
			col = th.Accent
		}
		p.Text(dst, parts[i], 13, sprites.Bold, sx, cy, text.AlignEnd, text.AlignCenter, col)
		sx -= p.Measure(parts[i]+" ", 13, sprites.Bold)
	}
	name := row.Name
	nx := nameX
	if row.Playing {
		// A dot: the player is in a game now.
		p.Circle(dst, nx+p.DP(4), cy, p.DP(3.5), th.Accent)
		nx += p.DP(12)
	}
	room := nameRoom - (nx - nameX) - p.DP(18)
	size := FitSize(p, name, 15, 12, sprites.Medium, room)
	name = Clip(p, name, size, sprites.Medium, room)
	p.Text(dst, name, size, sprites.Medium, nx, cy, text.AlignStart, text.AlignCenter, nameCol)
	nx += p.Measure(name, size, sprites.Medium) + p.DP(6)
	if rating := strconv.Itoa(row.Rating); row.Rating > 0 && nx+p.Measure(rating, 12, sprites.Regular) < nameX+nameRoom-p.DP(18) {
		p.Text(dst, rating, 12, sprites.Regular, nx, cy, text.AlignStart, text.AlignCenter, th.TextDim)
		nx += p.Measure(rating, 12, sprites.Regular) + p.DP(6)
	}
	if row.Streak {
		// The fire mark: the next win scores double.
		p.Flame(dst, nx+p.DP(6), cy, p.DP(15), th.MustCapture)
	}
}

// drawPodium draws the first three on steps, second left, first middle,
// third right.
func (s *Screen) drawPodium(c scenes.Context, dst *ebiten.Image, rows []remote.ArenaRow, box scenes.Rect) {
	p := c.Painter()
	th := p.Theme
	tx := c.Text()
	w := math.Min(box.W/3, p.DP(180))
	x0 := box.X + (box.W-3*w)/2
	base := box.Y + box.H
	cols := []color.NRGBA{th.Accent, ui.Mix(th.Accent, th.TextDim, 0.55), ui.Mix(th.Accent, th.Panel, 0.45)}
	for i, place := range []int{1, 0, 2} {
		if place >= len(rows) {
			continue
		}
		h := p.DP([]float64{66, 48, 36}[place])
		step := scenes.Rect{X: x0 + float64(i)*w + p.DP(4), Y: base - h, W: w - p.DP(8), H: h}
		p.RoundRect(dst, step, p.DP(8), cols[place], 0, cols[place])
		p.Text(dst, strconv.Itoa(place+1), 24, sprites.Bold, step.X+step.W/2, step.Y+math.Min(h/2, p.DP(22)), text.AlignCenter, text.AlignCenter, th.Panel)
		fitText(p, dst, rows[place].Name, 15, 12, sprites.Bold, step.X+step.W/2, step.Y-p.DP(34), step.W, text.AlignCenter, th.Text)
		p.Text(dst, tx.N("arena.points", rows[place].Points), 13, sprites.Medium, step.X+step.W/2, step.Y-p.DP(14), text.AlignCenter, text.AlignCenter, th.TextDim)
		if place == 0 {
			drawCrown(p, dst, step.X+step.W/2, step.Y-p.DP(58), p.DP(22), th.Accent)
		}
	}
}

// drawCrown draws a crown over the winner, size wide, centred at (x, y).
func drawCrown(p *ui.Painter, dst *ebiten.Image, x, y, size float64, col color.NRGBA) {
	var path vector.Path
	w, h := size, size*0.7
	l, r, top, bot := x-w/2, x+w/2, y-h/2, y+h/2
	path.MoveTo(float32(l), float32(bot))
	path.LineTo(float32(l), float32(top+h*0.2))
	path.LineTo(float32(l+w*0.27), float32(top+h*0.55))
	path.LineTo(float32(x), float32(top))
	path.LineTo(float32(r-w*0.27), float32(top+h*0.55))
	path.LineTo(float32(r), float32(top+h*0.2))
	path.LineTo(float32(r), float32(bot))
	path.Close()
	p.FillPath(dst, &path, col)
}
