package browser

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"

	"bashni/ai"
	"bashni/i18n"
	"bashni/internal/chromiumtest"
	"bashni/internal/testwait"
	"bashni/rules"
)

// axNode is a node of the page's accessibility tree, as a screen reader
// gets it.
type axNode = chromiumtest.Node

// axTree is Chromium's accessibility tree of the page, the nodes it does
// not ignore, in document order.
func (b *browser) axTree() []axNode {
	b.t.Helper()
	tree, err := chromiumtest.Tree(b.ctx)
	if err != nil {
		b.t.Fatal(err)
	}
	return tree
}

// controls are the tree's controls: what a screen reader's list of
// buttons, radio buttons and switches shows.
func (b *browser) controls() []axNode {
	var out []axNode
	for _, n := range b.axTree() {
		switch n.Role {
		case "button", "radio", "switch", "slider", "textbox", "radiogroup", "Canvas", "canvas", "log":
			out = append(out, n)
		}
	}
	return out
}

// axFind waits for a control of the tree with that role and name.
func (b *browser) axFind(role, name string) axNode {
	b.t.Helper()
	var found axNode
	testwait.Wait{Guard: patience, Every: 100 * time.Millisecond, Failed: func() string { return fmt.Sprintf("the controls: %v", b.controls()) }}.
		For(b.t, fmt.Sprintf("%s %q in the accessibility tree", role, name), func() bool {
			for _, n := range b.axTree() {
				if n.Role == role && n.Name == name {
					found = n
					return true
				}
			}
			return false
		})
	return found
}

// axClick activates a node of the tree as a screen reader does (its
// default action: a click on its element).
func (b *browser) axClick(n axNode) {
	b.t.Helper()
	if err := chromiumtest.Call(b.ctx, n, chromiumtest.Click); err != nil {
		b.t.Fatal(err)
	}
}

// transcript records what a blind player does and hears.
type transcript struct {
	b     *browser
	lines []string
	heard int // live-region paragraphs already written
}

func (tr *transcript) add(format string, args ...any) {
	tr.lines = append(tr.lines, fmt.Sprintf(format, args...))
}

// hear writes what the live region said since the last call (the page
// keeps the last 30 paragraphs; the test's observer keeps them all).
func (tr *transcript) hear() []string {
	tr.b.t.Helper()
	var said []string
	tr.b.eval(`window.__said || []`, &said)
	now := said[min(tr.heard, len(said)):]
	tr.heard = len(said)
	for _, s := range now {
		tr.add("> *%s*", s)
	}
	return now
}

// screen writes the controls a screen reader finds on the screen.
func (tr *transcript) screen(what string) {
	tr.add("")
	tr.add("**%s** — controls in the accessibility tree:", what)
	for _, n := range tr.b.controls() {
		if n.Role == "radiogroup" || n.Role == "log" {
			continue
		}
		if n.Name == "" {
			tr.b.t.Errorf("%s: an unnamed %s", what, n.Role)
		}
		s := fmt.Sprintf("- %s “%s”", n.Role, n.Name)
		if n.Checked != "" {
			s += " (" + n.Checked + ")"
		}
		if n.Description != "" {
			s += " — " + n.Description
		}
		// A description is read every time the control gets the focus:
		// one that grows with the game (the live region's log, as the
		// command line once had) buries the control under old news.
		if size := len([]rune(n.Description)); size > 200 {
			tr.b.t.Errorf("%s: the %s “%s” has a description of %d characters", what, n.Role, n.Name, size)
		}
		tr.add("%s", s)
	}
	tr.add("")
}

func (tr *transcript) click(role, name string) {
	tr.b.t.Helper()
	tr.b.axClick(tr.b.axFind(role, name))
	tr.add("- activates %s “%s”", role, name)
}

func (tr *transcript) typeLine(line string) {
	tr.b.t.Helper()
	tr.b.typeCommand(line)
	tr.add("- types `%s`", line)
}

