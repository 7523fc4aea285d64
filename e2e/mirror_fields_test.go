package e2e

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"bashni/i18n"
	"bashni/internal/chromiumtest"
	"bashni/internal/testwait"
	"bashni/online/protocol"
	"bashni/online/remote"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/online"
)

// The page's text boxes as a screen reader's user meets them (issue 22):
// the mirror's copies of the game's text fields are in Chromium's
// accessibility tree with a role and a name, what is typed into them
// reaches the game, and Ebitengine's own hidden text areas are out of the
// tree.

// axNode is a node of the page's accessibility tree.
type axNode = chromiumtest.Node

// axTree is the tree's nodes Chromium does not ignore, in document order.
func (p *page) axTree() []axNode {
	p.t.Helper()
	tree, err := chromiumtest.Tree(p.ctx)
	if err != nil {
		p.t.Fatal(err)
	}
	return tree
}

// axFind waits for a node with that role and name.
func (p *page) axFind(role, name string) axNode {
	p.t.Helper()
	var found axNode
	var tree []axNode
	testwait.Wait{Guard: patience, Every: 100 * time.Millisecond, Failed: func() string {
		var seen []string
		for _, n := range tree {
			if n.Name != "" {
				seen = append(seen, n.String())
			}
		}
		return "it has " + strings.Join(seen, ", ")
	}}.For(p.t, fmt.Sprintf("%s %q in the accessibility tree", role, name), func() bool {
		tree = p.axTree()
		for _, n := range tree {
			if n.Role == role && n.Name == name {
				found = n
				return true
			}
		}
		return false
	})
	return found
}

// axCall calls a function on a node's element (this is the element).
func (p *page) axCall(n axNode, fn string) {
	p.t.Helper()
	if err := chromiumtest.Call(p.ctx, n, fn); err != nil {
		p.t.Fatal(err)
	}
}

// axActivate activates a control as a screen reader does: a click on its
// element.
func (p *page) axActivate(role, name string) {
	p.t.Helper()
	p.axCall(p.axFind(role, name), chromiumtest.Click)
}

// axType moves the focus to a text box and types text there key by key,
// then Enter, as a player with a screen reader does.
func (p *page) axType(name, text string) {
	p.t.Helper()
	p.axFocusText(name)
	p.run(chromedp.KeyEvent(text), chromedp.KeyEvent(kb.Enter))
}

// axFocusText moves the focus to a text box and selects its text, as a
// player with a screen reader does before typing over it.
func (p *page) axFocusText(name string) {
	p.t.Helper()
	// The box found may be replaced before the focus reaches it (the
	// screen's controls are made anew): then it is found again, as a
	// screen reader's user would.
	testwait.Wait{Guard: patience, Every: 100 * time.Millisecond}.For(p.t, fmt.Sprintf("the focus in the text box %q, its text selected", name), func() bool {
		p.axCall(p.axFind("textbox", name), chromiumtest.FocusText)
		var ok bool
		p.run(chromedp.Evaluate(fmt.Sprintf(`(() => { const e = document.activeElement;
			return !!e && e.type === 'text' && e.getAttribute('aria-label') === %q &&
				e.selectionStart === 0 && e.selectionEnd === e.value.length; })()`, name), &ok))
		return ok
	})
}

