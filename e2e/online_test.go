package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"bashni/internal/chromiumtest"
	"bashni/internal/testwait"
	"bashni/online/protocol"
	"bashni/online/remote"
	"bashni/online/server"
	"bashni/online/store"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/home"
	"bashni/scenes/newgame"
	"bashni/scenes/online"
	"bashni/storage"
	"bashni/wasm/site"
)

// The browser build, compiled once for the online tests.
var (
	siteOnce sync.Once
	theSite  *site.Site
	siteErr  error
)

func browserSite(t *testing.T) *site.Site {
	t.Helper()
	siteOnce.Do(func() {
		// A guard: a cold build of main.wasm took minutes on a busy machine.
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
		defer cancel()
		wasm, err := site.BuildGame(ctx)
		if err != nil {
			siteErr = err
			return
		}
		theSite, siteErr = site.New(wasm)
	})
	if siteErr != nil {
		t.Fatalf("building the browser game: %v", siteErr)
	}
	return theSite
}

// onlineServer is a bashni-server as cmd/bashni-server assembles it: the
// online games on a SQLite file at /online/ and the browser game at /.
func onlineServer(t *testing.T, page http.Handler) string {
	t.Helper()
	return onlineServerWith(t, page, server.Config{})
}

// onlineServerWith is onlineServer with cfg's settings (its Store is the
// SQLite file's).
func onlineServerWith(t *testing.T, page http.Handler, cfg server.Config) string {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Store = st
	srv, err := server.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/online/", srv.Handler())
	if page != nil {
		mux.Handle("/", page)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: mux}
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close(); srv.Close(); st.Close() })
	return "http://" + ln.Addr().String()
}

// summary is the server's view of a game.
func summary(t *testing.T, base, code string) protocol.Summary {
	t.Helper()
	resp, err := http.Get(base + protocol.GamesPath + code)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		// A refusal (429 when the test asked too often) decodes into an
		// empty summary that would look like a game with no moves.
		body, _ := io.ReadAll(resp.Body)
		t.Fatalf("game %s: %s: %s", code, resp.Status, body)
	}
	var s protocol.Summary
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil {
		t.Fatalf("game %s: %v", code, err)
	}
	return s
}

// pollEvery is how often a wait asks the server over HTTP. The desktop's
// ticks run far faster; a test that asked at every tick would spend its
// address's attach allowance (120 a minute, a burst of 60), and the
// clients on the same address (the desktop, the phone) would then be
// refused when they resume.
const pollEvery = time.Second

// serverPoll is ok asked at most once per pollEvery: in between it
// answers false and the game goes on ticking.
func serverPoll(ok func() bool) func() bool {
	var last time.Time
	return func() bool {
		if time.Since(last) < pollEvery {
			return false
		}
		last = time.Now()
		return ok()
	}
}

// seatOf reads the seat a desktop game keeps in its config directory.
func seatOf(dir string) (remote.SeatRecord, bool) {
	data, err := os.ReadFile(filepath.Join(dir, "online-seats.json"))
	if err != nil {
		return remote.SeatRecord{}, false
	}
	seats, err := remote.SeatsDocument().Decode(data)
	if err != nil || len(seats.Seats) == 0 {
		return remote.SeatRecord{}, false
	}
	return seats.Seats[len(seats.Seats)-1], true
}

// until advances the desktop game while waiting, in real time, for ok. It
// waits as long as it takes, up to patience, the guard against a condition
// that never comes.
func (g *game) until(what string, ok func() bool) {
	g.t.Helper()
	g.wait(what, patience, 2, ok)
}

// untilShows is until for a condition on what the game draws: it looks at
// a frame every 8 ticks (a frame costs far more than a tick, the more so
// on a busy machine).
func (g *game) untilShows(what string, ok func(*image.RGBA) bool) {
	g.t.Helper()
	g.wait(what, patience, 8, func() bool { return ok(g.frame()) })
}

// wait advances the game ticks at a time until ok, failing after guard
// (its own for work that takes long even on an idle machine: an analysis).
func (g *game) wait(what string, guard time.Duration, ticks int, ok func() bool) {
	g.t.Helper()
	testwait.Wait{
		Guard:  guard,
		Every:  20 * time.Millisecond,
		Step:   func() { g.ticks(ticks) },
		Failed: func() string { g.snap(g.frame(), "fail"); return "" },
	}.For(g.t, what, ok)
}

