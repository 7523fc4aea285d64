package e2e

import (
	"context"
	"fmt"
	"net/url"
	"testing"

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
// marked invalid, and the live region), types another and is named,
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

	// Another name: named; the name's box is gone, the name said.
	p.axType(nameBox, "dora")
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
