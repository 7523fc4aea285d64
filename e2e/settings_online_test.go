package e2e

import (
	"encoding/json"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/scenes"
	"bashni/scenes/home"
	"bashni/scenes/newgame"
	"bashni/scenes/settings"
)

// onlineFieldTabs is how many Tabs reach Settings' online server field:
// the ten controls above it, then the field.
const onlineFieldTabs = 11

// TestOnlineServerTypedInSettings types a server's address into Settings
// as a player does, with the keyboard at 1280×800 and with a finger and an
// on-screen keyboard (an IME) at 390×844: a wrong address shows its error
// and saves nothing; a good one is kept in the settings file and New game
// offers "Play a friend online" at once. With BASHNI_SCREENSHOTS set it
// writes docs' settings-online-desktop.png (the address saved) and
// settings-online-phone.png (a wrong one refused).
func TestOnlineServerTypedInSettings(t *testing.T) {
	const addr, wrong = "http://192.168.1.5:8080", "192.168.1.5:8080"
	shots := os.Getenv("BASHNI_SCREENSHOTS")
	shot := func(g *game, name string) {
		if shots == "" {
			return
		}
		g.move(1, 1)
		if err := save(g.frame(), filepath.Join(shots, name)); err != nil {
			t.Fatal(err)
		}
	}
	for _, sz := range screenshotSizes {
		w, h := float64(sz[0]), float64(sz[1])
		phone := sz[0] < sz[1]
		config := t.TempDir()
		g := startIn(t, sz[0], sz[1], guestEnv{config: config}, "-mute", "-seed", "3")
		g.ticks(30)
		tl := home.TitleLayout(w, h, 1, false)
		online := newgame.OnlineButton(newgame.Layout(w, h, 1), 1)
		sl := settings.Layout(w, h, 1)
		g.click(mid(tl.NewGame))
		g.ticks(40)
		g.move(1, 1)
		before := g.frame()
		g.key(ebiten.KeyEscape)
		g.ticks(40)
		g.click(mid(tl.Settings))
		g.ticks(40)

		if phone {
			// A finger: tap the field, type on the phone's keyboard, tap Save.
			g.tap(mid(sl.OnlineField))
			g.typeText(wrong)
			g.tap(mid(sl.OnlineSave))
			g.ticks(20)
			shot(g, "settings-online-phone.png")
			if got := savedServer(t, config); got != "" {
				t.Fatalf("phone: a wrong address saved %q", got)
			}
			// Its keyboard's Enter ends the line: the address is used.
			g.tap(mid(sl.OnlineField))
			g.key(ebiten.KeyA, ebiten.KeyControlLeft)
			g.key(ebiten.KeyBackspace)
			g.typeText(addr + "\n")
			g.ticks(20)
		} else {
			// The keyboard: Tab to the field, Enter to type, Enter to use it.
			for i := 0; i < onlineFieldTabs; i++ {
				g.key(ebiten.KeyTab)
			}
			g.key(ebiten.KeyEnter)
			g.typeText(wrong)
			g.key(ebiten.KeyEnter)
			g.ticks(20)
			if got := savedServer(t, config); got != "" {
				t.Fatalf("desktop: a wrong address saved %q", got)
			}
			g.key(ebiten.KeyEnter) // the ring is still on the field: type again
			g.key(ebiten.KeyA, ebiten.KeyControlLeft)
			g.key(ebiten.KeyBackspace)
			g.typeText(addr)
			g.key(ebiten.KeyEnter)
			g.ticks(20)
			shot(g, "settings-online-desktop.png")
		}
		// The game saves its settings off the game loop, in real time: wait
		// until the file holds the address.
		g.until(fmt.Sprintf("%gx%g: the settings file to hold %q", w, h, addr), func() bool { return savedServer(t, config) == addr })
		g.key(ebiten.KeyEscape) // leave Settings
		g.ticks(40)
		// A server known: the title makes room for the arenas and the
		// top game.
		g.click(mid(home.TitleLayoutOnline(w, h, 1, false, true).NewGame))
		g.ticks(40)
		g.move(1, 1)
		after := g.frame()
		if d := differing(before, after, online); d < 0.05 {
			t.Errorf("%gx%g: New game looks the same where \"Play a friend online\" goes (%.1f%% of it changed)", w, h, 100*d)
		}
		g.close()
	}
}

// savedServer is the online server in the settings file of config ("" when
// there is no file yet).
func savedServer(t *testing.T, config string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(config, "settings.json"))
	if os.IsNotExist(err) {
		return ""
	}
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Data struct {
			OnlineServer string `json:"onlineServer"`
		} `json:"data"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("settings.json: %v", err)
	}
	return doc.Data.OnlineServer
}

// differing is the share of r's pixels that differ between a and b.
func differing(a, b *image.RGBA, r scenes.Rect) float64 {
	n, diff := 0, 0
	for y := int(r.Y); y < int(r.Y+r.H); y++ {
		for x := int(r.X); x < int(r.X+r.W); x++ {
			n++
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				diff++
			}
		}
	}
	if n == 0 {
		return 0
	}
	return float64(diff) / float64(n)
}
