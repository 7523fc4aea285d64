//go:build !js && !android && !ios

package platform

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
)

// On the desktop the game has no accessibility tree to give a screen
// reader (Ebitengine draws into one window), so what the page puts in its
// live region is spoken here by the system's own speech tool (issue 22):
// speech-dispatcher (spd-say) or eSpeak on Linux, say on macOS, Windows'
// speech synthesizer through PowerShell. It speaks only when a screen
// reader is running (Orca, VoiceOver, Narrator, NVDA or JAWS as Windows
// reports it) or BASHNI_SPEAK=1 asks for it; BASHNI_SPEAK=0 silences it.

var (
	desktopSpeech struct {
		once    sync.Once
		speaker *speaker      // queues from the first Speak on
		decided chan struct{} // closed once on and why are known
		on      bool
		why     string // why not, for Settings
	}
	speechLang atomic.Value // string: the game's language
)

// startSpeech makes the desktop's speaker at the first call and decides,
// on its own goroutine, whether it speaks: asking the system for a screen
// reader runs a tool, which must not hold up a frame. Words said meanwhile
// wait in the queue.
func startSpeech() *speaker {
	desktopSpeech.once.Do(func() {
		s := &speaker{queue: make(chan string, speakerQueue), lang: func() string {
			lang, _ := speechLang.Load().(string)
			return lang
		}}
		desktopSpeech.speaker = s
		desktopSpeech.decided = make(chan struct{})
		go func() {
			cmd, why := chooseSpeech()
			desktopSpeech.on, desktopSpeech.why = why == "", why
			close(desktopSpeech.decided)
			if why == "" {
				s.cmd = cmd
				s.run()
			}
			// Not speaking: the queue fills and say drops the oldest.
		}()
	})
	return desktopSpeech.speaker
}

// chooseSpeech returns the speech tool to use, or why the desktop does not
// speak.
func chooseSpeech() (speechCommand, string) {
	on, forced := speechWanted(os.Getenv("BASHNI_SPEAK"))
	if !forced {
		on = ScreenReaderRunning()
	}
	if !on {
		return speechCommand{}, "no screen reader is running (BASHNI_SPEAK=1 speaks anyway)"
	}
	cmd, ok, hint := speechCommands(runtime.GOOS, exec.LookPath)
	if !ok {
		return speechCommand{}, hint
	}
	return cmd, ""
}

// speechWanted reads BASHNI_SPEAK: forced is false when it does not say.
func speechWanted(v string) (on, forced bool) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "1", "on", "yes", "true":
		return true, true
	case "0", "off", "no", "false":
		return false, true
	}
	return false, false
}

// Speak says text with the system's speech tool when the desktop speaks
// (see above). It never blocks the game: the words wait in a short queue,
// and when the tool falls behind the oldest are dropped.
func Speak(text string) { startSpeech().say(text) }

// SetSpeechLanguage sets the language (a BCP 47 tag such as "ru") the
// speech tool reads the game's words in.
func SetSpeechLanguage(tag string) { speechLang.Store(tag) }

// Speaking reports whether the desktop speaks, and if not, why not.
// It waits for the system's answer (at most a few seconds, once).
func Speaking() (bool, string) {
	startSpeech()
	<-desktopSpeech.decided
	return desktopSpeech.on, desktopSpeech.why
}

// SpeaksFocus: the desktop says the screens' names and the focused
// controls (the shell's announcer), having no accessibility tree to give.
const SpeaksFocus = true

// SpeakingNow is Speaking without waiting: known is false until the
// system has answered (a screen shows "on" or "off" once it knows).
func SpeakingNow() (on, known bool) {
	startSpeech()
	select {
	case <-desktopSpeech.decided:
		return desktopSpeech.on, true
	default:
		return false, false
	}
}
