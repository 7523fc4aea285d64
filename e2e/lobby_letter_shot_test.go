package e2e

import (
	"strings"
	"testing"

	"bashni/i18n"
	"bashni/online/server"
	"bashni/scenes/home"
	"bashni/scenes/newgame"
	"bashni/scenes/online"
)

// TestLobbyBadLetterScreenshot shows the lobby on an upright phone in
// Japanese after a Thai name was typed and saved: the status under the
// name card names the letter and its script, and speech says it, into
// BASHNI_SCREENSHOTS (docs/lobby-bad-letter-ja-390x844.png):
//
//	BASHNI_SCREENSHOTS=$PWD/docs xvfb-run -a -s "-screen 0 1280x1024x24" go test ./e2e -run TestLobbyBadLetterScreenshot
func TestLobbyBadLetterScreenshot(t *testing.T) {
	dir := screenshotDir(t)
	base := onlineServerWith(t, nil, server.Config{})
	const w, h = 390, 844
	lang := i18n.Japanese
	cat := i18n.New(lang)
	tools, said := fakeSpeech(t)
	g := startIn(t, w, h, guestEnv{path: tools}, "-server", base, "-mute", "-seed", "3", "-lang", lang.Code())
	defer g.close()
	g.ticks(20)
	g.click(mid(home.TitleLayoutOnline(w, h, 1, false, true).NewGame))
	g.ticks(30)
	g.click(mid(newgame.OnlineButton(newgame.Layout(w, h, 1), 1)))
	counts := strings.SplitN(cat.F("lobby.counts", "Players", "\x00", "Games", "\x00"), "\x00", 2)[0]
	g.until("the lobby", func() bool { return strings.Contains(heard(said), counts) })
	lr := online.LobbyLayout(w, h, 1)
	g.click(mid(lr.Name))
	g.typeText("สมชาย")
	g.ticks(5)
	g.click(mid(lr.SaveName))
	want := cat.F("lobby.bad_letter_script", "Letter", "ส", "Script", cat.T("lobby.script_thai"))
	g.until("the letter and its script said", func() bool { return strings.Contains(heard(said), want) })
	g.ticks(30)
	g.shot(dir, "lobby-bad-letter-ja")
}
