package startup

import (
	"encoding/json"
	"syscall/js"
	"time"

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
// is a bashni server; no answer within timeout is a no. (net/http's client
// would add megabytes to the page.)
func isServer(base string, timeout time.Duration) bool {
	answer := make(chan string, 1) // the body, or "" for no answer
	var onText, onResponse, onError js.Func
	onError = js.FuncOf(func(js.Value, []js.Value) any {
		answer <- ""
		return nil
	})
	onText = js.FuncOf(func(_ js.Value, args []js.Value) any {
		answer <- args[0].String()
		return nil
	})
	onResponse = js.FuncOf(func(_ js.Value, args []js.Value) any {
		if !args[0].Get("ok").Bool() {
			answer <- ""
			return nil
		}
		args[0].Call("text").Call("then", onText).Call("catch", onError)
		return nil
	})
	defer func() {
		// A late answer after the timeout finds the buffered channel
		// full or unread and is dropped; the callbacks stay valid until
		// the fetch settles, so they are released only then.
		go func() {
			<-answer
			onText.Release()
			onResponse.Release()
			onError.Release()
		}()
	}()
	js.Global().Call("fetch", base+protocol.InfoPath, map[string]any{"cache": "no-store"}).
		Call("then", onResponse).Call("catch", onError)
	select {
	case body := <-answer:
		answer <- body // for the releasing goroutine
		var info protocol.Info
		return body != "" && json.Unmarshal([]byte(body), &info) == nil && isBashniServer(info)
	case <-time.After(timeout):
		return false
	}
}
