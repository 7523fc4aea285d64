package platform

import (
	"errors"
	"sync"
)

// Clipboard copies text to the system clipboard and reads it back. Ebitengine
// has no clipboard API: the desktop build runs the platform's clipboard tool
// (clipboard_desktop.go), the browser build uses navigator.clipboard and the
// page's paste event (clipboard_js.go). Every call returns at once; the
// answer arrives in a Job that the scene polls from Update.
type Clipboard interface {
	// Copy puts text on the clipboard.
	Copy(text string) *Job
	// Paste reads the clipboard's text.
	Paste() *Job
	// Pasted returns text the player pasted into the page (the browser's
	// paste event, Ctrl+V/Cmd+V) since the last call; the desktop build
	// has none (Ctrl+V there is read with Paste).
	Pasted() (string, bool)
	// Tool names what does the work ("xclip", "the browser"), or "" when
	// nothing can: then Copy and Paste fail with ErrNoClipboard.
	Tool() string
}

// ErrNoClipboard is what Copy and Paste answer when no clipboard is
// reachable; its text is shown to the player as it is.
var ErrNoClipboard = errors.New("no clipboard tool is available here")

// Job is one clipboard request. Ready reports once it is finished; then
// Text (for a paste) and Err are set and do not change.
type Job struct {
	mu   sync.Mutex
	done bool
	text string
	err  error
}

// finish records the answer; only the first call counts.
func (j *Job) finish(text string, err error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.done {
		return
	}
	j.done, j.text, j.err = true, text, err
}

// Ready reports whether the answer is in; then it returns it.
func (j *Job) Ready() (ready bool, text string, err error) {
	if j == nil {
		return false, "", nil
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.done, j.text, j.err
}

// Result returns a finished job's answer without waiting (empty for one
// not finished).
func (j *Job) Result() (string, error) {
	_, text, err := j.Ready()
	return text, err
}

// FailedJob is a job that failed at once with err.
func FailedJob(err error) *Job {
	j := &Job{}
	j.finish("", err)
	return j
}

// Memory is a clipboard that keeps the text in memory (tests).
type Memory struct {
	mu   sync.Mutex
	text string
}

// Copy keeps text.
func (m *Memory) Copy(text string) *Job {
	m.mu.Lock()
	m.text = text
	m.mu.Unlock()
	j := &Job{}
	j.finish("", nil)
	return j
}

// Paste returns the text kept.
func (m *Memory) Paste() *Job {
	m.mu.Lock()
	defer m.mu.Unlock()
	j := &Job{}
	j.finish(m.text, nil)
	return j
}

// Pasted reports nothing: nothing is pasted into a page.
func (m *Memory) Pasted() (string, bool) { return "", false }

// Tool is "memory".
func (m *Memory) Tool() string { return "memory" }

// clipCommand is a program that copies (reads text on stdin) or pastes
// (writes the clipboard on stdout).
type clipCommand struct {
	Name string
	Args []string
}

// clipCommands chooses the clipboard tools for a platform: goos as in
// runtime.GOOS, getenv and lookPath as os.Getenv and exec.LookPath (tests
// pass fakes). ok is false when no tool is installed; hint then says what
// to install.
func clipCommands(goos string, getenv func(string) string, lookPath func(string) (string, error)) (copyCmd, pasteCmd clipCommand, ok bool, hint string) {
	has := func(name string) bool { _, err := lookPath(name); return err == nil }
	type pair struct{ copy, paste clipCommand }
	var candidates []pair
	switch goos {
	case "darwin":
		candidates = []pair{{clipCommand{"pbcopy", nil}, clipCommand{"pbpaste", nil}}}
		hint = "pbcopy and pbpaste are missing"
	case "windows":
		candidates = []pair{
			{clipCommand{"powershell.exe", []string{"-NoProfile", "-NonInteractive", "-Command", "$input | Set-Clipboard"}},
				clipCommand{"powershell.exe", []string{"-NoProfile", "-NonInteractive", "-Command", "Get-Clipboard -Raw"}}},
			{clipCommand{"clip.exe", nil}, clipCommand{"powershell.exe", []string{"-NoProfile", "-NonInteractive", "-Command", "Get-Clipboard -Raw"}}},
		}
		hint = "PowerShell is missing"
	default: // Linux and the BSDs
		if getenv("WAYLAND_DISPLAY") != "" {
			candidates = append(candidates, pair{clipCommand{"wl-copy", nil}, clipCommand{"wl-paste", []string{"--no-newline"}}})
		}
		if getenv("DISPLAY") != "" {
			candidates = append(candidates,
				pair{clipCommand{"xclip", []string{"-selection", "clipboard", "-in"}}, clipCommand{"xclip", []string{"-selection", "clipboard", "-out"}}},
				pair{clipCommand{"xsel", []string{"--clipboard", "--input"}}, clipCommand{"xsel", []string{"--clipboard", "--output"}}})
		}
		switch {
		case getenv("WAYLAND_DISPLAY") == "" && getenv("DISPLAY") == "":
			hint = "no display to share a clipboard with"
		case getenv("WAYLAND_DISPLAY") != "":
			hint = "install wl-clipboard, xclip or xsel"
		default:
			hint = "install xclip or xsel"
		}
	}
	for _, c := range candidates {
		if has(c.copy.Name) && has(c.paste.Name) {
			return c.copy, c.paste, true, ""
		}
	}
	return clipCommand{}, clipCommand{}, false, hint
}
