package e2e

import (
	"encoding/json"
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/scenes"
)

// onlineFieldTabs is how many Tabs reach Settings' online server field:
// the ten controls above it, then the field.
const onlineFieldTabs = 11

// TestOnlineServerTypedInSettings types a server's address into Settings
// with the keyboard and an IME, as a player does: the settings file keeps
// it and New game offers "Play a friend online" at once. A wrong address
// then shows its error and changes nothing. With BASHNI_SCREENSHOTS set it
// writes docs' settings-online-desktop.png (the address saved) and
// settings-online-phone.png (a wrong one refused).
func TestOnlineServerTypedInSettings(t *testing.T) {
	const addr = "http://192.168.1.5:8080"
	shots := os.Getenv("BASHNI_SCREENSHOTS")
	for _, sz := range screenshotSizes {
		w, h := float64(sz[0]), float64(sz[1])
		config := t.TempDir()
		g := startIn(t, sz[0], sz[1], guestEnv{config: config}, "-mute", "-seed", "3")
		g.ticks(30)
		tl := scenes.TitleLayout(w, h, 1, false)
		online := scenes.NewGameOnlineButton(scenes.NewGameLayout(w, h, 1), 1)
		g.click(mid(tl.NewGame))
		g.ticks(40)
		g.move(1, 1)
		before := g.frame()
		g.key(ebiten.KeyEscape)
		g.ticks(40)

		g.click(mid(tl.Settings))
		g.ticks(40)
		for i := 0; i < onlineFieldTabs; i++ {
			g.key(ebiten.KeyTab)
		}
		g.key(ebiten.KeyEnter) // start typing
		g.typeText(addr)
		g.key(ebiten.KeyEnter) // use it
		g.ticks(20)
		if got := savedServer(t, config); got != addr {
			t.Fatalf("%gx%g: the settings file holds %q, want %q", w, h, got, addr)
		}
		if shots != "" && sz[0] > sz[1] {
			g.move(1, 1)
			if err := save(g.frame(), filepath.Join(shots, "settings-online-desktop.png")); err != nil {
				t.Fatal(err)
			}
		}

		// A wrong address: its error shows, nothing is saved.
		g.key(ebiten.KeyEnter) // the field has the focus ring still: type again
		g.key(ebiten.KeyA, ebiten.KeyControlLeft)
		g.key(ebiten.KeyBackspace)
		g.typeText("192.168.1.5:8080")
		g.key(ebiten.KeyEnter)
		g.ticks(20)
		if shots != "" && sz[0] < sz[1] {
			g.move(1, 1)
			if err := save(g.frame(), filepath.Join(shots, "settings-online-phone.png")); err != nil {
				t.Fatal(err)
			}
		}
		if got := savedServer(t, config); got != addr {
			t.Fatalf("%gx%g: after a wrong address the settings file holds %q, want %q", w, h, got, addr)
		}
		g.key(ebiten.KeyEscape) // stop typing
		g.key(ebiten.KeyEscape) // leave Settings, dropping the wrong address
		g.ticks(40)

		g.click(mid(tl.NewGame))
		g.ticks(40)
		g.move(1, 1)
		after := g.frame()
		if d := differing(before, after, online); d < 0.05 {
			t.Errorf("%gx%g: New game looks the same where \"Play a friend online\" goes (%.1f%% of it changed)", w, h, 100*d)
		}
		g.close()
	}
}

// savedServer is the online server in the settings file of config.
func savedServer(t *testing.T, config string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(config, "settings.json"))
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
