package e2e

import (
	"bashni/internal/testwait"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/hajimehoshi/ebiten/v2"

	"bashni/online/arena"
	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/online/referee"
	"bashni/online/server"
	"bashni/online/store"
	"bashni/rules"
	"bashni/scenes"
	arenapage "bashni/scenes/arena"
	"bashni/scenes/play"
)

// arenaServer is a bashni-server with the browser game at / and the
// server's own schedules (an hourly blitz, a daily Lasca rapid); the store
// is returned so that the test can put in arenas of its own span (a
// player may only make arenas of ten minutes and more, starting from now).
func arenaServer(t *testing.T, page http.Handler) (string, store.Store) {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{Store: st, Lobby: lobbyPatience, MessagesPerSec: -1, NoPlayerLimits: true,
		Arenas: server.ArenaConfig{CreatePerHour: -1, RequestsPerMinute: -1}})
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
	t.Cleanup(func() { hs.Close(); srv.Close(); st.Close() })
	return "http://" + ln.Addr().String(), st
}

// putArena stores an arena running from starts to ends.
func putArena(t *testing.T, st store.Store, name, variant string, clock protocol.Clock, starts, ends time.Time) string {
	t.Helper()
	set := arena.Settings{Name: name, Variant: variant, Clock: clock, Minutes: max(arena.MinMinutes, int(ends.Sub(starts)/time.Minute)), Rated: true}
	data, err := json.Marshal(set)
	if err != nil {
		t.Fatal(err)
	}
	a := store.Arena{ID: protocol.NewSeekID(), Data: data, Starts: time.UnixMilli(starts.UnixMilli()), Ends: time.UnixMilli(ends.UnixMilli()),
		Creator: "test", Created: time.UnixMilli(time.Now().UnixMilli())}
	if err := st.CreateArena(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	return a.ID
}

// arenaTable is the server's table of arena id (its first page).
func arenaTable(t *testing.T, base, id string) protocol.Arena {
	t.Helper()
	resp, err := http.Get(base + protocol.ArenasPath + id)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var a protocol.Arena
	if err := json.NewDecoder(resp.Body).Decode(&a); err != nil {
		t.Fatalf("arena %s: %v", id, err)
	}
	return a
}

// arenaBot is a simulated arena player on the Go client: it joins and
// plays random legal moves, thinking a while before each, and resigns now
// and then so that games stay short. Against the test's human player
// (human) it plays one scripted move as White (c3-d4) and resigns at its
// next turn, so that the human's game is a win after one move of theirs.
type arenaBot struct {
	name, arena, human string
	think              time.Duration
	rng                *rand.Rand
	c                  *client.Conn
	mu                 sync.Mutex
	err                error
}

// startArenaBots starts the bots; the function returned stops them.
func startArenaBots(t *testing.T, ctx context.Context, base, arenaID string, names []string, think time.Duration, human string) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	var bots []*arenaBot
	for i, name := range names {
		b := &arenaBot{name: name, arena: arenaID, human: human, think: think, rng: rand.New(rand.NewPCG(uint64(i), 25))}
		c, err := client.Dial(ctx, base)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Identify(ctx, protocol.NewKey()); err != nil {
			t.Fatalf("%s identifies: %v", name, err)
		}
		if _, err := c.SetName(ctx, name); err != nil {
			t.Fatalf("%s takes the name: %v", name, err)
		}
		if _, err := c.JoinArena(ctx, arenaID); err != nil {
			t.Fatalf("%s joins arena %s: %v", name, arenaID, err)
		}
		b.c = c
		bots = append(bots, b)
		wg.Add(1)
		go func() { defer wg.Done(); b.play(ctx) }()
	}
	var once sync.Once
	stop = func() {
		once.Do(func() {
			for _, b := range bots {
				if b.err != nil {
					t.Errorf("bot %s: %v", b.name, b.err)
				}
			}
			cancel()
			for _, b := range bots {
				b.c.Close()
			}
			wg.Wait()
		})
	}
	t.Cleanup(stop)
	return stop
}

// play answers the connection's events until it ends.
func (b *arenaBot) play(ctx context.Context) {
	acted := ""
	for {
		var ev client.Event
		var open bool
		select {
		case <-ctx.Done():
			return
		case ev, open = <-b.c.Events():
		}
		if !open || ev.Kind == client.KindClosed {
			return
		}
		st := b.c.State()
		if st.Status != protocol.StatusPlaying || st.You == protocol.Spectator || st.You == "" || st.Arena != b.arena {
			continue
		}
		g := rules.NewGame(rules.Bashni)
		for _, m := range st.Moves {
			if _, err := g.PlayText(m); err != nil {
				b.mu.Lock()
				b.err = fmt.Errorf("replaying %s: %v", st.Game, err)
				b.mu.Unlock()
				return
			}
		}
		if referee.SeatName(g.Position().SideToMove()) != st.You {
			continue
		}
		turn := fmt.Sprint(st.Game, "/", st.Ply)
		if turn == acted {
			continue
		}
		acted = turn
		human := st.White.Name == b.human || st.Black.Name == b.human
		legal := g.LegalMoves()
		move := legal[b.rng.IntN(len(legal))].String()
		resign := st.Ply >= 8 && b.rng.IntN(4) == 0
		if human {
			move, resign = "c3-d4", st.Ply > 0
		}
		think := b.think/2 + time.Duration(b.rng.Int64N(int64(b.think)))
		ply := st.Ply
		// The answer comes as an update; a request waiting here would
		// stop the events being read.
		go func() {
			select {
			case <-ctx.Done():
				return
			case <-time.After(think): // the bot's thinking time, part of the simulation
			}
			if resign {
				b.c.Resign(ctx)
			} else {
				b.c.MoveAt(ctx, move, ply)
			}
		}()
	}
}

