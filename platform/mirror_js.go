//go:build js

package platform

import (
	"sync"
	"sync/atomic"
	"syscall/js"
)

// The page's mirror of the controls (issue 22): publish hands the list to
// window.bashniMirror (wasm/web/index.html) when it changed, and the page
// sends the controls activated there back through window.bashniActivate.

// activations holds what the page activated, for the game loop to take;
// the page calls in from its own event loop.
var (
	actMu      sync.Mutex
	acts       []Activation
	actHooked  bool
	interacted atomic.Bool
)

// hookActivations installs window.bashniActivate(gen, index, pick[, text]) and
// window.bashniInteract() once.
func hookActivations() {
	if actHooked {
		return
	}
	actHooked = true
	js.Global().Set("bashniActivate", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 3 {
			return nil
		}
		interacted.Store(true)
		actMu.Lock()
		a := Activation{Gen: args[0].Int(), Index: args[1].Int(), Pick: args[2].Int()}
		if len(args) > 3 && args[3].Type() == js.TypeString {
			a.Text = args[3].String() // a text field's new text
		}
		acts = append(acts, a)
		actMu.Unlock()
		return nil
	}))
	js.Global().Set("bashniInteract", js.FuncOf(func(js.Value, []js.Value) any {
		interacted.Store(true)
		return nil
	}))
}

// Activations appends the controls the page activated since the last call
// to dst.
func Activations(dst []Activation) []Activation {
	hookActivations()
	actMu.Lock()
	dst = append(dst, acts...)
	acts = acts[:0]
	actMu.Unlock()
	return dst
}

// Interacted reports whether the player has used the page's own elements
// (the command line, the mirrored controls): perhaps with a screen
// reader, which the page cannot know otherwise.
func Interacted() bool { return interacted.Load() }

// mirror sends the controls to the page (only when they changed: this
// allocates).
func mirror(gen int, list []Control) {
	f := js.Global().Get("bashniMirror")
	if f.Type() != js.TypeFunction {
		return
	}
	arr := js.Global().Get("Array").New(len(list))
	for i := range list {
		c := &list[i]
		o := js.Global().Get("Object").New()
		o.Set("role", roleNames[c.Role])
		o.Set("name", c.Name)
		if c.Detail != "" {
			o.Set("detail", c.Detail)
		}
		if len(c.Options) > 0 {
			opts := js.Global().Get("Array").New(len(c.Options))
			for j, s := range c.Options {
				opts.SetIndex(j, s)
			}
			o.Set("options", opts)
		}
		o.Set("selected", c.Selected)
		if c.Value != "" {
			o.Set("value", c.Value)
		}
		o.Set("disabled", c.Disabled)
		if c.Invalid {
			o.Set("invalid", true)
		}
		arr.SetIndex(i, o)
	}
	f.Invoke(gen, arr)
}

var roleNames = [...]string{RoleButton: "button", RoleRadioGroup: "radiogroup", RoleSwitch: "switch", RoleSlider: "slider", RoleItem: "item", RoleTextField: "textbox"}
