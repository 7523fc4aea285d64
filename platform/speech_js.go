//go:build js

package platform

import (
	"sync"
	"syscall/js"
)

// The page's screen-reader hooks (issue 12): the game says what happens
// (Speak: the page puts it in its aria-live region) and reads the lines
// typed into the page's command line (Commands). Outside a page Speak does
// nothing and no lines come.

// commandQueue holds the lines the page's command line sent, for the game
// loop to take; the page calls in from its own event loop.
type commandQueue struct {
	mu    sync.Mutex
	lines []string
}

func (q *commandQueue) push(s string) {
	q.mu.Lock()
	q.lines = append(q.lines, s)
	q.mu.Unlock()
}

// take appends the waiting lines to dst and empties the queue.
func (q *commandQueue) take(dst []string) []string {
	q.mu.Lock()
	dst = append(dst, q.lines...)
	q.lines = q.lines[:0]
	q.mu.Unlock()
	return dst
}

// page is the queue of the page's command line; js.FuncOf registers its
// receiver once (window.bashniCommand), the first time Commands is asked.
var (
	page       commandQueue
	pageHooked bool
)

// Speak hands text to the page's live region (window.bashniSpeak in
// wasm/web/index.html), which a screen reader reads out.
func Speak(text string) {
	if f := js.Global().Get("bashniSpeak"); f.Type() == js.TypeFunction {
		f.Invoke(text)
	}
}

// Commands appends the lines typed into the page's command line since the
// last call to dst. The first call installs window.bashniCommand(line),
// which the page calls on Enter.
func Commands(dst []string) []string {
	if !pageHooked {
		pageHooked = true
		js.Global().Set("bashniCommand", js.FuncOf(func(_ js.Value, args []js.Value) any {
			if len(args) > 0 && args[0].Type() == js.TypeString {
				page.push(args[0].String())
			}
			return nil
		}))
	}
	return page.take(dst)
}

// LabelCommandLine gives the page's command line its placeholder and
// accessible name (the prompt, in the player's language).
func LabelCommandLine(label string) {
	if el := js.Global().Get("document").Call("getElementById", "command"); el.Truthy() {
		el.Set("placeholder", label)
		el.Call("setAttribute", "aria-label", label)
	}
}

// FocusCommandLine moves the keyboard to the page's command line (the
// game's `/` in a browser); it reports whether the page has one.
func FocusCommandLine() bool {
	el := js.Global().Get("document").Call("getElementById", "command")
	if !el.Truthy() {
		return false
	}
	el.Call("focus")
	return true
}

// SetSpeechLanguage does nothing in a page: the page's lang attribute
// tells the screen reader the language of the live region.
func SetSpeechLanguage(string) {}

// Speaking is true in a page: its live region is always there.
func Speaking() (bool, string) { return true, "" }

// SpeaksFocus is false in a page: the screen reader reads the mirrored
// controls (mirror_js.go) and their focus itself.
const SpeaksFocus = false

// SpeakingNow: a page always speaks through its live region.
func SpeakingNow() (on, known bool) { return true, true }
