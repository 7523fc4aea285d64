package online

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
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

// SceneLobby is the lobby: the name card, quick pairing, the open seeks
// and a seek of one's own (docs/ONLINE.md, "The lobby").
const SceneLobby = "lobby"

// nobodyAfter is how long a seek waits before the lobby says plainly
// that nobody has answered yet.
const nobodyAfter = 20 * time.Second

// LobbyRects is where the lobby puts things.
type LobbyRects struct {
	Card            scenes.Rect
	titleY, countsY float64
	// Profile, Leaders and Live open the player's profile, the
	// leaderboards and the games being played (on the title's row).
	Profile, Leaders, Live scenes.Rect
	Name, SaveName         scenes.Rect // the name field and its button (unnamed)
	Transfer               scenes.Rect // "Another device" (named)
	Claim, UseCode         scenes.Rect // a transfer code's field and its button
	meY, whyY              float64
	whyW                   float64 // the room for why a name (0: not shown)
	countsX                float64
	statusX, statusY       float64 // the status's start, and the middle of its first line
	statusW                float64 // the room for the status's lines
	Variant, Kind          scenes.Rect
	Quick                  [6]scenes.Rect // the quick-pairing clocks
	quickY                 float64
	seeksY                 float64
	Seeks                  []scenes.Rect // the rows of open seeks that fit
	// Arenas are the rows of the running and coming arenas, over the
	// seeks (none when there are none); with ArenaMore the last of them
	// opens the arenas' page, where the rest are.
	Arenas    []scenes.Rect
	ArenaMore bool
	arenasY   float64
	// AllArenas (Short) opens the arenas' list from the title's row when
	// more arenas are known than the one row shows: a phone on its side
	// has no room for a second row that would do it.
	AllArenas scenes.Rect
	// Compact: a phone's one column, where the seek of one's own is made
	// in place of the list of seeks (Create a seek opens it, Close shuts
	// it); on a wide screen it is always shown, left, under quick pairing.
	Compact bool
	// Short: a phone held sideways, three columns (the name card and
	// status; quick pairing; the seeks or the form), compact otherwise.
	Short                bool
	createY              float64
	Clock, Colour, Range scenes.Rect
	OpenSeek, Cancel     scenes.Rect
	CreateSeek           scenes.Rect // Compact: opens the seek's form
	While                scenes.Rect // Short: the computer while nobody answers (else in CreateSeek's place)
	CloseForm            scenes.Rect // Compact: shuts it
	// Command is the typed-command line (wide screens; a page's own
	// command line does it in a browser, on a phone too).
	Command      scenes.Rect
	Back, Friend scenes.Rect
	pad          float64
}

// LobbyLayout lays the lobby out: one column on a phone, two side by side
// (pairing on the left, the seeks on the right) on a wide screen.
func LobbyLayout(w, h, scale float64) LobbyRects { return LobbyLayoutArenas(w, h, scale, 0) }

// maxArenaRows is how many rows the arenas take over the seeks: three on a
// wide screen, two on a phone held upright, one on a phone on its side
// (whose seeks have the least room).
func maxArenaRows(r *LobbyRects) int {
	switch {
	case r.Short:
		return 1
	case r.Compact:
		return 2
	}
	return 3
}

// LobbyLayoutArenas is LobbyLayout with n arenas listed over the seeks.
func LobbyLayoutArenas(w, h, scale float64, n int) LobbyRects {
	dp := func(v float64) float64 { return math.Round(v * scale) }
	var r LobbyRects
	pad, row, gap, line := dp(14), dp(46), dp(8), dp(22)
	wide := w >= dp(900)
	r.Compact = !wide
	if !wide && w > h && h < dp(600) {
		return shortLobbyLayout(w, h, scale, n)
	}
	cw := math.Min(w-dp(16), dp(1180))
	if !wide {
		cw = math.Min(w-dp(12), dp(620))
	}
	r.Card = scenes.Rect{X: math.Round((w - cw) / 2), Y: dp(6), W: cw, H: h - dp(12)}
	r.pad = pad
	colW := cw - 2*pad
	x := r.Card.X + pad
	if wide {
		colW = (cw - 3*pad) / 2
	}
	y := r.Card.Y + pad
	r.titleY = y + row/2
	tw := math.Min(dp(120), (cw-2*pad)*0.2)
	for i, b := range []*scenes.Rect{&r.Live, &r.Leaders, &r.Profile} {
		*b = scenes.Rect{X: r.Card.X + cw - pad - float64(i+1)*tw - float64(i)*gap, Y: y, W: tw, H: row}
	}
	y += row + dp(2)
	r.countsY = y + line/2
	y += line + gap
	// The name card: a field and its button, or the name and "Another
	// device"; under it why a name, and a transfer code's field.
	bw := math.Min(dp(170), colW*0.42)
	r.Name = scenes.Rect{X: x, Y: y, W: colW - bw - gap, H: row}
	r.SaveName = scenes.Rect{X: x + colW - bw, Y: y, W: bw, H: row}
	r.Transfer = r.SaveName
	r.meY = y + row/2
	y += row + dp(2)
	r.whyY = y + dp(8)
	y += dp(32)
	r.Claim = scenes.Rect{X: x, Y: y, W: colW - bw - gap, H: row}
	r.UseCode = scenes.Rect{X: x + colW - bw, Y: y, W: bw, H: row}
	y += row + gap
	// The status: up to three lines.
	r.statusY = y + dp(8)
	y += dp(48)
	vw := math.Round(colW * 0.4)
	r.Variant = scenes.Rect{X: x, Y: y, W: vw, H: row}
	r.Kind = scenes.Rect{X: x + vw + gap, Y: y, W: colW - vw - gap, H: row}
	y += row + gap
	r.quickY = y + line/2
	y += line
	per := 3
	qw := (colW - float64(per-1)*gap) / float64(per)
	for i := range r.Quick {
		r.Quick[i] = scenes.Rect{X: x + float64(i%per)*(qw+gap), Y: y + float64(i/per)*(row+gap), W: qw, H: row}
	}
	y += 2*(row+gap) + dp(4)
	r.countsX, r.statusX, r.statusW = x, x, r.Quick[2].X+r.Quick[2].W-x
	r.whyW = r.statusW
	half := (colW - gap) / 2
	bottom := r.Card.Y + r.Card.H - pad
	r.Back = scenes.Rect{X: x, Y: bottom - row, W: half, H: row}
	r.Friend = scenes.Rect{X: x + half + gap, Y: bottom - row, W: half, H: row}
	form := func(y float64) float64 {
		r.createY = y + line/2
		y += line
		r.Clock = scenes.Rect{X: x, Y: y, W: colW, H: row}
		y += row + gap
		if wide {
			r.Colour = scenes.Rect{X: x, Y: y, W: half, H: row}
			r.Range = scenes.Rect{X: x + half + gap, Y: y, W: half, H: row}
		} else {
			r.Colour = scenes.Rect{X: x, Y: y, W: colW, H: row}
			y += row + gap
			r.Range = scenes.Rect{X: x, Y: y, W: colW, H: row}
		}
		y += row + gap
		r.OpenSeek = scenes.Rect{X: x, Y: y, W: half, H: row}
		r.Cancel = scenes.Rect{X: x + half + gap, Y: y, W: half, H: row}
		r.CloseForm = r.Cancel
		return y + row + gap
	}
	var sx, sy float64
	if wide {
		y = form(y)
		if y+row <= r.Back.Y-gap {
			r.Command = scenes.Rect{X: x, Y: r.Back.Y - gap - row, W: colW, H: row}
		}
		sx, sy = x+colW+pad, r.Name.Y
	} else {
		// Create a seek and Cancel seek; under them the list, or the form.
		r.CreateSeek = scenes.Rect{X: x, Y: y, W: half, H: row}
		r.Cancel = scenes.Rect{X: x + half + gap, Y: y, W: half, H: row}
		y += row + gap
		sx, sy = x, y
		form(y)
		r.Cancel = scenes.Rect{X: x + half + gap, Y: r.CreateSeek.Y, W: half, H: row}
		r.Friend.W = half
	}
	r.lists(sx, sy, colW, r.Back.Y-gap, n, scale)
	return r
}