// TestBlindPlayerPlaysAWholeGame plays from the title through New game to
// the game over and a rematch with nothing but the accessibility tree's
// controls and the command line, as a screen reader's user does, and
// reads what the live region said. With BASHNI_TRANSCRIPT=file it writes
// the transcript there (docs/ACCESS-TRANSCRIPT.md).
func TestBlindPlayerPlaysAWholeGame(t *testing.T) {
	srv := startServer(t)
	defer srv.stop()
	// The whole game took more than newBrowser's 8 minutes on a machine
	// busy with other builds: the guard is the harness's 30.
	b := newBrowserFor(t, desktop, 30*time.Minute)
	en := i18n.New(i18n.English)
	// A player who asked the system for reduced motion: moves are not
	// animated and the title's demo game stands still.
	b.run(emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}))
	b.open(srv.url("?seed=7&mute=1"))
	b.eval(`(() => { window.__said = []; new MutationObserver((ms) => { for (const m of ms) for (const n of m.addedNodes) window.__said.push(n.textContent); }).observe(document.getElementById('live'), {childList: true}); return true; })()`, nil)
	tr := &transcript{b: b}
	started := time.Now()
	t.Cleanup(func() {
		t.Logf("transcript (%v):\n%s", time.Since(started).Round(time.Second), strings.Join(tr.lines, "\n"))
	})

	// Nothing unnamed: the canvas has a name, Ebitengine's text areas are
	// out of the tree.
	for _, n := range b.axTree() {
		if (n.Role == "textbox" || n.Role == "canvas") && n.Name == "" {
			t.Errorf("an unnamed %s in the accessibility tree", n.Role)
		}
	}
	tr.screen("The title")
	tr.click("button", en.T("common.new_game"))
	b.waitState("the new-game screen", 10*time.Second, func(s state) bool { return s.Scene == "newgame" })
	tr.click("radio", "1")
	b.waitFor("level 1 chosen", `document.querySelector('#controls [role=radio][aria-checked=true]') && Array.from(document.querySelectorAll('#controls [role=radio][aria-checked=true]')).some(e => e.textContent === '1')`, 10*time.Second)
	tr.screen("New game")
	tr.click("button", en.T("common.play"))
	st := b.waitState("the game", 30*time.Second, func(s state) bool { return s.Scene == "play" && s.Ply == 0 && s.FEN != "" })
	tr.screen("The game")
	// The questions and scans a player asks before the first move.
	for _, q := range []struct{ line, want string }{
		{"turn", en.T("announce.your_turn")},
		{"p black", "Black, 12 columns"},
		{"s 3", "a3 white"},
		{"s a1-h8", "a1 white, b2 white, c3 white, d4 empty"},
		{"last", en.T("command.no_move_yet")},
		{"flip", en.Side("command.flipped", rules.Black)},
		{"flip", en.Side("command.flipped", rules.White)},
		{"hint", "Hint"},
	} {
		tr.typeLine(q.line)
		b.waitFor("the answer to "+q.line, `window.__said.length > 0 && window.__said[window.__said.length-1].includes(`+jsString(q.want)+`)`, 30*time.Second)
		tr.hear()
	}

	// The game, played to its end: the player's moves chosen by the
	// engine, typed; the computer's answers heard. Undo and redo once on
	// the way.
	engine := ai.NewEngine(ai.Options{Seed: 1})
	for st.Scene == "play" {
		pos, err := rules.ParseFEN(rules.Bashni, st.FEN)
		if err != nil {
			t.Fatal(err)
		}
		m := engine.ChooseMove(context.Background(), []*rules.Position{pos}, 3)
		if m.IsZero() {
			t.Fatalf("no move in %s", st.FEN)
		}
		ply := st.Ply
		tr.typeLine(m.String())
		st = b.waitState("the computer's answer", 90*time.Second, func(s state) bool {
			return s.Scene == "gameover" || (s.Scene == "play" && !s.Thinking && !s.Animating && s.Ply >= ply+2)
		})
		tr.hear()
		if st.Ply == 2 {
			tr.typeLine("last")
			b.waitFor("the last move", `window.__said[window.__said.length-1].startsWith('Black ')`, 10*time.Second)
			tr.hear()
		}
		if st.Ply == 4 {
			tr.typeLine("undo")
			st = b.waitState("the undo", 30*time.Second, func(s state) bool { return s.Scene == "play" && s.Ply == 2 && !s.Animating })
			b.waitFor("the position read", `window.__said[window.__said.length-1].startsWith('White, ')`, 10*time.Second)
			tr.hear()
			tr.typeLine("redo")
			st = b.waitState("the redo", 30*time.Second, func(s state) bool { return s.Scene == "play" && s.Ply == 4 && !s.Animating })
			b.waitFor("the move said again", `window.__said[window.__said.length-1].startsWith('Black ')`, 10*time.Second)
			tr.hear()
		}
	}
	if st.Scene != "gameover" {
		t.Fatalf("no game over after %d plies: %+v", st.Ply, st)
	}
	tr.screen("The game-over card")
	tr.typeLine("board")
	b.waitFor("the board read", `window.__said.length > 0 && window.__said[window.__said.length-1].includes('columns')`, 10*time.Second)
	tr.hear()
	tr.click("button", en.T("common.new_game"))
	b.waitState("the new-game screen", 10*time.Second, func(s state) bool { return s.Scene == "newgame" })
	tr.click("button", en.T("common.play"))
	b.waitState("the rematch", 30*time.Second, func(s state) bool { return s.Scene == "play" && s.Ply == 0 })
	tr.add("")
	tr.add("**The rematch** has begun.")
	tr.typeLine("turn")
	b.waitFor("the answer", `window.__said[window.__said.length-1] === `+jsString(en.T("announce.your_turn")), 10*time.Second)
	tr.hear()

	if path := os.Getenv("BASHNI_TRANSCRIPT"); path != "" {
		head := "# A blind player's game, from the first screen to the next\n\n" +
			"Written by `BASHNI_TRANSCRIPT=$PWD/docs/ACCESS-TRANSCRIPT.md go test -run TestBlindPlayerPlaysAWholeGame ./wasm/browser` " +
			"(headless Chromium, 1280×800, prefers-reduced-motion). The test uses only what a screen reader offers: the controls of " +
			"Chromium's accessibility tree (activated as a screen reader activates them) and the page's command line; " +
			"the lines in italics are what the live region said. The player's moves are chosen by the engine at level 3, " +
			"the opponent is the computer at level 1; the game is played to its end.\n\n"
		if err := os.WriteFile(path, []byte(head+strings.Join(tr.lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