// waitFor polls a condition of the server until it holds.
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	testwait.Wait{Guard: 3 * patience, Every: 50 * time.Millisecond}.For(t, what, ok)
}

// rowOf is name's row in a table, if any.
func rowOf(a protocol.Arena, name string) (protocol.ArenaRow, bool) {
	for _, r := range a.Standings {
		if r.Name == name {
			return r, true
		}
	}
	return protocol.ArenaRow{}, false
}

var eveningBots = []string{"Olga", "Dmitri_K", "mariko", "Sven", "Jin-ho", "Aiko_7"}
var quickBots = []string{"Kirill", "Hana", "Tomas", "Yuki", "Roman", "Seo-yeon"}

// TestArenaPhone: on a real bashni-server, simulated players of the Go
// client play two arenas (one running for a while, one about to end). A
// browser page on a phone names its player boris in the lobby, types
// "arena", sees the list, opens the running arena by a typed command,
// joins it, is paired with one of the simulated players, plays a move, wins
// when that player resigns, goes back to the arena from the game-over card
// and hears its place and points from the table (the server's table
// agrees); then it opens the other arena by its link (?arena=) after its
// end and hears the podium. The desktop game opens the arenas by -arena.
// BASHNI_SCREENSHOTS: the list, a running arena and a podium at 1280×800
// and 390×844.
func TestArenaPhone(t *testing.T) {
	dir := os.Getenv("BASHNI_SCREENSHOTS")
	base, st := arenaServer(t, browserSite(t))
	ctx, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	now := time.Now()
	blitz := protocol.Clock{Kind: protocol.ClockLive, Initial: 180, Increment: 2}
	evening := putArena(t, st, "Evening Blitz", "bashni", blitz, now.Add(-12*time.Minute), now.Add(48*time.Minute))
	// The quick arena ends while the phone plays in the other one: its
	// podium is seen at the end (waited for, not slept).
	quick := putArena(t, st, "Lunch Arena", "bashni", protocol.Clock{Kind: protocol.ClockLive, Initial: 60, Increment: 1}, now.Add(-9*time.Minute), now.Add(45*time.Second))
	putArena(t, st, "Friday Lasca", "lasca", protocol.Clock{Kind: protocol.ClockLive, Initial: 300, Increment: 3}, now.Add(25*time.Minute), now.Add(85*time.Minute))
	startArenaBots(t, ctx, base, evening, eveningBots, 1200*time.Millisecond, "boris")
	stopQuick := startArenaBots(t, ctx, base, quick, quickBots, 300*time.Millisecond, "boris")
	// The quick arena is over before the phone comes: its players go, to
	// spare a busy machine.
	waitFor(t, "the end of the quick arena", func() bool { return arenaTable(t, base, quick).Status == "finished" })
	stopQuick()
	// The table is worth seeing once each player has played a few games.
	waitFor(t, "two games for everyone in the evening arena", func() bool {
		a := arenaTable(t, base, evening)
		for _, r := range a.Standings {
			if len(r.Sheet) < 2 {
				return false
			}
		}
		return len(a.Standings) == len(eveningBots)
	})

	// The desktop: the running arena by its id, then the list.
	const w, h = 1280, 800
	tools, said := fakeSpeech(t)
	g := startIn(t, w, h, guestEnv{path: tools}, "-server", base, "-mute", "-arena", evening)
	g.until("the evening arena on the desktop", func() bool { return strings.Contains(heard(said), "Evening Blitz. ") })
	g.ticks(30)
	if dir != "" {
		g.shot(dir, "arena-running")
	}
	g.key(ebiten.KeyEscape) // Back: the list
	g.until("the list on the desktop", func() bool { return strings.Contains(heard(said), "Arenas: ") })
	g.ticks(30)
	if dir != "" {
		g.shot(dir, "arena-list")
	}
	g.close()

	// The phone names its player, then finds the arenas by typing.
	// The server named in the address: the page need not find it out
	// (a probe, slow on a machine this busy).
	phone := openPhone(t, base+"/?mute=1&server="+base)
	phone.listen()
	phone.toLobby()
	phone.waitSaid("the phone in the lobby", " online · ")
	phone.command("name boris")
	phone.waitSaid("boris named", "boris · 1500?")
	phone.command("arena")
	phone.waitState("the arenas on the phone", patience, func(s phoneState) bool { return s.Scene == arenapage.SceneArena })
	phone.waitSaid("the list on the phone", "Arenas: ")
	for _, name := range []string{"Evening Blitz", "Lunch Arena", "Friday Lasca", "Hourly Bashni Blitz"} {
		if !strings.Contains(phone.said(), name) {
			t.Errorf("the list said on the phone has no %q: %q", name, phone.said())
		}
	}
	if dir != "" {
		phone.blur()
		phone.screenshot(filepath.Join(dir, fmt.Sprintf("arena-list-%dx%d.png", phoneW, phoneH)))
	}
	phone.command("arena " + evening)
	phone.waitSaid("the evening arena on the phone", "Evening Blitz. ")
	if dir != "" {
		phone.blur()
		phone.screenshot(filepath.Join(dir, fmt.Sprintf("arena-running-%dx%d.png", phoneW, phoneH)))
	}

	// Joined, boris is paired with one of the bots.
	phone.command("join")
	ps := phone.waitState("boris's arena game", patience, func(s phoneState) bool {
		return s.Scene == scenes.ScenePlay && s.Online != "" && s.Board.Square > 0
	})
	code := ps.Online
	// A spectator of the game tells who plays which side.
	watcher, err := client.Dial(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	defer watcher.Close()
	go func() {
		for range watcher.Events() {
		}
	}()
	if err := watcher.Watch(ctx, code); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the game's players, as a spectator sees them", func() bool {
		st := watcher.State()
		return st.White.Name != "" && st.Black.Name != ""
	})
	sum := watcher.State()
	if sum.White.Name != "boris" && sum.Black.Name != "boris" {
		t.Fatalf("the phone's game %s is %s against %s", code, sum.White.Name, sum.Black.Name)
	}
	// Berserk, typed before boris's first move: the server halves the
	// clock (the spectator sees boris's seat berserk).
	borisSeat := protocol.Black
	if sum.White.Name == "boris" {
		borisSeat = protocol.White
	}
	if frames := os.Getenv("BASHNI_E2E_FRAMES"); frames != "" {
		phone.blur()
		phone.screenshot(filepath.Join(frames, "arena-game-berserk-button.png")) // to look at, not for docs
	}
	phone.command("berserk")
	phone.waitSaid("berserk on the phone", "Berserk: half your clock")
	waitFor(t, "boris berserk on the server", func() bool { return slices.Contains(watcher.State().Berserk, borisSeat) })
	if sum.White.Name == "boris" {
		phone.command("c3-d4")
	} else {
		phone.waitState("the bot's first move on the phone", patience, func(s phoneState) bool { return s.Ply == 1 && !s.Animating })
		phone.command("f6-e5")
	}
	waitFor(t, "the bot resigns", func() bool { return summary(t, base, code).Status == protocol.StatusOver })
	phone.waitState("the game-over card", patience, func(s phoneState) bool { return s.Scene == scenes.SceneGameOver && !s.Animating })
	// The page's command line, open since the move, covers the game on a
	// phone: put away, then the card's first button, Back to the arena.
	phone.blur()
	phone.tapRect(play.GameOverLayout(phoneW*phoneScale, phoneH*phoneScale, phoneScale, rules.Bashni).NewGame) // Back to the arena
	// The page says the player's place when it changes: 2 points now.
	phone.waitSaid("boris's points on the phone", "2 points")
	row, ok := rowOf(arenaTable(t, base, evening), "boris")
	if !ok || row.Points != 2 || len(row.Sheet) < 1 || row.Sheet[0] != 2 {
		t.Fatalf("boris in the server's table: %+v (found %v)", row, ok)
	}
	if !strings.Contains(phone.said(), fmt.Sprintf("You: place %d, 2 points", row.Rank)) &&
		!strings.Contains(phone.said(), "You: place ") {
		t.Errorf("the phone did not say boris's place: %q", phone.said())
	}

	// The quick arena's end, then its podium, by its link.
	waitFor(t, "the end of the quick arena", func() bool { return arenaTable(t, base, quick).Status == "finished" })
	final := arenaTable(t, base, quick)
	if len(final.Standings) != len(quickBots) {
		t.Fatalf("the quick arena's table: %+v", final.Standings)
	}
	phone.run(chromedp.Navigate(base + "/?mute=1&server=" + base + "&arena=" + quick))
	phone.listen()
	phone.waitSaid("the podium on the phone", "Final standings: 1. "+final.Standings[0].Name)
	if dir != "" {
		phone.blur()
		phone.screenshot(filepath.Join(dir, fmt.Sprintf("arena-podium-%dx%d.png", phoneW, phoneH)))
	}
	g = startIn(t, w, h, guestEnv{path: tools}, "-server", base, "-mute", "-arena", quick)
	g.until("the podium on the desktop", func() bool { return strings.Contains(heard(said), "Final standings: 1. ") })
	g.ticks(30)
	if dir != "" {
		g.shot(dir, "arena-podium")
	}
	g.close()
}
