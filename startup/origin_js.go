package startup

import (
	"encoding/json"
	"syscall/js"
	"time"

	"bashni/internal/jsfetch"
	"bashni/online/protocol"
)

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

// isServer asks base's /online/info, with the browser's fetch, whether it
// is a bashni server; no answer within timeout is a no.
func isServer(base string, timeout time.Duration) bool {
	answer := make(chan []byte, 1) // the body, or nil for no answer
	go func() {
		body, err := jsfetch.Get(base + protocol.InfoPath)
		if err != nil {
			body = nil
		}
		answer <- body
	}()
	select {
	case body := <-answer:
		var info protocol.Info
		return body != nil && json.Unmarshal(body, &info) == nil && isBashniServer(info)
	case <-time.After(timeout):
		return false
	}
}