// TestMirroredTextBoxesReachTheGame: on a phone's page served by a plain
// static host (no online server of its own), a player who uses only the
// accessibility tree types the online server's address into Settings'
// text box, saves it, goes to Play online → Play a friend by link, types
// the code of a game a friend made into the code's text box and joins it:
// the page plays that game on that server. Ebitengine's hidden text
// areas are hidden from the tree, and every text box in it is named.
func TestMirroredTextBoxesReachTheGame(t *testing.T) {
	base := onlineServer(t, nil)
	static := httptest.NewServer(browserSite(t))
	t.Cleanup(static.Close)
	en := i18n.New(i18n.English)

	// The friend's game, made on the server; the friend plays White.
	ctx, cancel := context.WithTimeout(context.Background(), remote.DialTimeout)
	defer cancel()
	friend, err := remote.Create(ctx, base, remote.Game{Variant: rules.Bashni, Seat: remote.WhiteSeat, Clock: remote.Rapid10}, nil)
	if err != nil {
		t.Fatalf("the friend's game: %v", err)
	}
	t.Cleanup(friend.Close)
	code := friend.Code()

	p := openPhone(t, static.URL+"/?mute=1")
	p.waitState("the title", patience, func(s phoneState) bool { return s.Scene == scenes.SceneTitle })
	p.axFind("button", en.T("common.new_game"))

	// Ebitengine's text areas are out of the tree and of Tab; the text
	// boxes left (the command line, the mirror's) are named.
	var stray []string
	p.run(chromedp.Evaluate(`Array.from(document.querySelectorAll('textarea, input')).filter(e =>
		!document.getElementById('controls').contains(e) && e.id !== 'command' &&
		(e.getAttribute('aria-hidden') !== 'true' || e.tabIndex !== -1)).map(e => e.outerHTML)`, &stray))
	if len(stray) > 0 {
		t.Errorf("text inputs of the page's own in the tree or Tab's order: %v", stray)
	}
	unnamed := func(where string) {
		for _, n := range p.axTree() {
			if (n.Role == "textbox" || n.Role == "canvas") && n.Name == "" {
				t.Errorf("%s: an unnamed %s in the accessibility tree", where, n.Role)
			}
		}
	}
	unnamed("the title")

	// Without a server New game offers no online play.
	p.axActivate("button", en.T("common.new_game"))
	p.waitState("New game", patience, func(s phoneState) bool { return s.Scene == scenes.SceneNewGame })
	p.axFind("button", en.T("common.play"))
	for _, n := range p.axTree() {
		if n.Name == en.T("online.play_online") {
			t.Fatalf("New game offers %s %q with no server known", n.Role, n.Name)
		}
	}
	p.axActivate("button", en.T("common.back"))
	p.waitState("the title", patience, func(s phoneState) bool { return s.Scene == scenes.SceneTitle })

	// Settings: the server's text box, typed into, then Save.
	p.axActivate("button", en.T("common.settings"))
	p.waitState("Settings", patience, func(s phoneState) bool { return s.Scene == scenes.SceneSettings })
	field := en.T("settings_online.label")
	if box := p.axFind("textbox", field); box.Value != "" {
		t.Fatalf("the server's box holds %q before anything is typed", box.Value)
	}
	unnamed("Settings")
	p.axType(field, base)
	p.waitAX("the typed address in the game's field", func(tree []axNode) bool {
		for _, n := range tree {
			if n.Role == "textbox" && n.Name == field && n.Value == base {
				return true
			}
		}
		return false
	})
	p.axActivate("button", en.T("settings_online.save"))
	p.axActivate("button", en.T("common.done"))

	// New game offers Play online now; the lobby; a friend's game by code.
	p.waitState("the title", patience, func(s phoneState) bool { return s.Scene == scenes.SceneTitle })
	p.axActivate("button", en.T("common.new_game"))
	p.waitState("New game", patience, func(s phoneState) bool { return s.Scene == scenes.SceneNewGame })
	p.axActivate("button", en.T("online.play_online"))
	p.waitState("the lobby", patience, func(s phoneState) bool { return s.Scene == online.SceneLobby })
	p.axActivate("button", en.T("lobby.friend"))
	p.waitState("the friend's card", patience, func(s phoneState) bool { return s.Scene == online.SceneOnline })
	unnamed("the friend's card")
	join := en.T("online.join_label")
	p.axType(join, strings.ToLower(code))
	p.waitAX("the typed code in the game's field", func(tree []axNode) bool {
		for _, n := range tree {
			if n.Role == "textbox" && n.Name == join && strings.EqualFold(n.Value, code) {
				return true
			}
		}
		return false
	})
	p.axActivate("button", en.T("online.join"))
	p.waitState("the friend's game", patience, func(s phoneState) bool {
		return s.Scene == scenes.ScenePlay && s.Online == code
	})
	if s := summary(t, base, code); !s.White.Online || !s.Black.Online || s.Status != protocol.StatusPlaying {
		t.Fatalf("the server's view after the join: %+v", s)
	}
}

// waitAX waits for a condition on the accessibility tree.
func (p *page) waitAX(what string, ok func([]axNode) bool) {
	p.t.Helper()
	var tree []axNode
	testwait.Wait{Guard: patience, Every: 100 * time.Millisecond, Failed: func() string {
		var boxes []string
		for _, n := range tree {
			if n.Role == "textbox" {
				boxes = append(boxes, fmt.Sprintf("%s value %q invalid %v description %q", n, n.Value, n.Invalid, n.Description))
			}
		}
		return "its text boxes: " + strings.Join(boxes, ", ")
	}}.For(p.t, "the phone's accessibility tree: "+what, func() bool {
		tree = p.axTree()
		return ok(tree)
	})
}
