//go:build js

package jsfetch

import (
	"errors"
	"fmt"
	"syscall/js"
)

// Get GETs url (relative to the page) and returns its body. It blocks its
// goroutine, not the page, until the body is in; call it from a goroutine
// or before the game runs, never from Update or Draw.
func Get(url string) ([]byte, error) {
	type result struct {
		b   []byte
		err error
	}
	done := make(chan result, 1)
	var onBody, onResponse, onError js.Func
	onError = js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := "failed"
		if len(args) > 0 && args[0].Truthy() {
			msg = args[0].Call("toString").String()
		}
		done <- result{err: errors.New(msg)}
		return nil
	})
	onBody = js.FuncOf(func(_ js.Value, args []js.Value) any {
		u8 := js.Global().Get("Uint8Array").New(args[0])
		b := make([]byte, u8.Length())
		js.CopyBytesToGo(b, u8)
		done <- result{b: b}
		return nil
	})
	onResponse = js.FuncOf(func(_ js.Value, args []js.Value) any {
		res := args[0]
		if !res.Get("ok").Bool() {
			done <- result{err: fmt.Errorf("HTTP %d", res.Get("status").Int())}
			return nil
		}
		res.Call("arrayBuffer").Call("then", onBody).Call("catch", onError)
		return nil
	})
	js.Global().Call("fetch", url).Call("then", onResponse).Call("catch", onError)
	r := <-done
	onBody.Release()
	onResponse.Release()
	onError.Release()
	if r.err != nil {
		return nil, fmt.Errorf("fetching %s: %w", url, r.err)
	}
	return r.b, nil
}