// page is a headless Chromium tab with a phone's screen.
type page struct {
	t   *testing.T
	ctx context.Context
}

const phoneW, phoneH, phoneScale = 390, 844, 2

func openPhone(t *testing.T, url string) *page {
	t.Helper()
	// A guard for the page's whole life: the lobby's games go through
	// several screens of both devices, each waited for up to patience.
	ctx := chromiumtest.Start(t, phoneW, phoneH, 4*patience, nil)
	p := &page{t: t, ctx: ctx}
	p.run(emulation.SetDeviceMetricsOverride(phoneW, phoneH, phoneScale, true),
		emulation.SetTouchEmulationEnabled(true),
		chromedp.Navigate(url))
	return p
}

func (p *page) run(actions ...chromedp.Action) {
	p.t.Helper()
	if err := chromedp.Run(p.ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

// phoneState is what the page publishes in window.bashni.
type phoneState struct {
	Scene     string   `json:"scene"`
	Status    string   `json:"status"`
	Moves     []string `json:"moves"`
	Ply       int      `json:"ply"`
	Animating bool     `json:"animating"`
	Online    string   `json:"online"`
	Board     struct {
		X, Y, Square float64
		Size         int
		Flipped      bool
	} `json:"board"`
}

func (p *page) state() phoneState {
	p.t.Helper()
	var s phoneState
	p.run(chromedp.Evaluate(`window.bashni ? JSON.parse(JSON.stringify(window.bashni)) : {}`, &s))
	return s
}

func (p *page) waitState(what string, timeout time.Duration, ok func(phoneState) bool) phoneState {
	p.t.Helper()
	var s phoneState
	p.wait(timeout, func() string { return fmt.Sprintf("it shows %+v", s) }).For(p.t, "the phone's "+what, func() bool {
		s = p.state()
		return ok(s)
	})
	return s
}

// wait is a wait for the phone, a look every 100 ms (each one asks
// Chromium), with a screenshot into BASHNI_E2E_FRAMES and the words of
// shows when it fails.
func (p *page) wait(guard time.Duration, shows func() string) testwait.Wait {
	return testwait.Wait{Guard: guard, Every: 100 * time.Millisecond, Failed: func() string {
		if dir := os.Getenv("BASHNI_E2E_FRAMES"); dir != "" {
			p.screenshot(filepath.Join(dir, p.t.Name()+"-phone-fail.png"))
		}
		return shows()
	}}
}

func (p *page) tap(x, y float64) {
	p.t.Helper()
	pt := []*input.TouchPoint{{X: x, Y: y, ID: 1, RadiusX: 4, RadiusY: 4, Force: 1}}
	p.run(input.DispatchTouchEvent(input.TouchStart, pt), chromedp.Sleep(80*time.Millisecond),
		input.DispatchTouchEvent(input.TouchEnd, []*input.TouchPoint{}), chromedp.Sleep(120*time.Millisecond))
}

// tapSquare taps a square of the board the page shows.
func (p *page) tapSquare(s phoneState, name string) {
	p.t.Helper()
	file, rank := float64(name[0]-'a'), float64(name[1]-'1')
	size := float64(s.Board.Size)
	col, row := file, size-1-rank
	if s.Board.Flipped {
		col, row = size-1-file, rank
	}
	p.tap(s.Board.X+(col+0.5)*s.Board.Square, s.Board.Y+(row+0.5)*s.Board.Square)
}

// tapRect taps the middle of a rectangle laid out in physical pixels.
func (p *page) tapRect(r scenes.Rect) {
	p.tap((r.X+r.W/2)/phoneScale, (r.Y+r.H/2)/phoneScale)
}

// image is what the page shows, in physical pixels.
func (p *page) image() *image.RGBA {
	p.t.Helper()
	var buf []byte
	p.run(chromedp.CaptureScreenshot(&buf))
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		p.t.Fatalf("the screenshot is not a PNG: %v", err)
	}
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	return rgba
}

// tapAndSee taps the middle of tap and waits until the page shows
// something else in watch (both in physical pixels).
func (p *page) tapAndSee(tap, watch scenes.Rect, what string) {
	p.t.Helper()
	before := p.image()
	p.tapRect(tap)
	p.wait(patience, func() string { return "" }).For(p.t, "the phone's "+what, func() bool { return differing(before, p.image(), watch) >= 0.05 })
}

func (p *page) screenshot(path string) {
	p.t.Helper()
	var buf []byte
	p.run(chromedp.CaptureScreenshot(&buf))
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		p.t.Fatal(err)
	}
	if _, err := png.Decode(strings.NewReader(string(buf))); err != nil {
		p.t.Fatalf("the screenshot is not a PNG: %v", err)
	}
}

