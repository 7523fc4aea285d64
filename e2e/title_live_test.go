package e2e

import (
	"context"
	"fmt"
	"image"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/online/server"
	"bashni/scenes"
	"bashni/scenes/home"
	"bashni/sprites"
	"bashni/storage"
)

// TestTitleLive: the desktop game's title, given a server, lists its
// running and coming arenas with their countdowns, and its Top game
// follows the top game being played: the play screen shows it. With
// BASHNI_SCREENSHOTS the title at 1280×800, 844×390 and 390×844 and the top game
// followed from the title at 1280×800 and 390×844 (a spectator's row: Flip
// and Menu only) are saved there (docs/title-arenas-*.png,
// docs/watch-top-*.png):
//
//	BASHNI_SCREENSHOTS=$PWD/docs xvfb-run -a -s "-screen 0 1280x1024x24" go test ./e2e -run TestTitleLive
func TestTitleLive(t *testing.T) {
	dir := os.Getenv("BASHNI_SCREENSHOTS")
	base := onlineServerWith(t, nil, server.Config{Lobby: server.LobbyConfig{SeeksPerMinute: -1, FirstMove: patience},
		Arenas: server.ArenaConfig{NoSchedule: true, CreatePerHour: -1, RequestsPerMinute: -1}})
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	anna, boris := namedPlayer(t, base, "anna"), namedPlayer(t, base, "boris")
	blitz := protocol.Clock{Kind: protocol.ClockLive, Initial: 180, Increment: 2}
	for _, a := range []client.ArenaRequest{
		{Name: "Evening Bashni Blitz", Variant: "bashni", Clock: blitz, Minutes: 60, Rated: true},
		{Name: "Friday Lasca Rapid", Variant: "lasca", Clock: protocol.Clock{Kind: protocol.ClockLive, Initial: 600, Increment: 5}, Minutes: 90, Rated: true, StartsIn: 25 * 60},
	} {
		if _, err := anna.c.CreateArena(ctx, a); err != nil {
			t.Fatalf("the arena %q: %v", a.Name, err)
		}
	}
	// The top game: a rated game going on.
	white, black := pair(t, anna, boris)
	playMoves(t, white, black, "c3-d4", "f6-e5")

	theme := sprites.ThemeNamed(storage.DefaultTheme)
	rowsShown := func(w, h float64) func(img *image.RGBA) bool {
		rows := home.TitleLayoutOnline(w, h, 1, false, true).ArenaRows
		return func(img *image.RGBA) bool {
			for _, r := range rows {
				inner := scenes.Rect{X: r.X + 4, Y: r.Y + 4, W: 30, H: r.H - 8}
				if pixelsNear(img, inner, theme.Panel, 6) < int(inner.W*inner.H)/2 {
					return false
				}
			}
			return true
		}
	}
	for _, sz := range [][2]int{{1280, 800}, {844, 390}, {390, 844}} {
		w, h := sz[0], sz[1]
		tools, said := fakeSpeech(t)
		g := startIn(t, w, h, guestEnv{path: tools}, "-server", base, "-mute", "-seed", "3")
		g.ticks(20)
		g.untilShows(fmt.Sprintf("the two arenas on the title at %dx%d", w, h), rowsShown(float64(w), float64(h)))
		g.ticks(30)
		if dir != "" {
			g.shot(dir, "title-arenas")
		}
		if w == 844 {
			g.close()
			continue
		}
		// Top game: the games being played, then the top one followed.
		r := home.TitleLayoutOnline(float64(w), float64(h), 1, false, true)
		g.click(mid(r.Watch))
		g.until("the top game listed", func() bool { return strings.Contains(heard(said), "anna ") && strings.Contains(heard(said), " – ") })
		g.until("the top game shown", func() bool {
			s := heard(said)
			i := strings.LastIndex(s, " – ")
			return i >= 0 && strings.Contains(s[i:], "\nGame\n")
		})
		g.ticks(60)
		if dir != "" {
			g.shot(dir, "watch-top")
		}
		g.close()
	}
}

// TestTitleLiveOnPhone: in a phone's page on a bashni-server, the
// title's arenas and Top game are in the page's mirror of the controls
// (a screen reader finds them), and "tv" typed into the page's command
// line on the title follows the top game onto the play screen.
func TestTitleLiveOnPhone(t *testing.T) {
	base := onlineServerWith(t, browserSite(t), server.Config{Lobby: server.LobbyConfig{SeeksPerMinute: -1, FirstMove: patience},
		Arenas: server.ArenaConfig{NoSchedule: true, CreatePerHour: -1, RequestsPerMinute: -1}})
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	anna, boris := namedPlayer(t, base, "anna"), namedPlayer(t, base, "boris")
	if _, err := anna.c.CreateArena(ctx, client.ArenaRequest{Name: "Evening Bashni Blitz", Variant: "bashni",
		Clock: protocol.Clock{Kind: protocol.ClockLive, Initial: 180, Increment: 2}, Minutes: 60, Rated: true}); err != nil {
		t.Fatal(err)
	}
	white, black := pair(t, anna, boris)
	playMoves(t, white, black, "c3-d4", "f6-e5")

	phone := openPhone(t, base+"/?mute=1")
	phone.listen()
	phone.waitState("the title", patience, func(s phoneState) bool { return s.Scene == scenes.SceneTitle && !s.Animating })
	mirrored := func() string {
		var names string
		phone.run(chromedp.Evaluate(`Array.from(document.getElementById('controls').querySelectorAll('button, [role]')).map(e => e.textContent + ' ' + (e.getAttribute('aria-label') || '')).join('\n')`, &names))
		return names
	}
	phone.wait(patience, func() string { return "the mirror holds " + mirrored() }).For(t, "the arena and Top game in the page's mirror", func() bool {
		m := mirrored()
		return strings.Contains(m, "Evening Bashni Blitz") && strings.Contains(m, "Top game") && strings.Contains(m, "Arenas")
	})
	phone.command("tv")
	phone.waitState("the top game followed", patience, func(s phoneState) bool {
		return s.Scene == scenes.ScenePlay && len(s.Moves) == 2
	})
}