// lists places the arenas' rows (n arenas, as many as fit) and the seeks'
// under them, in a column of width colW from y to end.
func (r *LobbyRects) lists(x, y, colW, end float64, n int, scale float64) {
	dp := func(v float64) float64 { return math.Round(v * scale) }
	line, rowH, step := dp(22), dp(44), dp(48)
	if k := min(n, maxArenaRows(r)); k > 0 {
		r.arenasY = y + line/2
		y += line + dp(2)
		for range k {
			r.Arenas = append(r.Arenas, scenes.Rect{X: x, Y: y, W: colW, H: rowH})
			y += step
		}
		r.ArenaMore = n > k && k > 1
		y += dp(4)
	}
	r.seeksY = y + line/2
	y += line + dp(2)
	for y+rowH <= end && len(r.Seeks) < 12 {
		r.Seeks = append(r.Seeks, scenes.Rect{X: x, Y: y, W: colW, H: rowH})
		y += step
	}
}

// shortLobbyLayout lays the lobby out on a phone held sideways (844×390):
// under the title's row three columns, the name card, the transfer code
// and the status over Back; quick pairing; the seeks, or in their place
// the seek's form. Why a name is left out (the name field says it).
func shortLobbyLayout(w, h, scale float64, n int) LobbyRects {
	dp := func(v float64) float64 { return math.Round(v * scale) }
	var r LobbyRects
	pad, row, gap, line := dp(14), dp(46), dp(8), dp(22)
	r.Compact, r.Short = true, true
	cw := math.Min(w-dp(12), dp(1180))
	r.Card = scenes.Rect{X: math.Round((w - cw) / 2), Y: dp(6), W: cw, H: h - dp(12)}
	r.pad = pad
	inner := cw - 4*pad
	w1, w3 := math.Floor(inner*0.36), math.Floor(inner*0.4)
	w2 := inner - w1 - w3
	x1 := r.Card.X + pad
	x2 := x1 + w1 + pad
	x3 := x2 + w2 + pad
	y := r.Card.Y + pad
	r.titleY = y + row/2
	tw := math.Min(dp(120), (cw-2*pad)*0.2)
	for i, b := range []*scenes.Rect{&r.Live, &r.Leaders, &r.Profile} {
		*b = scenes.Rect{X: r.Card.X + cw - pad - float64(i+1)*tw - float64(i)*gap, Y: y, W: tw, H: row}
	}
	top := y + row + gap
	bottom := r.Card.Y + r.Card.H - pad
	// The name card, the transfer code, the status; Back and a friend.
	y = top
	r.countsX, r.countsY = x1, y+line/2
	y += line + gap
	bw := math.Min(dp(170), w1*0.42)
	r.Name = scenes.Rect{X: x1, Y: y, W: w1 - bw - gap, H: row}
	r.SaveName = scenes.Rect{X: x1 + w1 - bw, Y: y, W: bw, H: row}
	r.Transfer = r.SaveName
	r.meY = y + row/2
	y += row + gap
	r.Claim = scenes.Rect{X: x1, Y: y, W: w1 - bw - gap, H: row}
	r.UseCode = scenes.Rect{X: x1 + w1 - bw, Y: y, W: bw, H: row}
	y += row + gap
	r.statusX, r.statusY, r.statusW = x1, y+dp(8), w1
	y += dp(48) + gap
	r.While = scenes.Rect{X: x1, Y: y, W: w1, H: row}
	half1 := (w1 - gap) / 2
	r.Back = scenes.Rect{X: x1, Y: bottom - row, W: half1, H: row}
	r.Friend = scenes.Rect{X: x1 + half1 + gap, Y: bottom - row, W: half1, H: row}
	// Quick pairing: the variant, rated or not, the clocks two a row.
	y = top
	r.Variant = scenes.Rect{X: x2, Y: y, W: w2, H: row}
	y += row + gap
	r.Kind = scenes.Rect{X: x2, Y: y, W: w2, H: row}
	y += row + gap
	r.quickY = y + line/2
	y += line
	qw := (w2 - gap) / 2
	for i := range r.Quick {
		r.Quick[i] = scenes.Rect{X: x2 + float64(i%2)*(qw+gap), Y: y + float64(i/2)*(row+gap), W: qw, H: row}
	}
	// Create a seek and Cancel seek; under them the seeks, or the form.
	y = top
	half3 := (w3 - gap) / 2
	r.CreateSeek = scenes.Rect{X: x3, Y: y, W: half3, H: row}
	r.Cancel = scenes.Rect{X: x3 + half3 + gap, Y: y, W: half3, H: row}
	y += row + gap
	r.createY = y + line/2
	fy := y + line
	r.Clock = scenes.Rect{X: x3, Y: fy, W: w3, H: row}
	fy += row + gap
	r.Colour = scenes.Rect{X: x3, Y: fy, W: w3, H: row}
	fy += row + gap
	r.Range = scenes.Rect{X: x3, Y: fy, W: w3, H: row}
	fy += row + gap
	r.OpenSeek = scenes.Rect{X: x3, Y: fy, W: half3, H: row}
	r.CloseForm = scenes.Rect{X: x3 + half3 + gap, Y: fy, W: half3, H: row}
	r.lists(x3, y, w3, bottom, n, scale)
	if n > len(r.Arenas) {
		r.AllArenas = scenes.Rect{X: r.Profile.X - gap - tw, Y: r.Profile.Y, W: tw, H: row}
	}
	return r
}

