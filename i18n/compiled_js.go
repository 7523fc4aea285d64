//go:build js

package i18n

import (
	"errors"
	"fmt"
	"syscall/js"
)

// compiledIn: the browser fetches languages other than English.
const compiledIn = false

// compiledMessages fetches locales/<code>.json from beside main.wasm (the
// site serves package i18n's compiled messages there): the English page
// downloads no other language. It blocks its goroutine until the file is
// in.
func compiledMessages(code string) ([]byte, error) {
	url := "locales/" + code + ".json"
	type result struct {
		b   []byte
		err error
	}
	done := make(chan result, 1)
	var onText, onResponse, onError js.Func
	onError = js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := "failed"
		if len(args) > 0 && args[0].Truthy() {
			msg = args[0].Call("toString").String()
		}
		done <- result{err: errors.New(msg)}
		return nil
	})
	onText = js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- result{b: []byte(args[0].String())}
		return nil
	})
	onResponse = js.FuncOf(func(_ js.Value, args []js.Value) any {
		res := args[0]
		if !res.Get("ok").Bool() {
			done <- result{err: fmt.Errorf("HTTP %d", res.Get("status").Int())}
			return nil
		}
		res.Call("text").Call("then", onText).Call("catch", onError)
		return nil
	})
	js.Global().Call("fetch", url).Call("then", onResponse).Call("catch", onError)
	r := <-done
	onText.Release()
	onResponse.Release()
	onError.Release()
	if r.err != nil {
		return nil, fmt.Errorf("fetching %s: %w", url, r.err)
	}
	return r.b, nil
}
