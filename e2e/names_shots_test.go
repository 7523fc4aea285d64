package e2e

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"bashni/i18n/fonts"
	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/online/server"
)

// TestNameShots takes the screenshots of an English lobby whose open seeks
// are a Korean, two Japanese and a Russian player's (BASHNI_SCREENSHOTS:
// names-en-1280x800.png on the desktop, names-en-390x844.png in a phone's
// page): the desktop has the names fonts compiled in; the page fetches
// the blocks the names need, and the test waits until they are in use.
func TestNameShots(t *testing.T) {
	dir := screenshotDir(t)
	// No arenas: a phone's lobby then has room for every seek.
	base := onlineServerWith(t, browserSite(t), server.Config{Lobby: server.LobbyConfig{SeeksPerMinute: -1, FirstMove: patience}, Arenas: server.ArenaConfig{NoSchedule: true}})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	names := []string{"김철수", "Иван_Петров", "たろう", "山田太郎"}
	clocks := []protocol.Clock{protocol.Blitz5, protocol.Rapid10, {Kind: protocol.ClockLive, Initial: 180, Increment: 2}, {Kind: protocol.ClockCorrespondence, Days: 1}}
	blocks := map[string]bool{}
	for i, name := range names {
		p := namedPlayer(t, base, name)
		if _, err := p.c.Seek(ctx, client.SeekRequest{Variant: "bashni", Clock: clocks[i], Rated: true}); err != nil {
			t.Fatalf("%s's seek: %v", name, err)
		}
		for _, r := range name {
			if f := fonts.NameFile(r); f != "" {
				blocks[f] = true
			}
		}
	}

	const w, h = 1280, 800
	tools, said := fakeSpeech(t)
	g := startIn(t, w, h, guestEnv{path: tools}, "-server", base, "-mute", "-seed", "3")
	g.ticks(20)
	g.toOnline(w, h)
	g.until("the desktop in the lobby", func() bool { return strings.Contains(heard(said), " online · ") })
	g.ticks(30)
	g.shot(dir, "names-en")

	phone := openPhone(t, base+"/?mute=1")
	phone.listen()
	phone.toLobby()
	phone.waitSaid("the phone in the lobby", " online · ")
	var inUse int
	phone.wait(patience, func() string { return fmt.Sprintf("%d of %d names fonts in use", inUse, len(blocks)) }).For(t, "the names fonts in the page", func() bool {
		phone.run(chromedp.Evaluate(`(window.bashni && window.bashni.namesFonts) | 0`, &inUse))
		return inUse >= len(blocks)
	})
	// The tick that put the last font in use asked for a redraw, which
	// the same frame draws: the screenshot has the names.
	phone.blur()
	phone.screenshot(filepath.Join(dir, fmt.Sprintf("names-en-%dx%d.png", phoneW, phoneH)))
}