// titleEnd is where the title's row's buttons begin: the title has the
// room before it.
func (r *LobbyRects) titleEnd() float64 {
	if r.AllArenas.W > 0 {
		return r.AllArenas.X
	}
	return r.Profile.X
}

// rangeSteps are the rating ranges offered: anyone, or within ± of the
// player's rating.
var rangeSteps = []int{0, 100, 200, 400}

// Lobby is the lobby's screen.
type Lobby struct {
	rects LobbyRects

	nameField, claimField    *ui.TextField
	cmdField                 *ui.TextField
	btnSaveName, btnTransfer ui.Button
	btnClaim                 ui.Button
	variant, kind            ui.Segmented
	quick                    [6]ui.Button
	clock, colour, rng       ui.Segmented
	btnOpen, btnCancel       ui.Button
	btnCreate, btnClose      ui.Button
	btnWhile                 ui.Button // the computer while nobody answers
	waiting                  remote.SeekOptions
	creating                 bool     // Compact: the seek's form shows in place of the list
	meSize                   float64  // the name card's line's size, fitted in Layout
	whyLines                 []string // why a name, wrapped in Layout
	btnBack, btnFriend       ui.Button
	btnProfile, btnLeaders   ui.Button
	btnLive                  ui.Button
	btnArenas                ui.Button // Short: the arenas' list (LobbyRects.AllArenas)
	titleSize                float64
	// What the server refused of the name and the transfer code, for the
	// page's mirror of their fields.
	nameRefused, claimRefused refusal
	size                      [3]float64 // the last Layout's w, h and scale
	arenas                    arenaStrip
	seekRows                  rowCache // the seeks' rows, fitted
	seekWordsOf               []string // the seeks' rows' words, for view version seekVersion
	seekVersion               int

	// The account, once connected (off the game loop: wait).
	acct    *remote.Account
	me      remote.Me
	view    remote.LobbyView
	wait    chan func(*Lobby)
	busy    bool
	flying  action         // the kind of the request on its way (busy)
	pending func(l *Lobby) // the action asked for meanwhile, run when it ends
	status  string         // what the last action said (errors in the MustCapture colour)
	isErr   bool
	seekAt  time.Time // when our seek opened; zero: none open
	seen    map[string]bool
	opening bool // a pairing is being opened
	closed  bool
	left    leaving // the account being connected, until it is l.acct
}

var _ scenes.Scene = (*Lobby)(nil)

// NewLobby makes the lobby and connects to the server.
func NewLobby(c scenes.Context) *Lobby {
	t := c.Text()
	l := &Lobby{wait: make(chan func(*Lobby), 8), seen: map[string]bool{}}
	l.nameField = ui.NewTextField(t.T("lobby.name_placeholder"))
	l.claimField = ui.NewTextField(t.T("lobby.claim_placeholder"))
	l.cmdField = ui.NewTextField(t.T("lobby.command_placeholder"))
	l.btnSaveName = ui.Button{Label: t.T("lobby.save_name"), Kind: ui.Primary, TextSize: 15}
	l.btnTransfer = ui.Button{Label: t.T("lobby.transfer"), TextSize: 15}
	l.btnClaim = ui.Button{Label: t.T("lobby.claim"), TextSize: 15}
	l.variant = ui.Segmented{Name: t.T("lobby.variant"), Options: []string{t.T("online.bashni"), t.T("online.lasca")}}
	if c.Settings().NewGame.Variant.Rules() == rules.Lasca {
		l.variant.Selected = 1
	}
	l.kind = ui.Segmented{Name: t.T("lobby.kind"), Options: []string{t.T("lobby.rated"), t.T("lobby.casual")}}
	for i, cl := range remote.LobbyClocks {
		l.quick[i] = ui.Button{Label: clockWords(c, cl), TextSize: 16}
	}
	clocks := make([]string, len(remote.LobbyClocks))
	for i, cl := range remote.LobbyClocks {
		clocks[i] = clockWords(c, cl)
	}
	l.clock = ui.Segmented{Name: t.T("lobby.clock"), Options: clocks, Selected: 1}
	l.colour = ui.Segmented{Name: t.T("lobby.colour"), Options: []string{t.T("online.white"), t.T("online.black"), t.T("online.random")}, Selected: 2}
	l.rng = ui.Segmented{Name: t.T("lobby.range"), Options: []string{t.T("lobby.range_any"), "±100", "±200", "±400"}}
	l.btnOpen = ui.Button{Label: t.T("lobby.open_seek"), TextSize: 15}
	l.btnCancel = ui.Button{Label: t.T("lobby.cancel"), TextSize: 15, Disabled: true}
	l.btnCreate = ui.Button{Label: t.T("lobby.create"), TextSize: 15}
	l.btnClose = ui.Button{Label: t.T("lobby.close"), TextSize: 15}
	l.btnWhile = ui.Button{Label: t.T("lobby.while_waiting"), Sub: t.T("lobby.not_rated"), TextSize: 15, Kind: ui.Primary}
	l.btnBack = ui.Button{Label: t.T("lobby.back"), Icon: ui.IconBack, TextSize: 15}
	l.btnFriend = ui.Button{Label: t.T("lobby.friend"), TextSize: 15}
	l.btnProfile = ui.Button{Label: t.T("lobby.profile"), TextSize: 14, Disabled: true}
	l.btnLeaders = ui.Button{Label: t.T("lobby.leaders"), TextSize: 14}
	l.btnLive = ui.Button{Label: t.T("lobby.live"), TextSize: 14}
	l.btnArenas = ui.Button{Label: t.T("arena.open"), TextSize: 14}
	l.connect(c)
	return l
}

// clockWords names a lobby clock: 5+3, or days a move.
func clockWords(c scenes.Context, cl remote.Clock) string {
	switch cl.Kind {
	case remote.CorrespondenceClock:
		if cl.Days == 1 {
			return c.Text().T("lobby.day1")
		}
		return c.Text().T("lobby.days3")
	case remote.LiveClock:
		return fmt.Sprintf("%d+%d", int(cl.Initial/time.Minute), int(cl.Increment/time.Second))
	}
	return c.Text().T("online.clock_none")
}

// Name is the scene's name.
func (l *Lobby) Name() string { return SceneLobby }

