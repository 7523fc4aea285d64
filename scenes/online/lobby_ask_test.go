//go:build !js

package online

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"bashni/i18n"
	"bashni/internal/testwait"
	"bashni/online/identity"
	"bashni/online/protocol"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
)

// TestUndrawableAsTheServer: the lobby finds the letter the server's
// identity.CheckNewName refuses a name for, and only then.
func TestUndrawableAsTheServer(t *testing.T) {
	for _, tc := range []struct {
		name   string
		letter rune
		script string
	}{
		{"Anna", 0, ""},
		{"Иван_Петров", 0, ""},
		{"Ωμέγα", 0, ""},
		{"김철수", 0, ""},
		{"山田たろう", 0, ""},
		{"e\u0301mile", 0, ""}, // é once in NFC, as the server stores it
		{"สมชาย", 'ส', "thai"},
		{"محمد", 'م', "arabic"},
		{"ანა", 'ა', "georgian"},
		{"ab\U00020BB7", '\U00020BB7', ""}, // 𠮷: in no names font, Han: not named
		{"\u212Bsa", 0, ""},                // the ångström sign: Å in NFC
		{"\uF900山田", 0, ""},                // a compatibility ideograph: 豈 in NFC
		{"\u1100\u1161\u11A8수민", 0, ""},    // conjoining jamo: 각 in NFC
	} {
		r, script, bad := undrawable(tc.name)
		if bad != (tc.letter != 0) || r != tc.letter || script != tc.script {
			t.Errorf("undrawable(%q) = %q %q %v, want %q %q", tc.name, r, script, bad, tc.letter, tc.script)
		}
		_, _, err := identity.CheckNewName(tc.name)
		var pe *protocol.Error
		if refused := errors.As(err, &pe) && pe.Code == protocol.ErrBadName; refused != bad {
			t.Errorf("%q: the server refuses it: %v (%v), the lobby finds a letter: %v", tc.name, refused, err, bad)
		}
	}
}

// connectedLobby is a lobby in lang connected to a real server (through
// the gate, open or not yet), and a step of its game loop.
func connectedLobby(t *testing.T, lang i18n.Lang, url string) (*scenes.App, *Lobby, func()) {
	t.Helper()
	cat, err := i18n.Load(lang)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := scenetest.NewApp(t, nil, scenes.Options{SiteServer: url, Text: cat})
	const w, h = 390, 844
	a.Resize(w, h, 1)
	l := NewLobby(a)
	t.Cleanup(l.leave)
	l.Layout(a, w, h, 1)
	return a, l, func() { a.StepScene(l, ui.Pointer{}) }
}

// tapOn taps the middle of r on the lobby.
func tapOn(a *scenes.App, l *Lobby, r scenes.Rect) {
	x, y := r.X+r.W/2, r.Y+r.H/2
	a.StepScene(l, ui.Pointer{X: x, Y: y, Valid: true, Touch: true, Down: true, Pressed: true})
	a.StepScene(l, ui.Pointer{X: x, Y: y, Valid: true, Touch: true, Released: true})
}

// TestLobbyNamesTheLetter: a name typed with a letter the game cannot
// draw is refused with that letter and its script, in the player's
// language, on the status line and in the name field's state in the
// page's mirror, not with the generic words of a bad name.
func TestLobbyNamesTheLetter(t *testing.T) {
	_, url, gate, _ := gatedServer(t)
	close(gate)
	for _, tc := range []struct {
		lang   i18n.Lang
		name   string
		letter string
		script string
	}{
		{i18n.English, "สมชาย", "ส", "lobby.script_thai"},
		{i18n.Japanese, "สมชาย", "ส", "lobby.script_thai"},
		{i18n.Russian, "محمد", "م", "lobby.script_arabic"},
		{i18n.Korean, "محمد", "م", "lobby.script_arabic"},
	} {
		t.Run(tc.lang.Code()+" "+tc.name, func(t *testing.T) {
			a, l, step := connectedLobby(t, tc.lang, url)
			testwait.Wait{Step: step, Failed: func() string { return l.status }}.For(t, "the lobby connected", func() bool { return l.acct != nil && !l.busy })
			l.nameField.SetText(tc.name)
			tapOn(a, l, l.btnSaveName.Rect)
			testwait.Wait{Step: step, Failed: func() string { return l.status }}.For(t, "the name answered", func() bool { return !l.busy && l.status != "" })
			cat := a.Text()
			want := cat.F("lobby.bad_letter_script", "Letter", tc.letter, "Script", cat.T(tc.script))
			if l.status != want || !l.isErr {
				t.Fatalf("the status says %q (error %v), want %q", l.status, l.isErr, want)
			}
			if st := l.nameRefused.state(l.nameField, ""); !st.Refused || st.Note != want {
				t.Errorf("the name field's state %+v, want refused with %q", st, want)
			}
			if l.me.Name != "" {
				t.Errorf("the name %q was saved", l.me.Name)
			}
		})
	}
}

