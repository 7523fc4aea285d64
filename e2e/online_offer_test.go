package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/rules"
	"bashni/scenes"
)

// TestOnlineOwnOfferAfterReload: the desktop game (Black) offers a draw from
// its menu and is restarted (the desktop's "reload"); it resumes its seat
// with the kept token, the offer still stands on the server for the friend
// to answer, and the friend's decline reaches it. With BASHNI_SCREENSHOTS
// it shoots, at both sizes, the restored offer, the menu without a second
// "Offer a draw" and the decline.
func TestOnlineOwnOfferAfterReload(t *testing.T) {
	shots := os.Getenv("BASHNI_SCREENSHOTS")
	base := onlineServer(t, nil)
	for _, size := range screenshotSizes {
		w, h := size[0], size[1]
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			friend := dial(t, base)
			seat, err := friend.Create(ctxT(t), client.Game{Variant: "bashni", Color: protocol.White})
			if err != nil {
				t.Fatal(err)
			}
			config := filepath.Join(t.TempDir(), "config")
			args := []string{"-server", base, "-game", seat.Game, "-mute"}
			g := startIn(t, w, h, guestEnv{config: config}, args...)
			g.until("the desktop's seat", 30*time.Second, func() bool { _, ok := seatOf(config); return ok })
			waitState(t, g, friend, "the game under way", func(st protocol.GameState) bool { return st.Status == protocol.StatusPlaying })
			if err := friend.Move(ctxT(t), "c3-d4"); err != nil {
				t.Fatal(err)
			}
			g.ticks(90) // the move arrives and is animated

			// Menu: Resume, New game, Game record…, Resign…, Offer a draw,
			// Copy link, Settings, Rules, Main menu.
			pl := scenes.ComputePlayLayout(float64(w), float64(h), 1, rules.Bashni, true)
			menu := pl.ControlButtons(5, nil)[4]
			g.click(mid(menu))
			g.ticks(20)
			g.click(mid(scenes.PopupMenuItem(float64(w), float64(h), 1, 9, 4)))
			waitState(t, g, friend, "the desktop's draw offer", func(st protocol.GameState) bool { return st.DrawOffer == protocol.Black })

			// The desktop game is closed and started again.
			g.close()
			g = startIn(t, w, h, guestEnv{config: config}, args...)
			g.ticks(60)
			if shots != "" {
				g.shot(shots, "online-offer-restored")
			}
			if st := friend.State(); st.DrawOffer != protocol.Black || st.Ply != 1 {
				t.Fatalf("after the restart the server has draw offer %q at ply %d", st.DrawOffer, st.Ply)
			}
			if shots != "" {
				// The menu has no second "Offer a draw" (8 entries now).
				g.click(mid(menu))
				g.ticks(20)
				g.shot(shots, "online-offer-menu")
				g.click(mid(scenes.PopupMenuItem(float64(w), float64(h), 1, 8, 0))) // Resume
				g.ticks(20)
			}
			// The friend declines the offer made before the restart.
			if err := friend.AnswerDraw(ctxT(t), false); err != nil {
				t.Fatalf("declining the standing offer: %v", err)
			}
			g.ticks(40)
			if shots != "" {
				g.shot(shots, "online-offer-declined")
			}
			// The desktop can offer again: the game goes on from its menu.
			g.click(mid(menu))
			g.ticks(20)
			g.click(mid(scenes.PopupMenuItem(float64(w), float64(h), 1, 9, 4)))
			waitState(t, g, friend, "a new draw offer", func(st protocol.GameState) bool { return st.DrawOffer == protocol.Black })
		})
	}
}

// waitState advances the desktop game until the friend's copy of the game
// satisfies ok.
func waitState(t *testing.T, g *game, friend *client.Conn, what string, ok func(protocol.GameState) bool) {
	t.Helper()
	g.until(what, 30*time.Second, func() bool { return ok(friend.State()) })
}

func dial(t *testing.T, base string) *client.Conn {
	t.Helper()
	c, err := client.Dial(ctxT(t), base)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	go func() {
		for range c.Events() { // State() is kept current; the events are not needed
		}
	}()
	return c
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}