// Layout places the controls.
func (l *Lobby) Layout(c scenes.Context, w, h, scale float64) {
	r := LobbyLayoutArenas(w, h, scale, len(l.arenas.list))
	l.rects, l.size = r, [3]float64{w, h, scale}
	l.nameField.Layout(r.Name)
	l.claimField.Layout(r.Claim)
	l.cmdField.Layout(r.Command)
	l.btnSaveName.Rect, l.btnTransfer.Rect, l.btnClaim.Rect = r.SaveName, r.Transfer, r.UseCode
	l.variant.Rect, l.kind.Rect = r.Variant, r.Kind
	for i := range l.quick {
		l.quick[i].Rect = r.Quick[i]
	}
	l.clock.Rect, l.colour.Rect, l.rng.Rect = r.Clock, r.Colour, r.Range
	l.btnOpen.Rect, l.btnCancel.Rect = r.OpenSeek, r.Cancel
	l.btnCreate.Rect, l.btnClose.Rect = r.CreateSeek, r.CloseForm
	l.btnWhile.Rect = r.OpenSeek
	if r.Compact {
		l.btnWhile.Rect = r.CreateSeek
	}
	if r.Short {
		l.btnWhile.Rect = r.While
	}
	l.btnBack.Rect, l.btnFriend.Rect = r.Back, r.Friend
	l.btnProfile.Rect, l.btnLeaders.Rect, l.btnLive.Rect = r.Profile, r.Leaders, r.Live
	l.btnArenas.Rect = r.AllArenas
	p := c.Painter()
	l.titleSize = scenes.FitSize(p, c.Text().T("lobby.title"), 24, 16, sprites.Bold, r.titleEnd()-r.Card.X-r.pad-p.DP(8))
	for _, sg := range []*ui.Segmented{&l.variant, &l.kind, &l.clock, &l.colour, &l.rng} {
		sg.Weigh(p)
	}
	l.fitMe(c)
	l.whyLines = nil
	if r.whyW > 0 {
		l.whyLines = p.Wrap(c.Text().T("lobby.why_name"), 12, sprites.Regular, r.whyW)
	}
	if len(l.whyLines) > 2 {
		l.whyLines = l.whyLines[:2]
	}
}

// fitMe fits the name card's line to its room (in Layout, and when the
// name or the ratings change).
func (l *Lobby) fitMe(c scenes.Context) {
	r := &l.rects
	l.meSize = scenes.FitSize(c.Painter(), l.meWords(c), 17, 12, sprites.Bold, r.Transfer.X-r.Card.X-r.pad-c.Painter().DP(4))
}

// formShown: the seek's form is on screen (always on a wide screen).
func (l *Lobby) formShown() bool { return !l.rects.Compact || l.creating }

// listShown: the open seeks are on screen.
func (l *Lobby) listShown() bool { return !l.rects.Compact || !l.creating }

// action is a kind of request the lobby makes of the server, one at a
// time (do).
type action uint8

const (
	actConnect  action = iota + 1
	actSeek            // a quick pairing, a seek opened or accepted
	actCancel          // our seeks withdrawn
	actName            // the name saved
	actTransfer        // a transfer code made
	actClaim           // a transfer code used
)

// later reports whether the action of kind, run, must wait because a
// request is on its way. A tap made then is not lost: the action runs
// when the request ends (one waits, the latest asked; run calls the
// action anew, so it reads the lobby as it is then: a cancel withdraws
// the seek that was being opened). An action of the request's own kind is
// not repeated (a second tap on a quick pairing would open a second seek,
// a second Save would save the name twice): the player hears and reads
// that the last request is still on its way, as a spinner shows it.
func (l *Lobby) later(c scenes.Context, kind action, run func(l *Lobby)) bool {
	if !l.busy {
		return false
	}
	if kind == l.flying {
		msg := c.Text().T("lobby.busy")
		l.say(msg, false)
		platform.Speak(msg)
		c.Invalidate()
		return true
	}
	l.pending = run
	return true
}

// do runs f, a request of kind, off the game loop with a deadline; then,
// on the game loop, done with its error, and the action asked for
// meanwhile (later). Actions ask later first: do is not called while
// busy.
func (l *Lobby) do(c scenes.Context, kind action, f func(ctx context.Context) error, done func(l *Lobby, err error)) {
	l.busy, l.flying = true, kind
	c.Invalidate()
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), remote.DialTimeout)
		defer cancel()
		err := f(ctx)
		l.wait <- func(l *Lobby) {
			l.busy, l.flying = false, 0
			if l.status == c.Text().T("lobby.busy") {
				l.say("", false) // said while busy: no longer true
			}
			done(l, err)
			if run := l.pending; run != nil && !l.busy {
				l.pending = nil
				run(l)
			}
		}
	}()
}

func (l *Lobby) connect(c scenes.Context) {
	server, st, left := c.Server(), c.Store(), &l.left
	var acct *remote.Account
	var me remote.Me
	l.say(c.Text().T("lobby.connecting"), false)
	l.do(c, actConnect, func(ctx context.Context) error {
		var err error
		acct, me, err = remote.OpenAccount(ctx, st, server)
		if err != nil {
			return err
		}
		if err := acct.EnterLobby(ctx); err != nil {
			acct.Close()
			return err
		}
		// A lobby left while dialling never runs this request's end
		// (Update does, and it is off the screen): the account is closed
		// here, or by leave once it is held.
		if !left.hold(acct) {
			return errLeft
		}
		return nil
	}, func(l *Lobby, err error) {
		if err == errLeft {
			return
		}
		if err != nil {
			l.fail(c, err)
			return
		}
		if !l.left.take(acct) {
			return // left meanwhile: closed
		}
		l.acct, l.me, l.status = acct, me, ""
		l.fitMe(c)
		if me.Name == "" {
			l.kind.Selected = 1 // casual until there is a name
		}
		l.view = acct.View()
		for _, s := range l.view.Seeks {
			l.seen[s.ID] = true
		}
		platform.Speak(c.Text().F("lobby.counts", "Players", l.view.Players, "Games", l.view.Games))
		l.sayMe(c)
	})
}

func (l *Lobby) say(msg string, isErr bool) { l.status, l.isErr = msg, isErr }

// fail says what went wrong in the player's language.
func (l *Lobby) fail(c scenes.Context, err error) {
	msg := refusalWords(c, err)
	l.say(msg, true)
	platform.Speak(msg)
	c.Invalidate()
}

