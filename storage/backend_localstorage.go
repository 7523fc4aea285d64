//go:build js

package storage

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"syscall/js"
)

// keyPrefix keeps the game's keys apart from anything else stored by pages
// of the same origin.
const keyPrefix = "bashni/"

// localStorageBackend stores each blob as one entry of a Web Storage object
// (window.localStorage, or any object with getItem/setItem/removeItem).
// A single setItem replaces a value whole, so writes are atomic by nature.
type localStorageBackend struct {
	storage js.Value
}

// call invokes a method of the storage object and turns a JavaScript
// exception (SecurityError in private modes, QuotaExceededError when full)
// or a missing method into an error instead of a panic.
func (b *localStorageBackend) call(method string, args ...any) (result js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("localStorage.%s: %s", method, panicText(r))
		}
	}()
	return b.storage.Call(method, args...), nil
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

// lock is a no-op for now: see the Web Locks note in the package comment.
func (b *localStorageBackend) lock(bool) (func(), error) { return func() {}, nil }

// claim: see the Web Locks note in the package comment.
func (b *localStorageBackend) claim(string) (func(), bool) { return func() {}, true }

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
