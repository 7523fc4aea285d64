//go:build !js

package platform

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"bashni/internal/testwait"
)

func TestSpeechCommands(t *testing.T) {
	tests := []struct {
		goos      string
		installed []string
		want      string
		ok        bool
		lines     bool
	}{
		{"linux", []string{"spd-say", "espeak-ng"}, "spd-say", true, false},
		{"linux", []string{"espeak-ng"}, "espeak-ng", true, false},
		{"linux", []string{"espeak"}, "espeak", true, false},
		{"linux", nil, "", false, false},
		{"freebsd", []string{"espeak"}, "espeak", true, false},
		{"darwin", []string{"say"}, "say", true, false},
		{"darwin", nil, "", false, false},
		{"windows", []string{"powershell.exe"}, "powershell.exe", true, true},
		{"windows", nil, "", false, false},
	}
	for _, tt := range tests {
		lookPath := func(name string) (string, error) {
			for _, n := range tt.installed {
				if n == name {
					return "/usr/bin/" + name, nil
				}
			}
			return "", errors.New("not found")
		}
		cmd, ok, hint := speechCommands(tt.goos, lookPath)
		if cmd.Name != tt.want || ok != tt.ok || cmd.Lines != tt.lines {
			t.Errorf("%s with %v: got %q ok=%v lines=%v, want %q ok=%v lines=%v", tt.goos, tt.installed, cmd.Name, ok, cmd.Lines, tt.want, tt.ok, tt.lines)
		}
		if !ok && hint == "" {
			t.Errorf("%s with %v: no tool and no hint", tt.goos, tt.installed)
		}
	}
}

func TestSpeechArgv(t *testing.T) {
	tests := []struct {
		cmd        speechCommand
		text, lang string
		want       []string
	}{
		{speechCommand{Name: "spd-say", LangFlag: "-l"}, "White c3 to d4.", "ru", []string{"-l", "ru", "White c3 to d4."}},
		{speechCommand{Name: "spd-say", LangFlag: "-l"}, "White c3 to d4.", "", []string{"White c3 to d4."}},
		{speechCommand{Name: "say"}, "--rate 1", "en", []string{"rate 1"}},
	}
	for _, tt := range tests {
		if got := tt.cmd.argv(tt.text, tt.lang); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s %q %q: %q, want %q", tt.cmd.Name, tt.text, tt.lang, got, tt.want)
		}
	}
}

func TestSpeechWanted(t *testing.T) {
	for v, want := range map[string][2]bool{"": {false, false}, "1": {true, true}, " On ": {true, true}, "0": {false, true}, "off": {false, true}, "maybe": {false, false}} {
		if on, forced := speechWanted(v); on != want[0] || forced != want[1] {
			t.Errorf("BASHNI_SPEAK=%q: on=%v forced=%v, want %v", v, on, forced, want)
		}
	}
}

// fakeVoice writes a shell script that stands in for a speech tool: it
// appends what it is asked to say to a file, one utterance a line.
func fakeVoice(t *testing.T, lines bool) (speechCommand, string) {
	t.Helper()
	dir := t.TempDir()
	heard := filepath.Join(dir, "heard")
	script := filepath.Join(dir, "voice")
	body := "#!/bin/sh\necho \"$*\" >> " + heard + "\n"
	if lines {
		body = "#!/bin/sh\nwhile IFS= read -r l; do echo \"$l\" >> " + heard + "; done\n"
	}
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return speechCommand{Name: script, LangFlag: "-l", Lines: lines}, heard
}

// waitHeard waits until the voice has said n utterances and returns them.
func waitHeard(t *testing.T, file string, n int) []string {
	t.Helper()
	var b []byte
	var got []string
	testwait.Wait{Every: 10 * time.Millisecond, Failed: func() string { return fmt.Sprintf("the voice said %q", b) }}.For(t, fmt.Sprintf("%d utterances", n), func() bool {
		b, _ = os.ReadFile(file)
		got = strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		return len(b) > 0 && len(got) >= n
	})
	return got
}