// refusalWords says a refusal of the server's, or another error, in the
// player's language.
func refusalWords(c scenes.Context, err error) string {
	t := c.Text()
	key := ""
	switch remote.RefusalOf(err) {
	case remote.RefusedBadName:
		key = "lobby.bad_name"
	case remote.RefusedNameTaken:
		key = "lobby.name_taken"
	case remote.RefusedTooSoon:
		key = "lobby.too_soon"
	case remote.RefusedBadCode:
		key = "lobby.bad_code"
	case remote.RefusedKeyMoved:
		key = "lobby.key_moved"
	case remote.RefusedRateLimited:
		key = "lobby.rate_limited"
	case remote.RefusedNameRequired:
		key = "lobby.name_required"
	case remote.RefusedOwnSeek:
		key = "lobby.own_seek"
	case remote.RefusedSeekGone:
		key = "lobby.seek_gone"
	case remote.RefusedAlreadySeeking:
		key = "lobby.already_seeking"
	case remote.RefusedOutOfRange:
		key = "lobby.out_of_range"
	case remote.RefusedLobbyFull:
		key = "lobby.lobby_full"
	case remote.RefusedNotFound:
		key = "profile.not_found"
	}
	if key != "" {
		return t.T(key)
	}
	return t.F("lobby.failed", "Error", err.Error())
}

// options is what the lobby's choices ask for, at clock i.
func (l *Lobby) options(i int) remote.SeekOptions {
	o := remote.SeekOptions{Variant: rules.Bashni, Clock: remote.LobbyClocks[i], Rated: l.kind.Selected == 0}
	if l.variant.Selected == 1 {
		o.Variant = rules.Lasca
	}
	return o
}

// myRating is the player's rating in o's variant and speed (1500 before
// the first rated game).
func (l *Lobby) myRating(o remote.SeekOptions) (int, bool) {
	speed := remote.SpeedOf(o.Clock)
	for _, r := range l.me.Ratings {
		if r.Variant == o.Variant && r.Speed == speed {
			return r.Rating, r.Provisional
		}
	}
	return 1500, true
}

// gameWords names a game's kind: Bashni 5+3 rated.
func gameWords(c scenes.Context, v rules.Variant, cl remote.Clock, rated bool) string {
	t := c.Text()
	kind := t.T("lobby.casual")
	if rated {
		kind = t.T("lobby.rated")
	}
	return t.VariantName(v) + " " + clockWords(c, cl) + " · " + kind
}

func (l *Lobby) quickPair(c scenes.Context, i int) {
	if l.later(c, actSeek, func(l *Lobby) { l.quickPair(c, i) }) || l.acct == nil {
		return
	}
	o := l.options(i)
	a := l.acct
	var paired bool
	l.do(c, actSeek, func(ctx context.Context) error {
		var err error
		paired, err = a.QuickPair(ctx, o)
		return err
	}, func(l *Lobby, err error) {
		if err != nil {
			l.fail(c, err)
			return
		}
		if !paired {
			l.seeking(c, o)
		}
	})
}

func (l *Lobby) openSeek(c scenes.Context) {
	if l.later(c, actSeek, func(l *Lobby) { l.openSeek(c) }) || l.acct == nil {
		return
	}
	o := l.options(l.clock.Selected)
	o.Seat = [...]remote.Seat{remote.WhiteSeat, remote.BlackSeat, remote.NoSeat}[l.colour.Selected]
	if d := rangeSteps[l.rng.Selected]; d > 0 {
		mine, _ := l.myRating(o)
		o.Min, o.Max = max(0, mine-d), min(4000, mine+d)
	}
	a := l.acct
	l.do(c, actSeek, func(ctx context.Context) error { return a.Seek(ctx, o) }, func(l *Lobby, err error) {
		if err != nil {
			l.fail(c, err)
			return
		}
		l.creating = false
		l.seeking(c, o)
	})
}

// seeking says that a seek of ours is open and waits.
func (l *Lobby) seeking(c scenes.Context, o remote.SeekOptions) {
	l.seekAt, l.waiting = time.Now(), o
	msg := c.Text().F("lobby.seeking", "Game", gameWords(c, o.Variant, o.Clock, o.Rated))
	l.say(msg, false)
	platform.Speak(msg)
}

func (l *Lobby) cancelSeeks(c scenes.Context) {
	if l.later(c, actCancel, func(l *Lobby) { l.cancelSeeks(c) }) || l.acct == nil {
		return
	}
	a := l.acct
	l.do(c, actCancel, func(ctx context.Context) error {
		// The account's, not the list's: a seek whose opening this
		// cancel waited for may not be listed yet.
		for _, id := range a.MySeeks() {
			if err := a.Cancel(ctx, id); err != nil && remote.RefusalOf(err) != remote.RefusedSeekGone {
				return err
			}
		}
		return nil
	}, func(l *Lobby, err error) {
		l.seekAt = time.Time{}
		l.say("", false)
		if err != nil {
			l.fail(c, err)
		}
	})
}

// accept takes the open seek at index i of the list.
func (l *Lobby) accept(c scenes.Context, i int) {
	if i < 0 || i >= len(l.view.Seeks) {
		return
	}
	l.acceptID(c, l.view.Seeks[i].ID)
}

// acceptID takes the open seek id (the one tapped, even if the list has
// changed while it waited for a request before it).
func (l *Lobby) acceptID(c scenes.Context, id string) {
	if l.later(c, actSeek, func(l *Lobby) { l.acceptID(c, id) }) || l.acct == nil {
		return
	}
	a := l.acct
	l.do(c, actSeek, func(ctx context.Context) error { return a.Accept(ctx, id) }, func(l *Lobby, err error) {
		if err != nil {
			l.fail(c, err)
		}
	})
}

// refusal is a field's text the server refused, and why in the player's
// words.
type refusal struct{ text, why string }

// state is the field's state in the page's mirror: why its text was
// refused while it still holds that text (as the status line says to the
// sighted player), else note.
func (r refusal) state(f *ui.TextField, note string) scenes.FieldState {
	if r.why != "" && strings.TrimSpace(f.Text()) == r.text {
		return scenes.FieldState{Note: r.why, Refused: true}
	}
	return scenes.FieldState{Note: note}
}

func (l *Lobby) saveName(c scenes.Context, name string) {
	if l.later(c, actName, func(l *Lobby) { l.saveName(c, name) }) || l.acct == nil {
		return
	}
	if why := nameLetterWords(c, name); why != "" {
		// The server would refuse it (identity.CheckNewName) with a
		// bad-name whose words are English only: the lobby says which
		// letter, in the player's language, without asking.
		l.nameRefused = refusal{strings.TrimSpace(name), why}
		l.say(why, true)
		platform.Speak(why)
		c.Invalidate()
		return
	}
	a := l.acct
	var me remote.Me
	l.nameField.Blur()
	l.do(c, actName, func(ctx context.Context) error {
		var err error
		me, err = a.SetName(ctx, name)
		return err
	}, func(l *Lobby, err error) {
		if err != nil {
			l.nameRefused = refusal{strings.TrimSpace(name), refusalWords(c, err)}
			l.fail(c, err)
			return
		}
		l.nameRefused = refusal{}
		l.me = me
		l.kind.Selected = 0
		l.say("", false)
		l.fitMe(c)
		l.sayMe(c)
	})
}

