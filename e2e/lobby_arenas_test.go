package e2e

import (
	"context"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/testwait"
	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/scenes/online"
)

// TestLobbyArenas: the lobby lists the running and coming arenas over
// the open seeks, with their countdowns, at 1280×800, 390×844 and on a
// phone on its side (844×390), and a row opens the arena's page; the
// seekers' names are 20 letters of Cyrillic and CJK. At 390×844 the
// player names themself and shows a transfer code (its status fits).
// With BASHNI_SCREENSHOTS set it writes docs/lobby-arenas-1280x800.png,
// docs/lobby-arenas-390x844.png and docs/lobby-844x390.png:
//
//	BASHNI_SCREENSHOTS=$PWD/docs xvfb-run -a -s "-screen 0 1280x1024x24" go test ./e2e -run TestLobbyArenas -v
func TestLobbyArenas(t *testing.T) {
	base, st := arenaServer(t, http.NotFoundHandler()) // the desktop game only: no page
	now := time.Now()
	blitz := protocol.Clock{Kind: protocol.ClockLive, Initial: 180, Increment: 2}
	putArena(t, st, "Friday Blitz", "bashni", blitz, now.Add(-10*time.Minute), now.Add(23*time.Minute+10*time.Second))
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	players := []*player{namedPlayer(t, base, "Александр_Великий_12"), namedPlayer(t, base, "東西南北春夏秋冬天地日月星山川海空雲花鳥"), namedPlayer(t, base, "Konstantin_Ivanovich")}
	if _, err := players[0].c.CreateArena(ctx, client.ArenaRequest{Name: "Вечерняя Ласка у Саши", Variant: "lasca",
		Clock: protocol.Clock{Kind: protocol.ClockLive, Initial: 600, Increment: 5}, Minutes: 60, Rated: true, StartsIn: 3 * 3600}); err != nil {
		t.Fatalf("the player's arena: %v", err)
	}
	for i, s := range []client.SeekRequest{
		{Variant: "bashni", Clock: protocol.Blitz5, Rated: true},
		{Variant: "lasca", Clock: protocol.Clock{Kind: protocol.ClockLive, Initial: 600, Increment: 5}, Color: "black"},
		{Variant: "bashni", Clock: protocol.Clock{Kind: protocol.ClockCorrespondence, Days: 3}, Rated: true},
	} {
		if _, err := players[i].c.Seek(ctx, s); err != nil {
			t.Fatalf("%s's seek: %v", players[i].name, err)
		}
	}
	// The arenas the lobby lists: those not over (the server makes its
	// hourly one as it starts, off the request path).
	// The first row is the running arena that ends first (the hourly one
	// or Friday Blitz, by the clock).
	shown, first := 0, ""
	testwait.For(t, "the running arena, the hourly and the player's", func() bool {
		list, err := players[0].c.Arenas(ctx)
		if err != nil {
			t.Fatal(err)
		}
		shown, first = 0, ""
		var ends int64
		for _, a := range list {
			if a.Status != "finished" {
				shown++
			}
			if a.Status == "running" && (first == "" || a.Ends < ends) {
				first, ends = a.Name, a.Ends
			}
		}
		return shown >= 3
	})
	dir := os.Getenv("BASHNI_SCREENSHOTS")
	for _, sz := range [][2]int{{1280, 800}, {390, 844}, {844, 390}} {
		w, h := sz[0], sz[1]
		tools, said := fakeSpeech(t)
		g := startIn(t, w, h, guestEnv{path: tools}, "-server", base, "-mute", "-seed", "3")
		g.ticks(20)
		g.toOnline(float64(w), float64(h))
		g.until("the lobby's arenas", func() bool {
			s := heard(said)
			return strings.Contains(s, "Arenas now and soon: 1. "+first+" · ") && strings.Contains(s, "Friday Blitz") && strings.Contains(s, "Вечерняя Ласка у Саши")
		})
		lr := online.LobbyLayoutArenas(float64(w), float64(h), 1, shown)
		if w == 390 {
			g.click(mid(lr.Name))
			g.typeText("anna")
			g.ticks(5)
			g.click(mid(lr.SaveName))
			g.until("anna named", func() bool { return strings.Contains(heard(said), "anna · 1500?") })
			g.ticks(5)
			g.click(mid(lr.Transfer))
			g.until("the transfer code", func() bool { return strings.Contains(heard(said), "Your code: ") })
		}
		g.ticks(60)
		if dir != "" {
			name := "lobby-arenas"
			if w > h && h < 600 {
				name = "lobby"
			}
			g.shot(dir, name)
		}
		if lr.Short {
			// On its side the lobby has one row: the title's row's
			// Arenas opens the list of them all; Escape comes back.
			if lr.AllArenas.W == 0 {
				t.Fatalf("%dx%d: %d arenas, %d rows and no way to the rest", w, h, shown, len(lr.Arenas))
			}
			g.click(mid(lr.AllArenas))
			g.until("the arenas' list", func() bool { return strings.Contains(heard(said), "Arenas: 1. ") })
			g.key(ebiten.KeyEscape)
			g.ticks(10)
		}
		// The first row opens its arena's page.
		g.click(mid(lr.Arenas[0]))
		g.until("the running arena's page", func() bool { return strings.Contains(heard(said), first+". ") })
		g.close()
	}
}
