package e2e

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"bashni/i18n"
	"bashni/online/protocol"
	"bashni/online/remote"
	"bashni/online/server"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/online"
	"bashni/storage"
)

// TestBlindPlayerNamesSeeksAndMovesIdentity: a blind player in a phone's
// page served by a real bashni-server, using only Chromium's
// accessibility tree and the keyboard (issues 22 and 24), goes from the
// title to the lobby, types a name that is taken into the name's text
// box and hears and reads why it is refused (the box's description,
// marked invalid, and the live region), types another (kept in the box
// while a seek that comes in remakes the page's controls) and is named,
// makes a rated 5+3 seek with the quick-pairing button that the server
// then holds, and enters a transfer code into its text box: a wrong one
// first (refused, with the reason), then one made on another device,
// which moves that player here.
func TestBlindPlayerNamesSeeksAndMovesIdentity(t *testing.T) {
	base := onlineServerWith(t, browserSite(t), server.Config{Lobby: lobbyPatience})
	en := i18n.New(i18n.English)

	// Carla plays on another device: her name is taken, and her transfer
	// code moves her to the page at the end.
	ctx, cancel := context.WithTimeout(context.Background(), remote.DialTimeout)
	defer cancel()
	carla, _, err := remote.OpenAccount(ctx, storage.OpenMemory(), base)
	if err != nil {
		t.Fatalf("carla's device: %v", err)
	}
	t.Cleanup(carla.Close)
	if _, err := carla.SetName(ctx, "carla"); err != nil {
		t.Fatalf("naming carla: %v", err)
	}

	// The server named in the address, as a link to it does: the page's
	// own probe of its origin gives up after 3 s, which a busy machine
	// may take while the page starts.
	p := openPhone(t, base+"/?mute=1&server="+url.QueryEscape(base))
	p.listen()
	p.waitState("the title", patience, func(s phoneState) bool { return s.Scene == scenes.SceneTitle })
	p.axActivate("button", en.T("common.new_game"))
	p.waitState("New game", patience, func(s phoneState) bool { return s.Scene == scenes.SceneNewGame })
	p.axActivate("button", en.T("online.play_online"))
	p.waitState("the lobby", patience, func(s phoneState) bool { return s.Scene == online.SceneLobby })
	p.waitSaid("the lobby's counts", " online · ")

	// The name's box says why a name is asked.
	nameBox, claimBox := en.T("lobby.name_placeholder"), en.T("lobby.claim_placeholder")
	box := func(name string) func([]axNode) (axNode, bool) {
		return func(tree []axNode) (axNode, bool) {
			for _, n := range tree {
				if n.Role == "textbox" && n.Name == name {
					return n, true
				}
			}
			return axNode{}, false
		}
	}
	if n := p.axFind("textbox", nameBox); n.Description != en.T("lobby.why_name") || n.Invalid || n.Value != "" {
		t.Errorf("the name's box before anything is typed: %+v", n)
	}
	p.axFind("textbox", claimBox)

	// A taken name: refused, and why, in the box and aloud.
	p.axType(nameBox, "carla")
	p.waitAX("the taken name refused in its box", func(tree []axNode) bool {
		n, ok := box(nameBox)(tree)
		return ok && n.Value == "carla" && n.Invalid && n.Description == en.T("lobby.name_taken")
	})
	p.waitSaid("why the name was refused", en.T("lobby.name_taken"))

	// Another name, typed; before Enter, Carla's seek comes into the
	// lobby and the page's controls are made anew: what is typed stays in
	// the box, which keeps the focus. Enter: named; the name's box is
	// gone, the name said.
	p.axFocusText(nameBox)
	p.run(chromedp.KeyEvent("dora"))
	ctx, cancel = context.WithTimeout(context.Background(), remote.DialTimeout)
	defer cancel()
	if err := carla.EnterLobby(ctx); err != nil {
		t.Fatalf("carla in the lobby: %v", err)
	}
	if err := carla.Seek(ctx, remote.SeekOptions{Variant: rules.Lasca, Clock: remote.Correspondence(1), Seat: remote.NoSeat}); err != nil {
		t.Fatalf("carla's seek: %v", err)
	}
	p.waitSaid("carla's seek", en.F("lobby.human_seek", "Name", "carla", "Game", ""))
	p.waitAX("carla's seek in the list", func(tree []axNode) bool {
		for _, n := range tree {
			if strings.HasPrefix(n.Name, "1. carla") {
				return true
			}
		}
		return false
	})
	if n, _ := box(nameBox)(p.axTree()); n.Value != "dora" {
		t.Fatalf("the name's box holds %q after the screen changed, not what was typed (\"dora\")", n.Value)
	}
	var focused string
	p.run(chromedp.Evaluate(`document.activeElement ? document.activeElement.getAttribute('aria-label') || '' : ''`, &focused))
	if focused != nameBox {
		t.Fatalf("the focus is on %q after the screen changed, not on the name's box", focused)
	}
	p.run(chromedp.KeyEvent(kb.Enter))
	p.waitSaid("dora named", "dora · 1500?")
	p.waitAX("the name's box gone once named", func(tree []axNode) bool {
		_, ok := box(nameBox)(tree)
		return !ok
	})

	// A rated 5+3 seek with the quick-pairing button; the server has it.
	p.axActivate("button", "5+3")
	p.waitSaid("the seek", en.F("lobby.seeking", "Game", en.VariantName(rules.Bashni)+" 5+3 · "+en.T("lobby.rated")))
	p.wait(patience, func() string { return fmt.Sprintf("the server's seeks: %+v", openSeeks(t, base)) }).For(t, "dora's seek on the server", serverPoll(func() bool {
		for _, s := range openSeeks(t, base) {
			if s.Name == "dora" && s.Rated && s.Clock == protocol.Blitz5 && s.Variant == "bashni" {
				return true
			}
		}
		return false
	}))

	// A wrong transfer code: refused, and why.
	p.axType(claimBox, "zzzzzz")
	p.waitAX("the wrong code refused in its box", func(tree []axNode) bool {
		n, ok := box(claimBox)(tree)
		return ok && n.Value == "zzzzzz" && n.Invalid && n.Description == en.T("lobby.bad_code")
	})
	p.waitSaid("why the code was refused", en.T("lobby.bad_code"))

	// Carla's code moves her here.
	ctx, cancel = context.WithTimeout(context.Background(), remote.DialTimeout)
	defer cancel()
	code, _, _, err := carla.TransferCode(ctx)
	if err != nil {
		t.Fatalf("carla's transfer code: %v", err)
	}
	p.axType(claimBox, code)
	p.waitSaid("carla moved here", en.T("lobby.moved_here"))
	p.waitSaid("carla's name", "carla · 1500?")
	p.wait(patience, p.said).For(t, "carla's old device told she moved", carla.Moved)
	p.waitAX("the code's box emptied, not refused", func(tree []axNode) bool {
		n, ok := box(claimBox)(tree)
		return ok && n.Value == "" && !n.Invalid
	})
}