func (l *Lobby) transfer(c scenes.Context) {
	if l.later(c, actTransfer, func(l *Lobby) { l.transfer(c) }) || l.acct == nil {
		return
	}
	a := l.acct
	var code, link string
	l.do(c, actTransfer, func(ctx context.Context) error {
		var err error
		code, link, _, err = a.TransferCode(ctx)
		return err
	}, func(l *Lobby, err error) {
		if err != nil {
			l.fail(c, err)
			return
		}
		// The code, and the link on the clipboard: the link is as long
		// as the server's address, and does not fit the status's lines.
		c.Clipboard().Copy(link)
		msg := c.Text().F("lobby.transfer_shown", "Code", code)
		l.say(msg, false)
		platform.Speak(msg)
	})
}

// claim moves the player of a typed transfer code to this device: a new
// account replaces this one.
func (l *Lobby) claim(c scenes.Context) {
	if l.later(c, actClaim, func(l *Lobby) { l.claim(c) }) {
		return
	}
	code := l.claimField.Text()
	server, st := c.Server(), c.Store()
	var acct *remote.Account
	var me remote.Me
	l.claimField.Blur()
	l.do(c, actClaim, func(ctx context.Context) error {
		var err error
		acct, me, err = remote.ClaimTransfer(ctx, st, server, code)
		if err != nil {
			return err
		}
		if err := acct.EnterLobby(ctx); err != nil {
			acct.Close()
			return err
		}
		return nil
	}, func(l *Lobby, err error) {
		if err != nil {
			l.claimRefused = refusal{strings.TrimSpace(code), refusalWords(c, err)}
			l.fail(c, err)
			return
		}
		l.claimRefused = refusal{}
		if l.acct != nil {
			l.acct.Close()
		}
		l.acct, l.me = acct, me
		l.fitMe(c)
		l.claimField.SetText("")
		l.kind.Selected = 0
		l.say(c.Text().T("lobby.moved_here"), false)
		platform.Speak(l.status)
		l.sayMe(c)
	})
}

// Update handles the controls and follows the lobby.
func (l *Lobby) Update(c scenes.Context) error {
	for {
		select {
		case f := <-l.wait:
			f(l)
			c.Invalidate()
			continue
		default:
		}
		break
	}
	if l.busy {
		c.Spin()
	}
	l.follow(c)
	if l.opening {
		return nil
	}
	named := l.me.Name != ""
	if l.typing(c) {
		return nil
	}
	if l.updateArenas(c) {
		return nil
	}
	l.btnProfile.Disabled = !named || l.acct == nil
	l.btnLeaders.Disabled, l.btnLive.Disabled = l.acct == nil, l.acct == nil
	switch {
	case l.rects.AllArenas.W > 0 && c.Used(&l.btnArenas):
		l.openArena(c, "")
		return nil
	case c.Used(&l.btnProfile):
		c.Push(NewProfile(c, l.acct, l.me.Name))
		return nil
	case c.Used(&l.btnLeaders):
		c.Push(NewLeaders(c, l.acct, l.options(0).Variant))
		return nil
	case c.Used(&l.btnLive):
		c.Push(NewLive(c, l.acct))
		return nil
	}
	// The name and the transfer code are text boxes in the page's mirror
	// (no Tab stops: their buttons are), with why a name is asked or why
	// the server refused what was typed; Enter there saves or uses it.
	t := c.Text()
	if !named {
		if c.MirrorEntry(l.nameField, t.T("lobby.name_placeholder"), l.nameRefused.state(l.nameField, t.T("lobby.why_name"))) {
			l.saveName(c, strings.TrimSpace(l.nameField.Text()))
		}
		if l.nameField.Update(c) {
			c.Invalidate()
		}
		if c.Used(&l.btnSaveName) {
			l.saveName(c, strings.TrimSpace(l.nameField.Text()))
		}
	} else if c.Used(&l.btnTransfer) {
		l.transfer(c)
	}
	if c.MirrorEntry(l.claimField, t.T("lobby.claim_placeholder"), l.claimRefused.state(l.claimField, "")) {
		l.claim(c)
	}
	if l.claimField.Update(c) {
		c.Invalidate()
	}
	if l.rects.Command.W > 0 && l.cmdField.Update(c) {
		c.Invalidate()
	}
	if c.Used(&l.btnClaim) {
		l.claim(c)
	}
	for _, sg := range []*ui.Segmented{&l.variant, &l.kind} {
		if c.Used(sg) {
			c.Play(scenes.UITap)
		}
	}
	for i := range l.quick {
		if c.Used(&l.quick[i]) {
			l.quickPair(c, i)
		}
	}
	if l.nobody() && c.Used(&l.btnWhile) {
		l.playWhileWaiting(c)
		return nil
	}
	if l.rects.Compact && !l.creating && !l.nobody() && c.Used(&l.btnCreate) {
		l.creating = true
		c.Invalidate()
	}
	l.btnCancel.Disabled = !l.hasSeek()
	if c.Used(&l.btnCancel) {
		l.cancelSeeks(c)
	}
	if l.formShown() && !(l.nobody() && !l.rects.Compact) {
		for _, sg := range []*ui.Segmented{&l.clock, &l.colour, &l.rng} {
			if c.Used(sg) {
				c.Play(scenes.UITap)
				l.fitMe(c)
			}
		}
		if c.Used(&l.btnOpen) {
			l.openSeek(c)
		}
		if l.rects.Compact && c.Used(&l.btnClose) {
			l.creating = false
			c.Invalidate()
		}
	}
	for i, r := range l.rects.Seeks {
		if i >= len(l.view.Seeks) || !l.listShown() {
			break
		}
		st := c.FocusItem(r, l.seekLine(c, i))
		tapped := false
		if p := c.Pointer(); p.Released && p.In(r) && !p.Consumed {
			tapped = true
		}
		if st.Activated || tapped {
			l.accept(c, i)
		}
	}
	if c.Used(&l.btnFriend) {
		if open := c.Pages().Online; open != nil {
			c.Push(open(c, ""))
		}
		return nil
	}
	if c.Used(&l.btnBack) || c.Keys().Consume(scenes.ActBack) {
		l.leave()
		c.Pop()
	}
	return nil
}

