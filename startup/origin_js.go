package startup

import "syscall/js"

// pageOrigin is the page's origin (https://host:port).
func pageOrigin() string {
	loc := js.Global().Get("location")
	if loc.IsUndefined() || loc.IsNull() {
		return ""
	}
	o := loc.Get("origin")
	if o.Type() != js.TypeString || (o.String() == "null") {
		return ""
	}
	return o.String()
}
