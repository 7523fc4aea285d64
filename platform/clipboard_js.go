//go:build js

package platform

import (
	"errors"
	"sync"
	"syscall/js"
)

// CtrlVReadsClipboard is false: in the browser Ctrl+V (⌘V) arrives as the
// page's paste event (or as text typed into exp/textinput's text area).
const CtrlVReadsClipboard = false

// browserClipboard uses the page's clipboard: navigator.clipboard for the
// Copy and Paste buttons, and the document's paste event for Ctrl+V/Cmd+V,
// which hands over the text without a permission prompt.
type browserClipboard struct {
	mu     sync.Mutex
	pasted []string
}

// NewClipboard listens to the page's paste events.
func NewClipboard() Clipboard {
	c := &browserClipboard{}
	doc := js.Global().Get("document")
	if !doc.Truthy() {
		return c
	}
	doc.Call("addEventListener", "paste", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) == 0 {
			return nil
		}
		ev := args[0]
		// A paste into Ebitengine's own text area (the focused text field
		// of exp/textinput) arrives as typed text already.
		if t := ev.Get("target"); t.Truthy() {
			if tag := t.Get("tagName"); tag.Type() == js.TypeString && (tag.String() == "TEXTAREA" || tag.String() == "INPUT") {
				return nil
			}
		}
		data := ev.Get("clipboardData")
		if !data.Truthy() {
			return nil
		}
		text := data.Call("getData", "text/plain")
		if text.Type() != js.TypeString || text.String() == "" {
			return nil
		}
		ev.Call("preventDefault")
		c.mu.Lock()
		c.pasted = append(c.pasted, text.String())
		c.mu.Unlock()
		return nil
	}))
	return c
}

func (c *browserClipboard) Tool() string {
	if !clipboardAPI().Truthy() {
		return ""
	}
	return "the browser"
}

func clipboardAPI() js.Value {
	nav := js.Global().Get("navigator")
	if !nav.Truthy() {
		return js.Undefined()
	}
	return nav.Get("clipboard")
}

// promiseJob settles a job from a JavaScript promise.
func promiseJob(p js.Value, text bool) *Job {
	j := &Job{}
	var then, catch js.Func
	release := func() { then.Release(); catch.Release() }
	then = js.FuncOf(func(this js.Value, args []js.Value) any {
		s := ""
		if text && len(args) > 0 && args[0].Type() == js.TypeString {
			s = args[0].String()
		}
		j.finish(s, nil)
		release()
		return nil
	})
	catch = js.FuncOf(func(this js.Value, args []js.Value) any {
		msg := "the browser refused"
		if len(args) > 0 && args[0].Truthy() {
			if m := args[0].Get("message"); m.Type() == js.TypeString && m.String() != "" {
				msg = m.String()
			}
		}
		j.finish("", errors.New(msg))
		release()
		return nil
	})
	p.Call("then", then).Call("catch", catch)
	return j
}

// Copy writes with navigator.clipboard.writeText. Browsers allow it shortly
// after a click or a key press, which is when the game calls it.
func (c *browserClipboard) Copy(text string) (job *Job) {
	api := clipboardAPI()
	if !api.Truthy() || !api.Get("writeText").Truthy() {
		return FailedJob(errors.New("this browser gives no access to the clipboard here (it needs a secure https page)"))
	}
	defer func() {
		if r := recover(); r != nil {
			job = FailedJob(errors.New("the browser refused to copy"))
		}
	}()
	return promiseJob(api.Call("writeText", text), false)
}

// Paste reads with navigator.clipboard.readText; the browser may ask the
// player first, and Firefox offers it only from a paste gesture: Ctrl+V
// (the paste event) always works.
func (c *browserClipboard) Paste() (job *Job) {
	api := clipboardAPI()
	if !api.Truthy() || !api.Get("readText").Truthy() {
		return FailedJob(errors.New("this browser does not let the game read the clipboard: press Ctrl+V (⌘V) instead"))
	}
	defer func() {
		if r := recover(); r != nil {
			job = FailedJob(errors.New("the browser refused to paste: press Ctrl+V (⌘V) instead"))
		}
	}()
	return promiseJob(api.Call("readText"), true)
}

func (c *browserClipboard) Pasted() (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.pasted) == 0 {
		return "", false
	}
	s := c.pasted[0]
	c.pasted = c.pasted[1:]
	return s, true
}