// typing handles the keys of a text field that has the focus: Enter
// saves the name, uses the transfer code or runs the typed command;
// Backspace and Enter are the field's, not Back and Confirm. It reports
// whether Enter was taken.
func (l *Lobby) typing(c scenes.Context) bool {
	var f *ui.TextField
	for _, tf := range []*ui.TextField{l.nameField, l.claimField, l.cmdField} {
		if tf.Focused() {
			f = tf
		}
	}
	if f == nil {
		return false
	}
	c.Keys().Consume(scenes.ActBack)
	c.Keys().Consume(scenes.ActConfirm)
	kb := c.Keyboard()
	if !kb.JustPressed(ebiten.KeyEnter) && !kb.JustPressed(ebiten.KeyNumpadEnter) {
		return false
	}
	line := strings.TrimSpace(strings.ReplaceAll(f.Text(), "\n", " "))
	switch f {
	case l.nameField:
		l.saveName(c, line)
	case l.claimField:
		l.claim(c)
	case l.cmdField:
		f.SetText("")
		l.PageCommand(c, line)
	}
	return true
}

// nobody: a seek of ours has waited nobodyAfter and nobody answered.
func (l *Lobby) nobody() bool {
	return !l.seekAt.IsZero() && time.Since(l.seekAt) > nobodyAfter && l.hasSeek() && !l.opening
}

// playWhileWaiting starts a game against the computer (never rated: it
// is not on the server) and leaves the seek open: the lobby's account
// goes on in the background (Meanwhile), which tells the player when a
// person seeks a game and opens the game when someone takes the seek.
func (l *Lobby) playWhileWaiting(c scenes.Context) {
	open := c.Pages().Play
	if open == nil || l.acct == nil {
		return
	}
	acct, seen := l.acct, l.seen
	l.acct = nil // the background's now
	l.closed = true
	version := -1
	var opening chan watchResult
	server, st := c.Server(), c.Store()
	c.Meanwhile(func(c scenes.Context) bool {
		if opening != nil {
			select {
			case r := <-opening:
				acct.Close()
				if r.err != nil {
					c.Notify(refusalWords(c, r.err))
					return false
				}
				if openGame := c.Pages().OpenOnlineGame; openGame != nil {
					openGame(c, r.p)
				}
				return false
			default:
				return true
			}
		}
		v := acct.View()
		if !v.Connected {
			return false
		}
		if v.Version != version {
			version = v.Version
			for _, s := range v.Seeks {
				if !seen[s.ID] {
					seen[s.ID] = true
					if !s.Mine {
						msg := c.Text().F("lobby.human_seek", "Name", seekName(c, s), "Game", gameWords(c, s.Variant, s.Clock, s.Rated))
						c.Notify(msg)
						platform.Speak(msg)
					}
				}
			}
		}
		if code, ok := acct.Paired(); ok {
			msg := c.Text().T("lobby.paired")
			c.Notify(msg)
			platform.Speak(msg)
			opening = make(chan watchResult, 1)
			ch := opening
			go func() {
				ctx, cancel := context.WithTimeout(context.Background(), remote.DialTimeout)
				defer cancel()
				p, err := remote.Open(ctx, server, code, st)
				ch <- watchResult{p, err}
			}()
		}
		return true
	})
	if g := c.Game(); g != nil {
		g.Session().Pause()
	}
	ps := open(c, scenes.GameConfig{Variant: l.waiting.Variant, Human: rules.White, Level: c.Settings().NewGame.Level})
	c.SetGame(ps)
	ps.Session().Save()
	c.Start(ps)
	msg := c.Text().T("lobby.while_notice")
	c.Notify(msg)
	platform.Speak(msg)
}

func (l *Lobby) hasSeek() bool {
	for _, s := range l.view.Seeks {
		if s.Mine {
			return true
		}
	}
	return false
}

// follow takes the lobby's latest: its seeks, a pairing (which opens the
// game), a human seek that came (said aloud), a seek nobody answered.
func (l *Lobby) follow(c scenes.Context) {
	if l.acct == nil {
		return
	}
	if v := l.acct.View(); v.Version != l.view.Version || v.Connected != l.view.Connected {
		for _, s := range v.Seeks {
			if !l.seen[s.ID] {
				l.seen[s.ID] = true
				if !s.Mine {
					msg := c.Text().F("lobby.human_seek", "Name", l.seekName(c, s), "Game", gameWords(c, s.Variant, s.Clock, s.Rated))
					l.say(msg, false)
					platform.Speak(msg)
				}
			}
		}
		l.view = v
		c.Invalidate()
	}
	if !l.seekAt.IsZero() && !l.hasSeek() && time.Since(l.seekAt) > time.Second {
		l.seekAt = time.Time{}
	}
	if !l.seekAt.IsZero() && time.Since(l.seekAt) > nobodyAfter && l.status != c.Text().T("lobby.nobody") {
		l.say(c.Text().T("lobby.nobody"), false)
		c.Invalidate()
	}
	if code, ok := l.acct.Paired(); ok && !l.opening {
		l.opening = true
		l.say(c.Text().T("lobby.paired"), false)
		platform.Speak(l.status)
		server, st := c.Server(), c.Store()
		var p *remote.Player
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), remote.DialTimeout)
			defer cancel()
			var err error
			p, err = remote.Open(ctx, server, code, st)
			l.wait <- func(l *Lobby) {
				l.opening = false
				if err != nil {
					l.fail(c, err)
					return
				}
				l.leave()
				if open := c.Pages().OpenOnlineGame; open != nil {
					open(c, p)
				}
			}
		}()
	}
}

// leave closes the lobby's connection (its seeks go with it), and one
// still being made.
func (l *Lobby) leave() {
	l.closed = true
	l.left.leave()
	if l.acct != nil {
		l.acct.Close()
		l.acct = nil
	}
}

// seekName is a seek's player as the list shows them.
func (l *Lobby) seekName(c scenes.Context, s remote.LobbySeek) string { return seekName(c, s) }

func seekName(c scenes.Context, s remote.LobbySeek) string {
	if s.Name == "" {
		return c.Text().T("lobby.guest")
	}
	return s.Name
}

// seekWords is seek i's row: number, name, rating, game, colour.
func (l *Lobby) seekWords(c scenes.Context, i int) string { return l.seekParts(c, i).words }

// seekParts is seek i's row, whole and as two lines: the number, the
// seeker and their rating; the game and the colour.
func (l *Lobby) seekParts(c scenes.Context, i int) rowParts {
	s := l.view.Seeks[i]
	t := c.Text()
	rating := ""
	if s.Name != "" {
		rating = " " + ratingWords(s.Rating, s.Provisional)
	}
	colour := t.T("lobby.any_colour")
	if side, ok := s.Seat.Color(); ok {
		colour = t.ColorName(side)
	}
	num := strconv.Itoa(i+1) + ". "
	first := func(names []string) string { return num + names[0] + rating }
	second := gameWords(c, s.Variant, s.Clock, s.Rated) + " · " + colour
	name := l.seekName(c, s)
	return rowParts{words: first([]string{name}) + " · " + second, names: []string{name}, first: first, second: second}
}

