//go:build js

package storage

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"syscall/js"
	"time"
)

// keyPrefix keeps the game's keys apart from anything else stored by pages
// of the same origin.
const keyPrefix = "bashni/"

// localStorageBackend stores each blob as one entry of a Web Storage object
// (window.localStorage, or any object with getItem/setItem/removeItem).
// A single setItem replaces a value whole, so writes are atomic by nature.
type localStorageBackend struct {
	storage js.Value
	// locks is the page's navigator.locks (the Web Locks API), shared by
	// every tab of the origin and released when a tab closes; undefined
	// where the browser has none.
	locks js.Value
}

// call invokes a method of the storage object and turns a JavaScript
// exception (SecurityError in private modes, QuotaExceededError when full)
// or a missing method into an error instead of a panic.
func (b *localStorageBackend) call(method string, args ...any) (result js.Value, err error) {
	return callOn(b.storage, "localStorage."+method, method, args...)
}

// callOn calls obj's method like call; what names the call in errors.
func callOn(obj js.Value, what, method string, args ...any) (result js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s: %s", what, panicText(r))
		}
	}()
	return obj.Call(method, args...), nil
}

// panicText describes a recovered panic. For a JavaScript exception it
// avoids js.Error.Error, which reads .message with a plain Get and so would
// itself throw, unrecoverably, when the thrown value is not an object.
func panicText(r any) string {
	switch r := r.(type) {
	case js.Error:
		return describeThrown(r.Value)
	case error:
		return r.Error()
	}
	return fmt.Sprint(r)
}

// describeThrown turns a thrown JavaScript value into "Name: message".
func describeThrown(v js.Value) string {
	if t := v.Type(); t == js.TypeObject || t == js.TypeFunction {
		name, _ := safeGet(v, "name")
		msg, _ := safeGet(v, "message")
		if msg.Type() == js.TypeString {
			if name.Type() == js.TypeString {
				return name.String() + ": " + msg.String()
			}
			return msg.String()
		}
	}
	if v.Type() == js.TypeString {
		return v.String()
	}
	return "JavaScript exception (" + v.Type().String() + ")"
}

func (b *localStorageBackend) read(name string) ([]byte, error) {
	v, err := b.call("getItem", keyPrefix+name)
	if err != nil {
		return nil, err
	}
	switch v.Type() {
	case js.TypeNull, js.TypeUndefined:
		return nil, &fs.PathError{Op: "read", Path: keyPrefix + name, Err: fs.ErrNotExist}
	case js.TypeString:
		s := v.String()
		if len(s) > maxDocumentBytes {
			return nil, fmt.Errorf("read %s: larger than %d bytes", keyPrefix+name, maxDocumentBytes)
		}
		return []byte(s), nil
	}
	return nil, fmt.Errorf("read %s: not a string but a %s", keyPrefix+name, v.Type())
}

func (b *localStorageBackend) write(name string, data []byte) error {
	_, err := b.call("setItem", keyPrefix+name, string(data))
	return err
}

func (b *localStorageBackend) rename(from, to string) error {
	data, err := b.read(from)
	if err != nil {
		return err
	}
	// Copy before delete: stopping in between leaves two copies, not none.
	if err := b.write(to, data); err != nil {
		return err
	}
	return b.remove(from)
}

func (b *localStorageBackend) remove(name string) error {
	_, err := b.call("removeItem", keyPrefix+name)
	return err
}

// lock is a no-op: within a tab a read-modify-write is one run of
// synchronous localStorage calls that nothing interleaves. Waiting for a
// Web Lock here would need the browser's event loop, which a save called
// from a frame of the game can block (see FINDINGS.md).
func (b *localStorageBackend) lock(bool) (func(), error) { return func() {}, nil }

// claim asks the Web Locks API for the lock "bashni/<name>" if no tab holds
// it (ifAvailable) and keeps it until release. It waits for the browser's
// answer, so it must run outside a frame of the game (OpenDefault runs
// before the game starts). Without Web Locks every tab may claim.
func (b *localStorageBackend) claim(name string) (release func(), ok bool) {
	if b.locks.Type() != js.TypeObject {
		return func() {}, true
	}
	granted := make(chan js.Value, 1) // the promise's resolve function, or null
	var onGrant js.Func
	onGrant = js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) == 0 || args[0].IsNull() {
			granted <- js.Null()
			return nil
		}
		// The lock is held until the promise returned here settles.
		var executor js.Func
		executor = js.FuncOf(func(_ js.Value, args []js.Value) any {
			granted <- args[0]
			executor.Release()
			return nil
		})
		return js.Global().Get("Promise").New(executor)
	})
	options := js.Global().Get("Object").New()
	options.Set("ifAvailable", true)
	if _, err := callOn(b.locks, "navigator.locks.request", "request", keyPrefix+name, options, onGrant); err != nil {
		onGrant.Release()
		return func() {}, true
	}
	var resolve js.Value
	select {
	case resolve = <-granted:
		onGrant.Release()
	case <-time.After(claimWait):
		// A browser that never answers must not keep the game from
		// starting: play as if alone. (A late grant still holds the lock,
		// so no other tab takes this slot.)
		return func() {}, true
	}
	if resolve.IsNull() {
		return nil, false
	}
	return func() { resolve.Invoke() }, true
}

// claimWait bounds the wait for the browser's answer to a lock request,
// which normally comes within milliseconds.
const claimWait = 3 * time.Second

// list enumerates keys with length and key(i), which a minimal stand-in
// object may lack.
func (b *localStorageBackend) list() ([]string, error) {
	if fn, err := safeGet(b.storage, "key"); err != nil || fn.Type() != js.TypeFunction {
		return nil, errCannotList
	}
	length, err := safeGet(b.storage, "length")
	if err != nil || length.Type() != js.TypeNumber {
		return nil, errCannotList
	}
	var names []string
	for i := range length.Int() {
		key, err := b.call("key", i)
		if err != nil {
			return nil, err
		}
		if key.Type() == js.TypeString && strings.HasPrefix(key.String(), keyPrefix) {
			names = append(names, strings.TrimPrefix(key.String(), keyPrefix))
		}
	}
	return names, nil
}

// safeGet reads obj[prop] through Reflect.get, because a plain Value.Get
// whose getter throws (window.localStorage when storage is blocked) cannot be
// recovered in Go, while an exception from Value.Call can.
func safeGet(obj js.Value, prop string) (v js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New(panicText(r))
		}
	}()
	return js.Global().Get("Reflect").Call("get", obj, prop), nil
}
