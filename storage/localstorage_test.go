//go:build js

package storage

import (
	"reflect"
	"strings"
	"syscall/js"
	"testing"
)

// Node.js has no localStorage, so these tests build stand-ins that behave
// like it, including the ways it fails in browsers.

// shimSource makes a Web Storage look-alike with switches for failures:
// setting failGet or failSet to a value makes getItem or setItem throw it.
// log records the order of setItem keys; items is the raw Map.
const shimSource = `
const items = new Map();
const shim = {
	failGet: undefined,
	failSet: undefined,
	log: [],
	items,
	getItem(key) {
		if (shim.failGet !== undefined) throw shim.failGet;
		key = String(key);
		return items.has(key) ? items.get(key) : null;
	},
	setItem(key, value) {
		if (shim.failSet !== undefined) throw shim.failSet;
		shim.log.push(String(key));
		items.set(String(key), String(value));
	},
	removeItem(key) { items.delete(String(key)); },
	key(i) { const keys = Array.from(items.keys()); return i < keys.length ? keys[i] : null; },
	get length() { return items.size; },
};
return shim;`

func newStorageShim() js.Value {
	return js.Global().Get("Function").New(shimSource).Invoke()
}

// newMinimalStorage builds, from Go, an object with only getItem, setItem
// and removeItem: the least a storage object offers.
func newMinimalStorage() js.Value {
	items := map[string]string{}
	obj := js.Global().Get("Object").New()
	obj.Set("getItem", js.FuncOf(func(this js.Value, args []js.Value) any {
		if v, ok := items[args[0].String()]; ok {
			return v
		}
		return nil
	}))
	obj.Set("setItem", js.FuncOf(func(this js.Value, args []js.Value) any {
		items[args[0].String()] = args[1].String()
		return nil
	}))
	obj.Set("removeItem", js.FuncOf(func(this js.Value, args []js.Value) any {
		delete(items, args[0].String())
		return nil
	}))
	return obj
}

func openShim(t *testing.T, storage js.Value) *Store {
	t.Helper()
	s, err := OpenLocalStorage(storage)
	if err != nil {
		t.Fatal(err)
	}
	return withTestClock(s)
}

func platformStoreMakers() []storeMaker {
	return []storeMaker{
		{"localStorage stand-in", func(t *testing.T) *Store { return openShim(t, newStorageShim()) }},
		{"minimal storage object", func(t *testing.T) *Store { return openShim(t, newMinimalStorage()) }},
	}
}

func jsError(name, message string) js.Value {
	e := js.Global().Get("Error").New(message)
	e.Set("name", name)
	return e
}

func TestLocalStorageKeysAndBackupOrder(t *testing.T) {
	shim := newStorageShim()
	s := openShim(t, shim)
	for i := 1; i <= 2; i++ {
		if err := s.SaveGame(sampleGame(i)); err != nil {
			t.Fatal(err)
		}
	}
	var log []string
	for i := range shim.Get("log").Length() {
		log = append(log, shim.Get("log").Index(i).String())
	}
	// The backup key is written before the main key, so a failure in
	// between leaves the old game in both.
	if want := []string{"bashni/game.json", "bashni/game.json.bak", "bashni/game.json"}; !reflect.DeepEqual(log, want) {
		t.Errorf("setItem order %q, want %q", log, want)
	}
	stored := shim.Call("getItem", "bashni/game.json").String()
	if !strings.Contains(stored, `"kind": "game"`) || !strings.Contains(stored, schemaField(GameSchema)) {
		t.Errorf("bashni/game.json holds %q", stored)
	}
}

func TestLocalStorageQuotaExceeded(t *testing.T) {
	for _, tt := range []struct {
		name   string
		thrown js.Value
		want   string
	}{
		{"DOMException-like error", jsError("QuotaExceededError", "The quota has been exceeded."), "QuotaExceededError: The quota has been exceeded."},
		{"thrown string", js.ValueOf("disk full"), "disk full"},
		{"thrown null", js.Null(), "JavaScript exception (null)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			shim := newStorageShim()
			s := openShim(t, shim)
			if err := s.SaveGame(sampleGame(1)); err != nil {
				t.Fatal(err)
			}
			shim.Set("failSet", tt.thrown)
			err := s.SaveGame(sampleGame(2))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("SaveGame = %v, want an error with %q", err, tt.want)
			}
			if err := s.SaveSettings(sampleSettings(1)); err == nil {
				t.Error("SaveSettings succeeded while setItem throws")
			}
			if got, found, notice := s.LoadGame(); !found || !notice.IsZero() || !reflect.DeepEqual(got, sampleGame(1)) {
				t.Errorf("LoadGame = %#v, %v, %q; want the previous game", got, found, notice)
			}
		})
	}
}

func TestLocalStorageReadFailures(t *testing.T) {
	shim := newStorageShim()
	s := openShim(t, shim)
	if err := s.SaveSettings(sampleSettings(1)); err != nil {
		t.Fatal(err)
	}
	shim.Set("failGet", jsError("SecurityError", "The operation is insecure."))
	settings, notice := s.LoadSettings()
	if settings != Defaults() || !strings.Contains(notice.String(), "couldn't read settings file (localStorage.getItem: SecurityError: The operation is insecure.)") {
		t.Errorf("LoadSettings = %#v, %q", settings, notice)
	}
	checkOneLine(t, notice)
	if _, err := s.AddToArchive(sampleArchivedGame(1)); err != nil {
		t.Logf("archiving while reads fail: %v", err)
	}

	shim.Delete("failGet")
	shim.Get("items").Call("set", "bashni/settings.json", 42)
	if _, notice := s.LoadSettings(); !strings.Contains(notice.String(), "not a string") {
		t.Errorf("a number in storage gave notice %q", notice)
	}
}

func TestOpenLocalStorageRejectsNonStorage(t *testing.T) {
	noSetItem := js.Global().Get("Object").New()
	noSetItem.Set("getItem", js.FuncOf(func(js.Value, []js.Value) any { return nil }))
	noSetItem.Set("removeItem", js.FuncOf(func(js.Value, []js.Value) any { return nil }))
	for _, tt := range []struct {
		name    string
		storage js.Value
	}{
		{"undefined", js.Undefined()},
		{"null", js.Null()},
		{"a number", js.ValueOf(3)},
		{"no setItem", noSetItem},
	} {
		if _, err := OpenLocalStorage(tt.storage); err == nil || !strings.Contains(err.Error(), "browser storage is unavailable") {
			t.Errorf("%s: OpenLocalStorage = %v", tt.name, err)
		}
	}
}

// In some browsers merely reading window.localStorage throws (storage
// blocked for the site). That must be an error, not a crash.
func TestOpenWhenLocalStorageGetterThrows(t *testing.T) {
	global := js.Global().Get("Function").New(`
		const g = {};
		Object.defineProperty(g, "localStorage", { get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });
		return g;`).Invoke()
	_, err := openFromGlobal(global)
	if err == nil || !strings.Contains(err.Error(), "SecurityError") {
		t.Errorf("openFromGlobal = %v, want the SecurityError", err)
	}
}

func TestOpenDefaultUnderNode(t *testing.T) {
	s, err := OpenDefault()
	if err != nil {
		t.Logf("as expected without a browser: %v", err)
		return
	}
	// A Node.js with built-in localStorage: it must then simply work.
	if err := s.SaveSettings(Defaults()); err != nil {
		t.Fatal(err)
	}
	if _, notice := s.LoadSettings(); !notice.IsZero() {
		t.Errorf("notice %q", notice)
	}
}
