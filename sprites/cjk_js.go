//go:build js

package sprites

import (
	"errors"
	"fmt"
	"syscall/js"

	"bashni/i18n/fonts"
)

// loadCJK fetches the CJK subset of language code set from beside main.wasm
// (the site serves package i18n/fonts' files under fonts/): the English
// page never downloads it. It blocks its goroutine until both weights are
// in.
func loadCJK(set string) (regular, bold []byte, err error) {
	if regular, err = fetch("fonts/" + fonts.FileName(set, fonts.Regular)); err != nil {
		return nil, nil, err
	}
	if bold, err = fetch("fonts/" + fonts.FileName(set, fonts.Bold)); err != nil {
		return nil, nil, err
	}
	return regular, bold, nil
}

// fetch GETs url (relative to the page) and returns its body.
func fetch(url string) ([]byte, error) {
	type result struct {
		b   []byte
		err error
	}
	done := make(chan result, 1)
	var onBody, onResponse, onError js.Func
	release := func() { onBody.Release(); onResponse.Release(); onError.Release() }
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
	release()
	if r.err != nil {
		return nil, fmt.Errorf("fetching %s: %w", url, r.err)
	}
	return r.b, nil
}