// seekLine is seek i's row's whole words, kept while the lobby's view is
// the same (the Tab stop's name every frame, without making it anew).
func (l *Lobby) seekLine(c scenes.Context, i int) string {
	if l.seekVersion != l.view.Version || len(l.seekWordsOf) != len(l.view.Seeks) {
		l.seekVersion = l.view.Version
		l.seekWordsOf = l.seekWordsOf[:0]
		for j := range l.view.Seeks {
			l.seekWordsOf = append(l.seekWordsOf, l.seekWords(c, j))
		}
	}
	return l.seekWordsOf[i]
}

// seekRow is seek i's row fitted to room (physical pixels).
func (l *Lobby) seekRow(c scenes.Context, i int, room float64) rowText {
	return l.seekRows.get(c.Painter(), i, room, 14, sprites.Medium, func() rowParts { return l.seekParts(c, i) }, l.seekLine(c, i))
}

func ratingWords(r int, provisional bool) string {
	if provisional {
		return strconv.Itoa(r) + "?"
	}
	return strconv.Itoa(r)
}

// meWords is the name card's line.
func (l *Lobby) meWords(c scenes.Context) string {
	if l.me.Name == "" {
		return ""
	}
	r, prov := l.myRating(l.options(l.clock.Selected))
	return c.Text().F("lobby.me_rating", "Name", l.me.Name, "Rating", ratingWords(r, prov))
}

// sayMe says who the player is here and their rating (for a screen
// reader, on arriving and after naming): the name card's line.
func (l *Lobby) sayMe(c scenes.Context) {
	if w := l.meWords(c); w != "" {
		platform.Speak(w)
	}
}

// Draw draws the lobby.
func (l *Lobby) Draw(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	r := &l.rects
	tx := c.Text()
	dst.Fill(t.Background)
	p.RoundRect(dst, r.Card, p.DP(20), t.Panel, p.DP(1), t.PanelEdge)
	x := r.Card.X + r.pad
	p.Text(dst, tx.T("lobby.title"), l.titleSize, sprites.Bold, x, r.titleY, text.AlignStart, text.AlignCenter, t.Text)
	if l.busy || l.opening {
		c.Renderer().DrawSpinner(dst, r.titleEnd()-p.DP(16), r.countsY, p.DP(16), float64(c.Tick()%60)/60, t.Accent)
	}
	l.btnProfile.Draw(dst, p)
	l.btnLeaders.Draw(dst, p)
	l.btnLive.Draw(dst, p)
	if r.AllArenas.W > 0 {
		l.btnArenas.Draw(dst, p)
	}
	if l.acct != nil {
		p.Text(dst, tx.F("lobby.counts", "Players", l.view.Players, "Games", l.view.Games), 14, sprites.Medium, r.countsX, r.countsY, text.AlignStart, text.AlignCenter, t.TextDim)
	}
	if l.me.Name == "" {
		l.nameField.Draw(dst, p, c.Tick())
		l.btnSaveName.Draw(dst, p)
		y := r.whyY
		for _, ln := range l.whyLines {
			p.Text(dst, ln, 12, sprites.Regular, x, y, text.AlignStart, text.AlignCenter, t.TextDim)
			y += p.DP(15)
		}
	} else {
		p.Text(dst, l.meWords(c), l.meSize, sprites.Bold, x, r.meY, text.AlignStart, text.AlignCenter, t.Text)
		l.btnTransfer.Draw(dst, p)
	}
	l.claimField.Draw(dst, p, c.Tick())
	if r.Command.W > 0 {
		l.cmdField.Draw(dst, p, c.Tick())
	}
	l.btnClaim.Draw(dst, p)
	if l.status != "" {
		col := t.Text
		if l.isErr {
			col = t.MustCapture
		}
		lines := p.Wrap(l.status, 13, sprites.Medium, r.statusW)
		if len(lines) > 3 {
			lines = lines[:3]
		}
		y := r.statusY
		for _, ln := range lines {
			p.Text(dst, ln, 13, sprites.Medium, r.statusX, y, text.AlignStart, text.AlignCenter, col)
			y += p.DP(16)
		}
	}
	l.variant.Draw(dst, p)
	l.kind.Draw(dst, p)
	p.Text(dst, tx.T("lobby.quick"), 15, sprites.Medium, r.Quick[0].X, r.quickY, text.AlignStart, text.AlignCenter, t.TextDim)
	for i := range l.quick {
		l.quick[i].Draw(dst, p)
	}
	if l.formShown() {
		p.Text(dst, tx.T("lobby.create"), 15, sprites.Medium, r.Clock.X, r.createY, text.AlignStart, text.AlignCenter, t.TextDim)
		l.clock.Draw(dst, p)
		l.colour.Draw(dst, p)
		l.rng.Draw(dst, p)
		if !l.nobody() || r.Compact {
			l.btnOpen.Draw(dst, p)
		}
		if r.Compact {
			l.btnClose.Draw(dst, p)
		}
	}
	switch {
	case l.nobody():
		l.btnWhile.Draw(dst, p)
	case r.Compact && !l.creating:
		l.btnCreate.Draw(dst, p)
	}
	l.btnCancel.Draw(dst, p)
	if len(r.Seeks) > 0 && l.listShown() {
		sx := r.Seeks[0].X
		p.Text(dst, tx.T("lobby.seeks"), 15, sprites.Medium, sx, r.seeksY, text.AlignStart, text.AlignCenter, t.TextDim)
		if len(l.view.Seeks) == 0 && l.acct != nil {
			p.Text(dst, tx.T("lobby.no_seeks"), 14, sprites.Regular, sx+p.DP(4), r.Seeks[0].Y+r.Seeks[0].H/2, text.AlignStart, text.AlignCenter, t.TextDim)
		}
		for i, row := range r.Seeks {
			if i >= len(l.view.Seeks) {
				break
			}
			s := l.view.Seeks[i]
			fill := t.Background
			if s.Mine {
				fill = t.PanelEdge
			}
			p.RoundRect(dst, row, p.DP(10), fill, p.DP(1), t.PanelEdge)
			l.seekRow(c, i, row.W-p.DP(16)).draw(p, dst, row, sprites.Medium, t.Text)
		}
	}
	l.drawArenas(c, dst)
	l.btnBack.Draw(dst, p)
	l.btnFriend.Draw(dst, p)
}