func TestSpeakerSaysInOrder(t *testing.T) {
	for _, lines := range []bool{false, true} {
		cmd, heard := fakeVoice(t, lines)
		s := newSpeaker(cmd, func() string { return "ru" })
		s.failed = func(err error) { t.Errorf("the voice failed: %v", err) }
		s.say("White c3 to d4.")
		s.say("Black b6\ntakes  c5.") // one line, spaces folded
		s.say("   ")                  // nothing to say
		got := waitHeard(t, heard, 2)
		want := []string{"-l ru White c3 to d4.", "-l ru Black b6 takes c5."}
		if lines {
			want = []string{"White c3 to d4.", "Black b6 takes c5."}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("lines=%v: the voice said %q, want %q", lines, got, want)
		}
	}
}

// A voice that falls behind loses the oldest words, and the game that
// speaks never waits for it.
func TestSpeakerDropsTheOldest(t *testing.T) {
	dir := t.TempDir()
	gate := filepath.Join(dir, "gate")
	heard := filepath.Join(dir, "heard")
	script := filepath.Join(dir, "voice")
	// The voice stays silent until the gate opens.
	body := "#!/bin/sh\nwhile [ ! -e " + gate + " ]; do sleep 0.01; done\necho \"$*\" >> " + heard + "\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	s := newSpeaker(speechCommand{Name: script}, func() string { return "" })
	const said = 200
	for i := range said {
		s.say("move " + string(rune('A'+i%26)) + strings.Repeat("!", i/26))
	}
	if err := os.WriteFile(gate, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// At most the one being spoken and a full queue are heard, and the
	// last one is among them.
	last := "move " + string(rune('A'+(said-1)%26)) + strings.Repeat("!", (said-1)/26)
	var got []string
	testwait.Wait{Every: 10 * time.Millisecond, Failed: func() string { return fmt.Sprintf("it said %q", got) }}.For(t, "the last words", func() bool {
		b, _ := os.ReadFile(heard)
		got = strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		return len(b) > 0 && got[len(got)-1] == last
	})
	if len(got) > speakerQueue+1 {
		t.Errorf("the voice said %d utterances, want at most %d", len(got), speakerQueue+1)
	}
}

// A Lines voice that dies is started again for the next words.
func TestSpeakerRestartsADeadVoice(t *testing.T) {
	dir := t.TempDir()
	heard := filepath.Join(dir, "heard")
	script := filepath.Join(dir, "voice")
	// This voice says one line and exits.
	body := "#!/bin/sh\nIFS= read -r l; echo \"$l\" >> " + heard + "\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	s := newSpeaker(speechCommand{Name: script, Lines: true}, func() string { return "" })
	for _, w := range []string{"one", "two", "three"} {
		s.say(w)
		// Each line after the first finds the voice dead (a failed write)
		// or about to die; say it until it is heard.
		deadline := time.Now().Add(time.Minute)
		for {
			b, _ := os.ReadFile(heard)
			if strings.Contains(string(b), w+"\n") {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%q never heard: %q", w, b)
			}
			time.Sleep(20 * time.Millisecond)
			if len(s.queue) == 0 {
				s.say(w)
			}
		}
	}
}

// The desktop's own speaker, as the game uses it: BASHNI_SPEAK=1 with a
// speech tool on the PATH (the stand-in voice, named as the real one).
func TestDesktopSpeaks(t *testing.T) {
	// The desktop's speaker is made once a process; the test starts from
	// none (with -count=N it runs again in the same process) and leaves none.
	reset := func() {
		desktopSpeech.once = sync.Once{}
		desktopSpeech.speaker, desktopSpeech.decided = nil, nil
		desktopSpeech.on, desktopSpeech.why = false, ""
	}
	reset()
	t.Cleanup(reset)
	dir := t.TempDir()
	heard := filepath.Join(dir, "heard")
	name := map[string]string{"darwin": "say", "windows": "powershell.exe"}[runtime.GOOS]
	if name == "" {
		name = "spd-say"
	}
	if runtime.GOOS == "windows" {
		t.Fatal("the stand-in voice is a shell script: run this test on Linux or macOS")
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\necho \"$*\" >> "+heard+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	t.Setenv("BASHNI_SPEAK", "1")
	SetSpeechLanguage("ja")
	Speak("白 c3 から d4。")
	if on, why := Speaking(); !on {
		t.Fatalf("not speaking: %s", why)
	}
	want := "白 c3 から d4。"
	if runtime.GOOS != "darwin" {
		want = "-l ja " + want
	}
	if got := waitHeard(t, heard, 1); got[0] != want {
		t.Errorf("the voice said %q, want %q", got[0], want)
	}
}
