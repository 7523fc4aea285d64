package browser

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"bashni/access"
	"bashni/i18n"
	"bashni/rules"
)

// liveText is what the page's live region holds (every announcement so
// far, one paragraph each).
func (b *browser) liveText() string {
	b.t.Helper()
	var s string
	b.eval(`document.getElementById('live').textContent`, &s)
	return s
}

// typeCommand types a line into the page's command line and sends it with
// Enter, as a keyboard or a screen reader's user does.
func (b *browser) typeCommand(line string) {
	b.t.Helper()
	b.run(chromedp.Focus("#command", chromedp.ByID), chromedp.SendKeys("#command", line+"\r", chromedp.ByID))
}

// TestCommandLineAndLiveRegion plays by typing into the page's command
// line (a capture in its short form) and reads back from the live region
// the announcement of the move, the computer's answer, the answer to a
// question and the engine's words for an illegal move.
func TestCommandLineAndLiveRegion(t *testing.T) {
	srv := startServer(t)
	defer srv.stop()
	b := newBrowser(t, desktop)
	const fen = "W:Wc3,e1:Bd4,f6,d6,a7,h8:H0:F12"
	b.open(srv.url("?seed=3&level=1&fen=" + url.QueryEscape(fen)))
	st := b.settled("the position", func(s state) bool { return s.Ply == 0 })
	en := i18n.New(i18n.English)

	var label string
	b.eval(`document.getElementById('command').getAttribute('aria-label')`, &label)
	if label != en.T("command.prompt") {
		t.Errorf("the command line's label is %q, want the prompt %q", label, en.T("command.prompt"))
	}

	b.typeCommand("c3:g7")
	st = b.settled("the typed capture and the answer", func(s state) bool { return s.Ply == 2 })
	if st.Moves[0] != "c3:e5:g7" {
		t.Fatalf("typed c3:g7, the game played %v", st.Moves)
	}
	p, err := rules.ParseFEN(rules.Bashni, fen)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := p.ParseMove("c3:e5:g7")
	after := p.Play(m)
	want := access.Announce(en, access.Announcement{Before: p, Move: m, After: after, You: rules.White, YouPlay: true})
	if !strings.HasPrefix(want, "White c3 takes d4, f6, lands on g7. Column of 3.") {
		t.Fatalf("access says %q", want)
	}
	b.waitFor("the capture announced", `document.getElementById('live').textContent.includes(`+jsString(want)+`)`, 10*time.Second)
	answer, err := after.ParseMove(st.Moves[1])
	if err != nil {
		t.Fatal(err)
	}
	now := after.Play(answer)
	want = access.Announce(en, access.Announcement{Before: after, Move: answer, After: now, You: rules.White, YouPlay: true})
	b.waitFor("the computer's answer announced", `document.getElementById('live').textContent.includes(`+jsString(want)+`)`, 10*time.Second)
	if !strings.HasPrefix(want, "Black ") || !strings.HasSuffix(want, "Your move.") {
		t.Errorf("the answer's announcement: %q", want)
	}

	b.typeCommand("board")
	want = access.Board(en, now, rules.Outcome{})
	b.waitFor("the board read out", `document.getElementById('live').textContent.includes(`+jsString(want)+`)`, 10*time.Second)

	b.typeCommand("a1-b2")
	_, perr := now.ParseMove("a1-b2")
	want = en.Error(perr)
	b.waitFor("the engine's error", `document.getElementById('live').textContent.includes(`+jsString(want)+`)`, 10*time.Second)
	if st := b.state(); st.Ply != 2 {
		t.Errorf("an illegal typed move changed the game: ply %d", st.Ply)
	}
	t.Logf("live region:\n%s", b.liveText())
}

// TestReducedMotionFromThePage: a browser that asks for reduced motion
// (prefers-reduced-motion: reduce, emulated) gets moves without motion
// when the player has not chosen; one that does not, gets motion.
func TestReducedMotionFromThePage(t *testing.T) {
	srv := startServer(t)
	defer srv.stop()
	for _, reduce := range []bool{true, false} {
		b := newBrowser(t, desktop)
		value := "no-preference"
		if reduce {
			value = "reduce"
		}
		b.run(emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: value}}))
		b.open(srv.url("?mute=1"))
		var got bool
		b.eval(`window.bashni.reducedMotion`, &got)
		if got != reduce {
			t.Errorf("prefers-reduced-motion: %s: the game's reduced motion is %v", value, got)
		}
	}
}