// friendCard goes from the lobby ("Play online") to Play a friend by
// link.
// toOnline goes from the title (with a server known) to New game and on to
// its online page: the lobby, or the friend's card without a lobby.
func (g *game) toOnline(w, h float64) {
	g.t.Helper()
	g.click(mid(home.TitleLayoutOnline(w, h, 1, false, true).NewGame))
	g.ticks(30)
	g.click(mid(newgame.OnlineButton(newgame.Layout(w, h, 1), 1)))
}

func (g *game) friendCard(w, h float64) {
	g.t.Helper()
	g.click(mid(online.LobbyLayout(w, h, 1).Friend))
	g.ticks(30)
}

// TestOnlineBrowserAgainstDesktop: the desktop game creates an online game
// on a real bashni-server (online games and the browser game on one
// address), the browser game on a phone-sized screen opens the link and
// joins, they play moves both ways and each board shows the other's, the
// phone resigns, and both devices keep the result in Past games.
func TestOnlineBrowserAgainstDesktop(t *testing.T) {
	base := onlineServer(t, browserSite(t))
	const w, h = 1280, 800
	config := filepath.Join(t.TempDir(), "config")
	g := startIn(t, w, h, guestEnv{config: config}, "-server", base, "-mute", "-seed", "3")
	g.ticks(20)

	// Title → New game → Play a friend online → White, 10+5 → Create.
	g.toOnline(w, h)
	g.ticks(30)
	g.friendCard(w, h)
	ol := online.Layout(w, h, 1)
	g.click(ol.Side.X+ol.Side.W/6, ol.Side.Y+ol.Side.H/2)       // White
	g.click(ol.Clock.X+ol.Clock.W*5/8, ol.Clock.Y+ol.Clock.H/2) // 10+5
	shots := os.Getenv("BASHNI_SCREENSHOTS")
	if shots != "" {
		g.shot(shots, "online-create")
	}
	g.click(mid(ol.Create))
	var seat remote.SeatRecord
	g.until("the desktop's seat", func() bool {
		var ok bool
		seat, ok = seatOf(config)
		return ok
	})
	if seat.Color != protocol.White || !strings.EqualFold(seat.Server, base) || len(seat.Token) < 40 {
		t.Fatalf("the desktop keeps the seat %+v", seat)
	}
	g.ticks(60)
	if shots != "" {
		g.shot(shots, "online-share")
	}
	if s := summary(t, base, seat.Game); s.Status != protocol.StatusWaiting || s.Clock != protocol.Rapid10 || !s.White.Online {
		t.Fatalf("after creating: %+v", s)
	}

	// The friend opens the link on a phone.
	phone := openPhone(t, base+"/?game="+seat.Game)
	ps := phone.waitState("the joined game", 3*time.Minute, func(s phoneState) bool {
		return s.Scene == scenes.ScenePlay && s.Online == seat.Game && s.Board.Square > 0
	})
	g.until("the friend seated", serverPoll(func() bool {
		s := summary(t, base, seat.Game)
		return s.Status == protocol.StatusPlaying && s.Black.Online
	}))
	g.ticks(30)

	b := playBoard(w, h, rules.Bashni, false)
	pos := rules.NewPosition(rules.Bashni)
	play := func(mv string) {
		t.Helper()
		m, err := pos.ParseMove(mv)
		if err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
		pos = pos.Play(m)
	}
	plies := 0
	desktopMoves := func(from, to, mv string) {
		t.Helper()
		g.click(b.centre(from))
		g.click(b.centre(to))
		play(mv)
		plies++
		g.until("the desktop's move "+mv+" on the server", serverPoll(func() bool { return summary(t, base, seat.Game).Ply == plies }))
		ps = phone.waitState("the desktop's move "+mv+" on the phone", time.Minute, func(s phoneState) bool {
			return s.Ply == plies && s.Moves[plies-1] == mv && !s.Animating
		})
	}
	phoneMoves := func(from, to, mv string) {
		t.Helper()
		phone.tapSquare(ps, from)
		phone.tapSquare(ps, to)
		play(mv)
		plies++
		ps = phone.waitState("the phone's move "+mv, time.Minute, func(s phoneState) bool { return s.Ply == plies && !s.Animating })
		g.until("the phone's move "+mv+" on the server", serverPoll(func() bool { return summary(t, base, seat.Game).Ply == plies }))
		g.waitFor(b, pos, 600, "the phone's move "+mv+" on the desktop")
	}
	desktopMoves("c3", "d4", "c3-d4")
	phoneMoves("f6", "e5", "f6-e5")
	desktopMoves("d4", "f6", "d4:f6") // only if the desktop saw f6-e5: the capture is compulsory
	phoneMoves("g7", "e5", "g7:e5")
	desktopMoves("g3", "h4", "g3-h4")
	if shots != "" {
		g.ticks(60)
		g.shot(shots, "online-game")
		phone.screenshot(filepath.Join(shots, fmt.Sprintf("online-game-%dx%d.png", phoneW, phoneH)))
	}

	// The phone resigns from its menu: Resume, New game, Game record…,
	// Resign… come first; then the online entries (offer a draw, ask to
	// take back, copy the link), Settings, Rules, Main menu.
	pl := scenes.ComputePlayLayout(phoneW*phoneScale, phoneH*phoneScale, phoneScale, rules.Bashni, ps.Board.Flipped)
	ctl := pl.ControlButtons(5, nil)
	// Each tap waits for what it opens to be drawn (slowly on a busy
	// machine) before the next.
	resign := scenes.PopupMenuItem(phoneW*phoneScale, phoneH*phoneScale, phoneScale, 10, 3)
	confirm := scenes.PopupMenuItem(phoneW*phoneScale, phoneH*phoneScale, phoneScale, 2, 1)
	phone.tapAndSee(ctl[4], resign, "the phone's menu")
	phone.tapAndSee(resign, confirm, "the phone's question whether to resign")
	phone.tapRect(confirm)
	phone.waitState("the result on the phone", time.Minute, func(s phoneState) bool { return s.Status == "win W resignation" })
	g.until("the result on the server", serverPoll(func() bool {
		s := summary(t, base, seat.Game)
		return s.Status == protocol.StatusOver && s.Result == "1-0" && s.Reason == protocol.ReasonResignation
	}))
	// The desktop shows it and keeps the game in Past games.
	var archived storage.Archive
	g.until("the game in the desktop's Past games", func() bool {
		data, err := os.ReadFile(filepath.Join(config, "archive.json"))
		if err != nil {
			return false
		}
		archived, err = storage.ArchiveDocument().Decode(data)
		return err == nil && len(archived.Games) > 0
	})
	if ag := archived.Games[len(archived.Games)-1]; ag.Result != storage.ResultWhiteWins || ag.Plies != plies || ag.Human != storage.White {
		t.Errorf("the desktop archived %+v", ag)
	}
	var phoneArchive string
	phone.run(chromedp.Evaluate(`(() => { for (let i = 0; i < localStorage.length; i++) { const k = localStorage.key(i); if (k.includes('archive')) return localStorage.getItem(k); } return ''; })()`, &phoneArchive))
	if !strings.Contains(phoneArchive, `"1-0"`) {
		t.Errorf("the phone's Past games: %.300s", phoneArchive)
	}
	g.ticks(120)
	if shots != "" {
		g.shot(shots, "online-result")
		phone.screenshot(filepath.Join(shots, fmt.Sprintf("online-result-%dx%d.png", phoneW, phoneH)))
	}
}

// TestOnlineScreensOnPhone takes the create and share screens at a phone's
// size (BASHNI_SCREENSHOTS), and checks that without a server the new-game
// screen offers no online play.
func TestOnlineScreensOnPhone(t *testing.T) {
	dir := screenshotDir(t)
	base := onlineServer(t, nil)
	const w, h = 390, 844
	config := filepath.Join(t.TempDir(), "config")
	g := startIn(t, w, h, guestEnv{config: config}, "-server", base, "-mute")
	g.ticks(20)
	g.toOnline(w, h)
	g.ticks(30)
	g.friendCard(w, h)
	ol := online.Layout(w, h, 1)
	g.click(ol.Clock.X+ol.Clock.W*3/8, ol.Clock.Y+ol.Clock.H/2) // 5+3
	g.shot(dir, "online-create")
	g.click(mid(ol.Create))
	g.until("the seat", func() bool { _, ok := seatOf(config); return ok })
	g.ticks(60)
	g.shot(dir, "online-share")
}
