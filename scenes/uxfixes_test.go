//go:build !js

package scenes

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"bashni/platform"
	"bashni/rules"
)

// chooseMenu runs the item labelled label of the play scene's open menu.
func chooseMenu(t *testing.T, ps *PlayScene, label string) {
	t.Helper()
	i := slices.Index(ps.menu.Items, label)
	if !ps.menu.Open || i < 0 {
		t.Fatalf("no %q in the menu (open %v, items %v)", label, ps.menu.Open, ps.menu.Items)
	}
	ps.menu.Open = false
	ps.menu.actions[i]()
}

// TestInspectorAndTheMenu: Esc with an inspector open closes it (the menu
// opens only at the next Esc); an inspector open when the rules are
// opened from the menu is gone when the player comes back; the rules of a
// Lasca game are asked for at Lasca (scenes/home opens them at its pages).
func TestInspectorAndTheMenu(t *testing.T) {
	for _, v := range []rules.Variant{rules.Bashni, rules.Lasca} {
		a, _ := newTestApp(t, t.TempDir())
		// The rules are another package's page (scenes/home): the menu
		// opens them through the router, asking for the game's variant.
		asked, shown := rules.Variant(255), &stubScene{"rules"}
		a.opts.Pages.Rules = func(c Context, v rules.Variant) Scene { asked = v; return shown }
		ps := NewPlayScene(a, GameConfig{Variant: v, Human: rules.White, Level: 1})
		a.Start(ps)
		sq := ps.sess.Game().Position().LegalMoves(nil)[0].From()

		ps.board.Inspect(sq) // as a resting mouse opens it
		ps.back(a)
		if ps.board.Inspecting() != rules.NoSquare || ps.menu.Open {
			t.Fatalf("%v: Esc with the inspector open: inspector on %v, menu open %v", v, ps.board.Inspecting(), ps.menu.Open)
		}
		ps.back(a)
		if !ps.menu.Open {
			t.Fatalf("%v: the second Esc opens no menu", v)
		}

		ps.board.Inspect(sq)
		chooseMenu(t, ps, "Rules")
		if a.top() != shown || asked != v {
			t.Fatalf("%v: the menu's Rules opened %s at %v", v, a.top().Name(), asked)
		}
		a.Pop()
		if ps.board.Inspecting() != rules.NoSquare {
			t.Errorf("%v: back from the rules, the inspector of %v is still open", v, ps.board.Inspecting())
		}
	}
}

// noClipboard is a desktop without a clipboard tool.
type noClipboard struct{ platform.Memory }

func (*noClipboard) Tool() string { return "" }
func (*noClipboard) Paste() *platform.Job {
	return platform.FailedJob(fmt.Errorf("%w (install xclip, xsel or wl-clipboard)", platform.ErrNoClipboard))
}

// TestImportNoticeSaysItOnce: without a clipboard tool the import screen
// says so once, with the clipboard's own reason, not a notice nested in
// another ("No clipboard tool here (no clipboard tool is available here
// (…))").
func TestImportNoticeSaysItOnce(t *testing.T) {
	a := NewApp(Options{NoAttract: true, Clipboard: &noClipboard{}})
	s := NewImportScene(a)
	if n := strings.Count(strings.ToLower(s.notice), "no clipboard"); n != 1 || strings.Count(s.notice, "(") != 1 || !strings.Contains(s.notice, "install xclip") {
		t.Errorf("the notice says %q", s.notice)
	}
}