// TestLobbyTapWhileConnecting: a quick pairing tapped while the lobby is
// still connecting is not lost: it opens the seek once connected.
func TestLobbyTapWhileConnecting(t *testing.T) {
	_, url, gate, _ := gatedServer(t)
	a, l, step := connectedLobby(t, i18n.English, url)
	if !l.busy {
		t.Fatal("the lobby is not connecting")
	}
	tapOn(a, l, l.quick[1].Rect)
	close(gate)
	testwait.Wait{Step: step, Failed: func() string { return fmt.Sprintf("status %q", l.status) }}.For(t, "the lobby connected, idle", func() bool {
		return l.acct != nil && !l.busy
	})
	if l.seekAt.IsZero() || l.status != a.Text().F("lobby.seeking", "Game", gameWords(a, l.waiting.Variant, l.waiting.Clock, l.waiting.Rated)) {
		t.Fatalf("after connecting: no seek open (status %q)", l.status)
	}
}

// TestLobbyCancelWhileSeeking: "cancel" typed while a seek is being
// opened withdraws that seek once it is open (the list did not have it
// yet when cancel was asked for).
func TestLobbyCancelWhileSeeking(t *testing.T) {
	_, url, gate, _ := gatedServer(t)
	close(gate)
	a, l, step := connectedLobby(t, i18n.English, url)
	idle := func() bool { return l.acct != nil && !l.busy }
	failed := func() string { return fmt.Sprintf("status %q", l.status) }
	testwait.Wait{Step: step, Failed: failed}.For(t, "the lobby connected", idle)
	l.PageCommand(a, "seek 5+3 bashni")
	if !l.busy {
		t.Fatal("the seek was not asked for")
	}
	l.PageCommand(a, "cancel")
	testwait.Wait{Step: step, Failed: failed}.For(t, "the seek opened, then the cancel", idle)
	if ids := l.acct.MySeeks(); len(ids) != 0 || !l.seekAt.IsZero() || l.isErr {
		t.Fatalf("after the cancel: own seeks %v, waiting since %v, status %q", ids, l.seekAt, l.status)
	}
	// The server's list, as the lobby's pushes tell it, is empty: the
	// seek was withdrawn, not only forgotten here.
	testwait.Wait{Step: step, Failed: func() string { return fmt.Sprintf("%+v", l.view.Seeks) }}.For(t, "no seek listed", func() bool {
		return l.view.Version > 0 && len(l.view.Seeks) == 0
	})
}

// TestLobbySecondSeekSaysBusy: a second seek asked for while the first
// is on its way is not made twice: the player is told to wait, and that
// is no longer said once the request has ended. An action of another
// kind asked for meanwhile waits and runs then.
func TestLobbySecondSeekSaysBusy(t *testing.T) {
	a, l, step := connectedLobby(t, i18n.English, "http://127.0.0.1:1") // nothing listens: the connection fails at once
	testwait.Wait{Step: step}.For(t, "the failed connection ended", func() bool { return !l.busy })
	release := make(chan struct{})
	ran := 0
	l.do(a, actSeek, func(ctx context.Context) error { <-release; return nil }, func(l *Lobby, err error) { ran++ })
	l.quickPair(a, 1)
	busy := a.Text().T("lobby.busy")
	if l.status != busy || l.pending != nil {
		t.Fatalf("a second seek on the way of the first: status %q, an action waiting: %v", l.status, l.pending != nil)
	}
	waited := 0
	if !l.later(a, actCancel, func(l *Lobby) { waited++ }) {
		t.Fatal("a cancel asked for while a seek is on its way does not wait")
	}
	close(release)
	testwait.Wait{Step: step}.For(t, "the seek's end", func() bool { return !l.busy && ran == 1 })
	if waited != 1 || l.pending != nil {
		t.Errorf("the waiting action ran %d times (still waiting: %v), want once", waited, l.pending != nil)
	}
	if l.status == busy {
		t.Error("still says it is busy after the request ended")
	}
}
