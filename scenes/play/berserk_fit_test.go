//go:build !js

package play

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"bashni/internal/testwait"
	"bashni/online/remote"
	"bashni/online/server"
	"bashni/online/store"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

// arenaGame pairs two named players in an arena on a real server (SQLite,
// arenas paired every 50 ms) and opens the game of the first, named you:
// a live arena game before anyone's first move, Berserk offered.
func arenaGame(t *testing.T, you, other string) *remote.Player {
	t.Helper()
	return arenaPair(t, you, other)[0]
}

// arenaPair is arenaGame with both seats: the game as each of the two
// players opens it, you first.
func arenaPair(t *testing.T, you, other string) [2]*remote.Player {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	// The game is never aborted for want of a first move: the test
	// measures it before anyone moves, however long a busy machine takes.
	srv, err := server.New(server.Config{Store: st, MessagesPerSec: -1, CreatePerMinute: -1, AttachPerMinute: -1, Lobby: server.LobbyConfig{FirstMove: -1},
		Arenas: server.ArenaConfig{NoSchedule: true, Tick: 50 * time.Millisecond, Push: 100 * time.Millisecond, CreatePerHour: -1, RequestsPerMinute: -1}})
	if err != nil {
		t.Fatal(err)
	}
	h := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { h.Close(); srv.Close(); st.Close() })
	var stores [2]*storage.Store
	var arenas [2]*remote.Arenas
	for i, name := range []string{you, other} {
		stores[i] = storage.OpenMemory()
		acct, _, err := remote.OpenAccount(ctx, stores[i], h.URL)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := acct.SetName(ctx, name); err != nil {
			t.Fatalf("naming %s: %v", name, err)
		}
		acct.Close()
		if arenas[i], _, err = remote.OpenArenas(ctx, stores[i], h.URL); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(arenas[i].Close)
	}
	made, err := arenas[0].Create(ctx, remote.ArenaRequest{Name: "Blitz", Variant: rules.Bashni, Clock: remote.LobbyClocks[0], Minutes: 30, Rated: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range arenas {
		if _, err := a.Join(ctx, made.ID); err != nil {
			t.Fatal(err)
		}
	}
	var code string
	testwait.Wait{Every: 10 * time.Millisecond}.For(t, "the arena's pairing", func() bool {
		code = arenas[0].Paired()
		return code != ""
	})
	var ps [2]*remote.Player
	for i := range ps {
		p, err := remote.Open(ctx, h.URL, code, stores[i])
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(p.Close)
		testwait.Wait{Every: 10 * time.Millisecond}.For(t, "the arena game's state", func() bool {
			i := p.Info()
			return i.Arena == made.ID && i.Status == remote.Playing && i.Players[0].Name != "" && i.Players[1].Name != ""
		})
		ps[i] = p
	}
	return ps
}

// TestBerserkFits: the Berserk button on the real play screen of an arena
// game (a server's pairing, not a mock), in every language at 1280×800,
// 390×844 and 844×390: its label fits it, it lies on the player's own
// card between the disc and the clock, and the card's name and line left
// of it stop short of it, the name (a short one with its rating) whole at
// 12 dp or more.
func TestBerserkFits(t *testing.T) {
	p := arenaGame(t, "boris", "Konstantin_Ivanovich")
	scenetest.MeasureFits(t, scenetest.FitSizes, []scenetest.FitScreen{{Name: "berserk", Fits: func(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
		fitBerserk(t, a, f, w, h, p)
	}}})
}

func fitBerserk(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64, pl *remote.Player) {
	s := newOnlinePlayScene(a, pl)
	s.Layout(a, w, h, 1)
	o := s.online
	info := pl.Info()
	o.relabel(a, info, time.Now())
	o.cards(a, info)
	if !o.canBerserk(info) || !s.live() {
		t.Fatalf("%s: Berserk not offered before the first move (%+v)", f.Where, info)
	}
	btn := o.btnBerserk
	btn.Rect = o.berserkRect(a, s)
	card := s.layout.BottomCard
	if scenes.TopSide(s.flipped) == pl.Local() {
		card = s.layout.TopCard
	}
	p := f.P
	f.Controls("berserk", btn.Fits(p))
	r := btn.Rect
	screen := scenes.Rect{W: w, H: h}
	if !scenetest.Inside(r, card) || !scenetest.Inside(r, screen) {
		f.Errorf(f.Where+": berserk place", "%s: the button %v is off its card %v", f.Where, r, card)
	}
	if r.H < p.DP(scenes.MinTouchDP)-0.5 || r.W < p.DP(scenes.MinTouchDP)-0.5 {
		f.Errorf(f.Where+": berserk size", "%s: the button %v is smaller than %d dp", f.Where, r, scenes.MinTouchDP)
	}
	text, clock := cardTextX(p, card), cardClockX(p, card, o.clocks[pl.Local()&1])
	if r.X+r.W > clock {
		f.Errorf(f.Where+": berserk over the clock", "%s: the button %v reaches the clock at x %.0f", f.Where, r, clock)
	}
	room := cardTextRight(p, card, r) - text
	name := o.name(pl.Local())
	f.Shrinking("card name beside berserk", ui.TextFit{Text: name, Size: 18, Weight: sprites.Bold, Room: room}, 12)
	if room <= 0 || text+room > r.X {
		f.Errorf(f.Where+": card text under berserk", "%s: the card's text runs from %.0f to %.0f, the button starts at %.0f", f.Where, text, text+room, r.X)
	}
}
