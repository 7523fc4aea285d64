package e2e

import (
	"context"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"testing"

	"bashni/i18n"
	"bashni/internal/text"
	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

// TestOnlineOwnOfferAfterReload: the desktop game (Black) offers a draw from
// its menu and is restarted (the desktop's "reload"); it resumes its seat
// with the kept token, the offer still stands on the server for the friend
// to answer, and the friend's decline reaches it. With BASHNI_SCREENSHOTS
// it shoots, at both sizes, the restored offer, the menu without a second
// "Offer a draw" and the decline. What crosses the network arrives in real
// time: the test waits for it to show (the friend's move on the board, the
// game's messages), never for a number of ticks.
func TestOnlineOwnOfferAfterReload(t *testing.T) {
	shots := os.Getenv("BASHNI_SCREENSHOTS")
	base := onlineServer(t, nil)
	words := i18n.New(i18n.English)
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
			g.until("the desktop's seat", func() bool { _, ok := seatOf(config); return ok })
			waitState(t, g, friend, "the game under way", func(st protocol.GameState) bool { return st.Status == protocol.StatusPlaying })
			if err := friend.Move(ctxT(t), "c3-d4"); err != nil {
				t.Fatal(err)
			}
			pl := scenes.ComputePlayLayout(float64(w), float64(h), 1, rules.Bashni, true)
			b := playBoard(float64(w), float64(h), rules.Bashni, true)
			start := rules.NewPosition(rules.Bashni)
			m, err := start.ParseMove("c3-d4")
			if err != nil {
				t.Fatal(err)
			}
			afterMove := start.Play(m)
			g.untilShows("the friend's move on the desktop's board", func(f *image.RGBA) bool { return len(b.mismatches(f, afterMove)) == 0 })
			g.ticks(30) // the move's animation ends

			// Menu: Resume, New game, Game record…, Resign…, Offer a draw,
			// Copy link, Settings, Rules, Main menu.
			menu := pl.ControlButtons(5, nil)[4]
			g.click(mid(menu))
			g.ticks(20)
			g.click(mid(scenes.PopupMenuItem(float64(w), float64(h), 1, 9, 4)))
			waitState(t, g, friend, "the desktop's draw offer", func(st protocol.GameState) bool { return st.DrawOffer == protocol.Black })

			// The desktop game is closed and started again. It has resumed
			// its seat and taken up its offer when it says the offer is sent.
			g.close()
			g = startIn(t, w, h, guestEnv{config: config}, args...)
			g.ticks(20) // the first frames: no frame can be read before them
			g.untilShows("the restored offer on the desktop", func(f *image.RGBA) bool { return toastShows(t, f, pl.Board.Inner(), words.T("online.draw_sent")) })
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
			g.untilShows("the decline on the desktop", func(f *image.RGBA) bool { return toastShows(t, f, pl.Board.Inner(), words.T("online.draw_declined")) })
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

// toastShows reports whether the frame shows msg as the play screen's
// toast over board, the board's inner square (laid out as scenes/toast.go
// draws it at scale 1, its first line checked).
func toastShows(t *testing.T, frame *image.RGBA, board scenes.Rect, msg string) bool {
	t.Helper()
	var lines []string
	var width float64
	inFrame(func() {
		p := ui.NewPainter(sprites.NewRenderer(sprites.ThemeNamed(storage.DefaultTheme)), 1)
		lines = p.Wrap(msg, 15, sprites.Medium, math.Min(board.W-32, 520)-32)
		if len(lines) > 3 {
			lines = lines[:3]
		}
		for _, l := range lines {
			width = math.Max(width, p.Measure(l, 15, sprites.Medium))
		}
	})
	if len(lines) == 0 {
		t.Fatalf("the toast %q has no lines", msg)
	}
	const lh = 20
	r := scenes.Rect{W: math.Ceil(width + 32), H: math.Ceil(float64(len(lines))*lh + 20)}
	r.X = math.Round(board.X + (board.W-r.W)/2)
	r.Y = math.Round(board.Y + board.H - r.H - 20)
	theme := sprites.ThemeNamed(storage.DefaultTheme)
	return inkDiff(t, frame, lines[0], 15, sprites.Medium, r.X+r.W/2, r.Y+10+lh/2, text.AlignCenter, theme.Text, r.X+r.W/2, r.Y+4) <= 6
}

// waitState advances the desktop game until the friend's copy of the game
// satisfies ok.
func waitState(t *testing.T, g *game, friend *client.Conn, what string, ok func(protocol.GameState) bool) {
	t.Helper()
	g.until(what, func() bool { return ok(friend.State()) })
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
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	t.Cleanup(cancel)
	return ctx
}
