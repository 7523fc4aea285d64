package platform

// Role is what a mirrored control is, for assistive technology (issue 22):
// the page draws the game on a canvas, which a screen reader cannot read,
// so the controls of the screen shown are mirrored as HTML elements with
// these roles (mirror_js.go, wasm/web/index.html).
type Role uint8

const (
	RoleButton     Role = iota + 1 // a button: Name, Detail
	RoleRadioGroup                 // one of Options, Selected the chosen one
	RoleSwitch                     // on or off: Selected 1 when on
	RoleSlider                     // Selected the value in twentieths, Value its words
	RoleItem                       // a row of a list (a past game) that opens
	RoleTextField                  // a one-line text field: Value its text
)

// Control is one control of the screen shown, as the page mirrors it.
// Its strings are the widgets' own (no copy while the screen stays the
// same).
type Control struct {
	Role     Role
	Name     string
	Detail   string   // a button's second line; a text field's note (why it is asked, or why its text was refused)
	Options  []string // a radio group's options
	Selected int
	Value    string
	Disabled bool
	// Invalid: a text field whose text was refused (Detail says why).
	Invalid bool
	// Stop is the control's keyboard Tab stop (-1: none, a disabled
	// button): activating the mirrored control activates that stop. A
	// text field without a Tab stop has -2-k, the k-th such field.
	Stop int
}

// Same reports whether c and d show the same thing.
func (c *Control) Same(d *Control) bool {
	if c.Role != d.Role || c.Name != d.Name || c.Detail != d.Detail || c.Selected != d.Selected ||
		c.Value != d.Value || c.Disabled != d.Disabled || c.Invalid != d.Invalid || c.Stop != d.Stop || len(c.Options) != len(d.Options) {
		return false
	}
	for i := range c.Options {
		if c.Options[i] != d.Options[i] {
			return false
		}
	}
	return true
}

// Activation is a mirrored control activated in the page: the control at
// Index of the list published as generation Gen, and for a radio group
// or a slider the option or value chosen (Pick; -1 for a plain click).
type Activation struct {
	Gen, Index, Pick int
	// Text is what was typed into a mirrored text field (RoleTextField);
	// Pick is then PickSubmit when Enter was pressed there (the field's
	// Enter on the canvas: save, use the code), -1 when the text was only
	// committed (the box was left).
	Text string
}

// PickSubmit is an Activation's Pick for a text field in which Enter was
// pressed.
const PickSubmit = 1
