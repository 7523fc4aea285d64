package settings

import (
	"bashni/launch"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/storage"
)

// settingsApp is an App at 1280×800 with its settings kept in store,
// showing Settings; opts may give the server asked for at start and the
// page's.
func settingsApp(t *testing.T, store *storage.Store, opts scenes.Options) (*scenes.App, *Screen, scenetest.Keys) {
	t.Helper()
	a, kb := scenetest.NewApp(t, store, opts)
	s := New(a)
	scenetest.Show(t, a, s)
	return a, s, kb
}

// screenOf is a's whole screen.
func screenOf(a *scenes.App) scenes.Rect {
	w, h, _ := a.Size()
	return scenes.Rect{W: w, H: h}
}

// typeServer puts text in the online server's field, as typing would
// (the typing itself is package ui's, and needs a running game), and
// presses Save with the keyboard: Tab passes the field, then Save.
func typeServer(t *testing.T, a *scenes.App, s *Screen, kb scenetest.Keys, text string) {
	t.Helper()
	scenetest.FocusOn(t, a, kb, s.online.field.Rect, "the online server's field")
	s.online.field.SetText(text)
	scenetest.FocusOn(t, a, kb, s.online.btnSave.Rect, "Save")
	scenetest.Press(a, kb, ebiten.KeyEnter)
}

// saved is the server address in the settings saved in a's store.
func saved(t *testing.T, a *scenes.App) string {
	t.Helper()
	if err := a.FlushSaves(); err != nil {
		t.Fatal(err)
	}
	st, notice := a.Store().LoadSettings()
	if !notice.IsZero() {
		t.Fatalf("notice: %s", notice)
	}
	return st.OnlineServer
}

// TestOnlineServerSetting: an address typed in Settings is saved and New
// game offers online play at once; a wrong one says what is wrong and
// saves nothing; clearing the field removes the address.
func TestOnlineServerSetting(t *testing.T) {
	a, s, kb := settingsApp(t, storage.OpenMemory(), scenes.Options{})
	cat := a.Text()
	if (a.Server() != "") || a.Server() != "" {
		t.Fatal("online play offered with no server")
	}
	if s.online.statusFor != cat.T("settings_online.hint") {
		t.Errorf("with no server the line says %q", s.online.statusFor)
	}

	for _, tc := range []struct{ typed, says string }{
		{"192.168.1.5:8080", cat.T("settings_online.bad_scheme")},
		{"http://192.168.1.5 :8080", cat.T("settings_online.bad_space")},
		{"https://", cat.T("settings_online.no_host")},
		{"http:///games", cat.T("settings_online.no_host")},
		{"http://192.168.1.5:80a", cat.F("settings_online.bad_address", "Error", `invalid port ":80a" after host`)},
	} {
		typeServer(t, a, s, kb, tc.typed)
		if s.online.err != tc.says || s.online.statusFor != tc.says || !s.online.statusErr {
			t.Errorf("%q: the line says %q (error %v), want %q", tc.typed, s.online.statusFor, s.online.statusErr, tc.says)
		}
		if a.Settings().OnlineServer != "" || a.Server() != "" || (a.Server() != "") {
			t.Errorf("%q was taken as the server", tc.typed)
		}
		if got := saved(t, a); got != "" {
			t.Errorf("%q: %q saved", tc.typed, got)
		}
	}
	// Done with a wrong address stays to show what is wrong.
	scenetest.FocusOn(t, a, kb, s.btnBack.Rect, "Done")
	scenetest.Press(a, kb, ebiten.KeyEnter)
	if a.Shown() != s || a.Settings().OnlineServer != "" || s.online.err == "" {
		t.Fatalf("Done with a wrong address: scene %s, setting %q, error %q", a.Shown().Name(), a.Settings().OnlineServer, s.online.err)
	}

	const addr = "http://192.168.1.5:8080"
	typeServer(t, a, s, kb, " "+addr)
	if s.online.err != "" || a.Settings().OnlineServer != addr || a.Server() != addr {
		t.Fatalf("%q: error %q, setting %q, server %q", addr, s.online.err, a.Settings().OnlineServer, a.Server())
	}
	if s.online.field.Text() != addr || s.online.statusFor != cat.T("settings_online.in_use") {
		t.Errorf("after saving the field holds %q and the line says %q", s.online.field.Text(), s.online.statusFor)
	}
	if !(a.Server() != "") {
		t.Error("New game does not offer online play once a server is saved")
	}
	if got := saved(t, a); got != addr {
		t.Errorf("the settings file holds %q, want %q", got, addr)
	}

	// A phone keyboard's Enter ends the line: the address is applied.
	const other = "https://bashni.example.org"
	s.online.field.SetText(other + "\n")
	_ = a.Update()
	if a.Settings().OnlineServer != other || s.online.field.Text() != other {
		t.Errorf("Enter on a phone: setting %q, field %q", a.Settings().OnlineServer, s.online.field.Text())
	}

	typeServer(t, a, s, kb, "")
	if a.Settings().OnlineServer != "" || a.Server() != "" || (a.Server() != "") {
		t.Errorf("cleared: setting %q, server %q, online offered %v", a.Settings().OnlineServer, a.Server(), (a.Server() != ""))
	}
	if got := saved(t, a); got != "" {
		t.Errorf("cleared, the settings file still holds %q", got)
	}
}

// TestOnlineServerGivenAtStart: a server given at start wins over the
// setting, and Settings show it without a field to type in; the page's own
// server is used only when neither names one.
func TestOnlineServerGivenAtStart(t *testing.T) {
	store := storage.OpenMemory()
	a, s, _ := settingsApp(t, store, scenes.Options{SiteServer: "https://site.example"})
	if a.Server() != "https://site.example" || s.online.statusFor != a.Text().T("settings_online.site") {
		t.Errorf("with only the site's server: server %q, the line says %q", a.Server(), s.online.statusFor)
	}
	st := a.Settings()
	st.OnlineServer = "https://saved.example"
	a.SetSettings(st)
	if a.Server() != "https://saved.example" {
		t.Errorf("the saved server is not used over the site's: %q", a.Server())
	}
	if err := a.FlushSaves(); err != nil {
		t.Fatal(err)
	}

	b, s, _ := settingsApp(t, store, scenes.Options{Launch: launch.Launch{Server: "http://given.example:8080"}, SiteServer: "https://site.example"})
	if b.Server() != "http://given.example:8080" {
		t.Errorf("the server given at start does not win: %q", b.Server())
	}
	if !s.online.given || s.online.field.Text() != "http://given.example:8080" || s.online.statusFor != b.Text().T("settings_online.given_flag") {
		t.Errorf("Settings show %q, %q (given %v)", s.online.field.Text(), s.online.statusFor, s.online.given)
	}
	for _, r := range b.FocusStops() {
		if r == s.online.field.Rect || r == s.online.btnSave.Rect {
			t.Error("the given server's field is a Tab stop")
		}
	}
}
