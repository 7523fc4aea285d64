package e2e

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	natsserver "github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"

	"bashni/internal/pgtest"
	"bashni/internal/testwait"
	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/online/server"
	"bashni/online/store"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/home"
	"bashni/scenes/newgame"
	"bashni/scenes/online"
	"bashni/scenes/play"
)

// fakeSpeech puts a speech tool (spd-say) first on the guest's PATH that
// writes what the desktop says into a file, one line each, and asks the
// desktop to speak (BASHNI_SPEAK=1): the test hears what a blind player
// would.
func fakeSpeech(t *testing.T) (path, said string) {
	t.Helper()
	dir := t.TempDir()
	said = filepath.Join(dir, "said.txt")
	script := "#!/bin/sh\nfor a; do last=$a; done\nprintf '%s\\n' \"$last\" >> " + said + "\n"
	if err := os.WriteFile(filepath.Join(dir, "spd-say"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("BASHNI_SPEAK", "1")
	return dir, said
}

func heard(file string) string {
	data, _ := os.ReadFile(file)
	return string(data)
}

// rating is a named player's Bashni blitz rating as the server has it.
func rating(t *testing.T, base, name string) (int, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := client.Dial(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	p, err := c.Profile(ctx, name)
	if err != nil {
		t.Fatalf("the profile of %s: %v", name, err)
	}
	for _, r := range p.Ratings {
		if r.Variant == "bashni" && r.Speed == "blitz" {
			return r.Rating, r.Provisional
		}
	}
	t.Fatalf("%s has no Bashni blitz rating: %+v", name, p.Ratings)
	return 0, false
}

// openSeeks is the lobby as a third client sees it.
func openSeeks(t *testing.T, base string) []protocol.Seek {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := client.Dial(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	l, err := c.Lobby(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return l.Seeks
}

// command types a line into the page's command line.
func (p *page) command(line string) {
	p.t.Helper()
	p.run(chromedp.Focus("#command", chromedp.ByID), chromedp.SendKeys("#command", line+"\r", chromedp.ByID))
}

// blur takes the focus from the page's command line (which a phone's
// page shows over the game while it has it), for a screenshot.
func (p *page) blur() {
	p.t.Helper()
	var ok bool
	p.run(chromedp.Evaluate(`(() => { if (document.activeElement) document.activeElement.blur(); return true; })()`, &ok), chromedp.Sleep(300*time.Millisecond))
}

// listen keeps what the page's live region says in window.__said.
func (p *page) listen() {
	p.t.Helper()
	var ok bool
	p.run(chromedp.Evaluate(`(() => { window.__said = []; new MutationObserver((ms) => { for (const m of ms) for (const n of m.addedNodes) window.__said.push(n.textContent); }).observe(document.getElementById('live'), {childList: true, subtree: true, characterData: true}); return true; })()`, &ok))
}

// said is everything the page's live region said.
func (p *page) said() string {
	p.t.Helper()
	var s string
	p.run(chromedp.Evaluate(`(window.__said || []).join("\n") + "\n" + (document.getElementById('live') ? document.getElementById('live').textContent : "")`, &s))
	return s
}

func (p *page) waitSaid(what, want string) {
	p.t.Helper()
	p.wait(patience, func() string { return fmt.Sprintf("it said %q", p.said()) }).For(p.t, fmt.Sprintf("the phone to say %s (%q)", what, want), func() bool {
		return strings.Contains(p.said(), want)
	})
}

// toLobby goes from the phone's title to the lobby: New game, Play online.
func (p *page) toLobby() {
	p.t.Helper()
	const W, H = phoneW * phoneScale, phoneH * phoneScale
	// A tap during a screen's transition is not taken: wait for each
	// screen to rest.
	p.waitState("the title", patience, func(s phoneState) bool { return s.Scene == scenes.SceneTitle && !s.Animating })
	p.tapRect(home.TitleLayoutOnline(W, H, phoneScale, false, true).NewGame)
	p.waitState("New game", patience, func(s phoneState) bool { return s.Scene == scenes.SceneNewGame && !s.Animating })
	p.tapRect(newgame.OnlineButton(newgame.Layout(W, H, phoneScale), phoneScale))
	p.waitState("the lobby", patience, func(s phoneState) bool { return s.Scene == online.SceneLobby })
}

// TestLobbyRatedGame: a desktop game and a browser page on a phone, on
// one bashni-server, each name their player in the lobby (Play online),
// the phone seeks 5+3 Bashni by a typed command and the desktop takes it
// with the 5+3 quick-pairing button; they play a rated game to its end
// (a move, then the phone resigns), and back in the lobby each hears its
// new rating, the one the server has. BASHNI_SCREENSHOTS: the lobby at
// both sizes.
func TestLobbyRatedGame(t *testing.T) {
	base := onlineServerWith(t, browserSite(t), server.Config{Lobby: lobbyPatience})
	ratedGameThroughLobby(t, base, base, os.Getenv("BASHNI_SCREENSHOTS"))
}

// TestLobbyRatedGameTwoNodes is TestLobbyRatedGame with the desktop on one
// node and the phone on another, the two on one PostgreSQL and NATS: the
// phone's seek, opened on B, is taken on A.
func TestLobbyRatedGameTwoNodes(t *testing.T) {
	pg, err := pgtest.Start()
	if err != nil {
		t.Fatalf("starting PostgreSQL: %v", err)
	}
	t.Cleanup(pg.Stop)
	ns, err := natsserver.NewServer(&natsserver.Options{Host: "127.0.0.1", Port: -1, NoLog: true, NoSigs: true})
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(time.Minute) {
		t.Fatal("NATS did not start")
	}
	t.Cleanup(ns.Shutdown)
	site := browserSite(t)
	a := clusterNode(t, "a", pg.DSN, ns.ClientURL(), site)
	b := clusterNode(t, "b", pg.DSN, ns.ClientURL(), site)
	ratedGameThroughLobby(t, a, b, "")
}

// lobbyPatience gives each side of a paired game as long as a busy
// machine may take to show the game and play its first move: the server's
// 30 s (-first-move) would abort it.
var lobbyPatience = server.LobbyConfig{FirstMove: patience}

// clusterNode is a node of a bashni-server on PostgreSQL and NATS, with
// the browser game at /.
func clusterNode(t *testing.T, name, dsn, natsURL string, page http.Handler) string {
	t.Helper()
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	nc, err := nats.Connect(natsURL, nats.Name(name))
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{Store: st, NATS: nc, Node: name, Lobby: lobbyPatience})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/online/", srv.Handler())
	mux.Handle("/", page)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: mux}
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close(); srv.Close(); nc.Close(); st.Close() })
	return "http://" + ln.Addr().String()
}

// ratedGameThroughLobby is the lobby's rated game: the desktop on the
// node at base, the phone on the node at phoneBase (the same one, or
// another of the same server).
func ratedGameThroughLobby(t *testing.T, base, phoneBase, shots string) {
	const w, h = 1280, 800
	tools, said := fakeSpeech(t)
	config := filepath.Join(t.TempDir(), "config")
	g := startIn(t, w, h, guestEnv{config: config, path: tools}, "-server", base, "-mute", "-seed", "3")
	g.ticks(20)

	openLobby := func() {
		t.Helper()
		g.toOnline(w, h)
		g.ticks(10)
	}
	lr := online.LobbyLayout(w, h, 1)
	openLobby()
	g.until("the desktop in the lobby", func() bool { return strings.Contains(heard(said), " online · ") })
	g.click(mid(lr.Name))
	g.typeText("anna")
	g.ticks(5)
	g.click(mid(lr.SaveName))
	g.until("anna named, said on the desktop", func() bool { return strings.Contains(heard(said), "anna · 1500?") })

	phone := openPhone(t, phoneBase+"/?mute=1")
	phone.listen()
	phone.toLobby()
	phone.waitSaid("the phone in the lobby", " online · ")
	phone.command("name boris")
	phone.waitSaid("boris named", "boris · 1500?")
	phone.command("seek 5+3 bashni")
	phone.waitSaid("the phone's seek", "5+3")
	g.until("boris's seek in the lobby", serverPoll(func() bool {
		for _, s := range openSeeks(t, base) {
			if s.Name == "boris" && s.Rated && s.Clock == protocol.Blitz5 {
				return true
			}
		}
		return false
	}))
	g.ticks(40)
	if shots != "" {
		g.shot(shots, "lobby")
		phone.blur()
		phone.screenshot(filepath.Join(shots, fmt.Sprintf("lobby-%dx%d.png", phoneW, phoneH)))
	}
	// The desktop takes it with 5+3 (Bashni and Rated are chosen).
	g.click(mid(lr.Quick[1]))
	ps := phone.waitState("the phone's game", patience, func(s phoneState) bool {
		return s.Scene == scenes.ScenePlay && s.Online != "" && s.Board.Square > 0
	})
	var seatColor string
	g.until("the desktop's seat in the phone's game", func() bool {
		seat, ok := seatOf(config)
		seatColor = seat.Color
		return ok && seat.Game == ps.Online
	})
	code := ps.Online
	if s := summary(t, base, code); s.Status != protocol.StatusPlaying || s.Clock != protocol.Blitz5 {
		t.Fatalf("the paired game: %+v", s)
	}
	g.ticks(30)
	// White's first move, then the phone resigns. Neither side says when
	// its board is ready for a move, so the move is made again while the
	// server has not seen it: a second try on a ready board is harmless
	// (a click on the selected man takes the selection back, the next try
	// moves; a typed move out of turn is refused).
	firstMove := func() {
		if seatColor == protocol.White {
			b := playBoard(w, h, rules.Bashni, false)
			g.click(b.centre("c3"))
			g.click(b.centre("d4"))
		} else {
			phone.command("c3-d4")
		}
	}
	firstMove()
	asked := 0
	g.until("the first move on the server", serverPoll(func() bool {
		if summary(t, base, code).Ply == 1 {
			return true
		}
		if asked++; asked%10 == 0 {
			firstMove()
		}
		return false
	}))
	phone.waitState("the first move on the phone", time.Minute, func(s phoneState) bool { return s.Ply == 1 && !s.Animating })
	phone.command("resign")
	g.until("the end on the server", serverPoll(func() bool { return summary(t, base, code).Status == protocol.StatusOver }))
	annaR, annaProv := rating(t, base, "anna")
	borisR, borisProv := rating(t, base, "boris")
	if annaR <= 1500 || borisR >= 1500 {
		t.Fatalf("after boris resigned: anna %d, boris %d", annaR, borisR)
	}
	words := func(name string, r int, prov bool) string {
		s := name + " · " + strconv.Itoa(r)
		if prov {
			s += "?"
		}
		return s
	}

	// Back in the lobby, each hears the new rating.
	g.ticks(120)
	g.click(mid(play.GameOverLayout(w, h, 1, rules.Bashni).NewGame))
	g.ticks(30)
	g.click(mid(newgame.OnlineButton(newgame.Layout(w, h, 1), 1)))
	g.until("anna's new rating said on the desktop", func() bool { return strings.Contains(heard(said), words("anna", annaR, annaProv)) })
	phone.run(chromedp.Navigate(phoneBase + "/?mute=1"))
	phone.listen()
	phone.toLobby()
	phone.waitSaid("boris's new rating", words("boris", borisR, borisProv))
	g.ticks(30)
	if shots != "" {
		g.shot(shots, "lobby-after")
	}
}

// player is a named player of a test, on a connection of their own.
type player struct {
	name string
	c    *client.Conn
}

func namedPlayer(t *testing.T, base, name string) *player {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := client.Dial(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	go func() {
		for range c.Events() { // the test reads the seat, not the events
		}
	}()
	if _, err := c.Identify(ctx, protocol.NewKey()); err != nil {
		t.Fatal(err)
	}
	if _, err := c.SetName(ctx, name); err != nil {
		t.Fatal(err)
	}
	return &player{name: name, c: c}
}

// pair makes a and b meet by a rated 5+3 quick pairing: it returns White
// and Black.
func pair(t *testing.T, a, b *player) (white, black *player) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	req := client.SeekRequest{Variant: "bashni", Clock: protocol.Blitz5, Rated: true}
	before := a.c.Seat().Game
	if _, _, paired, err := a.c.QuickPair(ctx, req); err != nil || paired {
		t.Fatalf("%s's seek: paired %v, %v", a.name, paired, err)
	}
	seat, _, paired, err := b.c.QuickPair(ctx, req)
	if err != nil || !paired {
		t.Fatalf("%s's pairing: paired %v, %v", b.name, paired, err)
	}
	testwait.Wait{Every: 10 * time.Millisecond}.For(t, fmt.Sprintf("%s to be seated in %s", a.name, seat.Game), func() bool {
		return a.c.Seat().Game != before && a.c.Seat().Game == seat.Game
	})
	if seat.Color == protocol.White {
		return b, a
	}
	return a, b
}

// play plays moves from the start, White's and Black's in turn.
func playMoves(t *testing.T, white, black *player, moves ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for i, mv := range moves {
		p := white
		if i%2 == 1 {
			p = black
		}
		if err := p.c.MoveAt(ctx, mv, i); err != nil {
			t.Fatalf("%s plays %s: %v", p.name, mv, err)
		}
	}
}

// TestLobbyShots takes the screenshots of the lobby's screens
// (BASHNI_SCREENSHOTS): a profile with its rating graph after several
// rated games, and the games being played, at 1280×800 on the desktop and
// 390×844 in a phone's page. The desktop takes the player anna over with
// a transfer code typed into the lobby (the identity moves; the test
// hears the desktop say so).
func TestLobbyShots(t *testing.T) {
	dir := screenshotDir(t)
	// The test's players all come from one address: no limit on seeks.
	base := onlineServerWith(t, browserSite(t), server.Config{Lobby: server.LobbyConfig{SeeksPerMinute: -1, FirstMove: patience}})
	anna, boris := namedPlayer(t, base, "anna"), namedPlayer(t, base, "boris")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	// Seven rated games: anna wins five (her opponent resigns after the
	// first moves), boris two.
	for i, annaWins := range []bool{true, true, false, true, true, false, true} {
		a, b := anna, boris
		if i%2 == 1 {
			a, b = boris, anna
		}
		white, black := pair(t, a, b)
		playMoves(t, white, black, "c3-d4", "f6-e5")
		loser := anna
		if annaWins {
			loser = boris
		}
		if err := loser.c.Resign(ctx); err != nil {
			t.Fatal(err)
		}
	}
	// Two games going on.
	for _, names := range [][2]string{{"carla", "dmitri"}, {"erik", "fiona"}} {
		white, black := pair(t, namedPlayer(t, base, names[0]), namedPlayer(t, base, names[1]))
		playMoves(t, white, black, "c3-d4", "f6-e5")
	}
	code, err := anna.c.TransferCode(ctx)
	if err != nil {
		t.Fatal(err)
	}

	const w, h = 1280, 800
	tools, said := fakeSpeech(t)
	g := startIn(t, w, h, guestEnv{path: tools}, "-server", base, "-mute", "-seed", "3")
	g.ticks(20)
	g.toOnline(w, h)
	g.until("the desktop in the lobby", func() bool { return strings.Contains(heard(said), " online · ") })
	lr := online.LobbyLayout(w, h, 1)
	g.click(mid(lr.Claim))
	g.typeText(code.Code)
	g.ticks(5)
	g.click(mid(lr.UseCode))
	g.until("anna moved to the desktop", func() bool { return strings.Contains(heard(said), "anna · ") })
	g.ticks(10)
	g.click(mid(lr.Profile))
	g.until("anna's profile", func() bool { return strings.Contains(heard(said), "anna. ") })
	g.ticks(30)
	g.shot(dir, "profile")
	g.click(mid(online.ProfileLayout(w, h, 1).Back))
	g.ticks(20)
	g.click(mid(lr.Live))
	g.until("the games being played", func() bool { return strings.Contains(heard(said), " – ") })
	g.ticks(30)
	g.shot(dir, "live")

	phone := openPhone(t, base+"/?mute=1")
	phone.listen()
	phone.toLobby()
	phone.waitSaid("the phone in the lobby", " online · ")
	phone.command("profile anna")
	phone.waitSaid("anna's profile on the phone", "anna. ")
	phone.blur()
	phone.screenshot(filepath.Join(dir, fmt.Sprintf("profile-%dx%d.png", phoneW, phoneH)))
	const W, H = phoneW * phoneScale, phoneH * phoneScale
	phone.tapRect(online.ProfileLayout(W, H, phoneScale).Back)
	phone.waitState("the lobby again", patience, func(s phoneState) bool { return s.Scene == online.SceneLobby })
	phone.command("live")
	phone.waitSaid("the games being played on the phone", " – ")
	phone.blur()
	phone.screenshot(filepath.Join(dir, fmt.Sprintf("live-%dx%d.png", phoneW, phoneH)))
}
