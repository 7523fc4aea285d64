package platform

import (
	"errors"
	"slices"
	"testing"
)

func TestClipboardCommandSelection(t *testing.T) {
	cases := []struct {
		name      string
		goos      string
		env       map[string]string
		installed []string
		copy      string
		paste     []string
		ok        bool
	}{
		{"Wayland with wl-clipboard", "linux", map[string]string{"WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"}, []string{"wl-copy", "wl-paste", "xclip"}, "wl-copy", []string{"wl-paste", "--no-newline"}, true},
		{"Wayland without wl-clipboard, XWayland xclip", "linux", map[string]string{"WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"}, []string{"xclip"}, "xclip", []string{"xclip", "-selection", "clipboard", "-out"}, true},
		{"X11 with xsel only", "linux", map[string]string{"DISPLAY": ":0"}, []string{"xsel", "wl-copy", "wl-paste"}, "xsel", []string{"xsel", "--clipboard", "--output"}, true},
		{"X11 without tools", "linux", map[string]string{"DISPLAY": ":0"}, nil, "", nil, false},
		{"no display", "freebsd", nil, []string{"xclip"}, "", nil, false},
		{"macOS", "darwin", nil, []string{"pbcopy", "pbpaste"}, "pbcopy", []string{"pbpaste"}, true},
		{"Windows", "windows", nil, []string{"powershell.exe", "clip.exe"}, "powershell.exe", []string{"powershell.exe", "-NoProfile", "-NonInteractive", "-Command", "Get-Clipboard -Raw"}, true},
		{"Windows with clip.exe only", "windows", nil, []string{"clip.exe"}, "", nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			getenv := func(k string) string { return c.env[k] }
			look := func(name string) (string, error) {
				if slices.Contains(c.installed, name) {
					return "/usr/bin/" + name, nil
				}
				return "", errors.New("not found")
			}
			cp, ps, ok, hint := clipCommands(c.goos, getenv, look)
			if ok != c.ok {
				t.Fatalf("ok %v, want %v (hint %q)", ok, c.ok, hint)
			}
			if !ok {
				if hint == "" {
					t.Error("no hint for the player")
				}
				return
			}
			if cp.Name != c.copy || !slices.Equal(append([]string{ps.Name}, ps.Args...), c.paste) {
				t.Errorf("copy %v paste %v", cp, ps)
			}
		})
	}
}

func TestClipJobs(t *testing.T) {
	var none *Job
	if ready, _, _ := none.Ready(); ready {
		t.Fatal("a nil job is never ready")
	}
	m := &Memory{}
	if ready, _, err := m.Copy("abc").Ready(); !ready || err != nil {
		t.Fatal("copy")
	}
	if ready, text, err := m.Paste().Ready(); !ready || err != nil || text != "abc" {
		t.Fatalf("paste %q %v %v", text, err, ready)
	}
	if ready, _, err := FailedJob(ErrNoClipboard).Ready(); !ready || !errors.Is(err, ErrNoClipboard) {
		t.Fatal("a failed job")
	}
}
