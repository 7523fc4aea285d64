//go:build js

package storage

import (
	"reflect"
	"syscall/js"
	"testing"
)

// locksShimSource is a stand-in for navigator.locks (Node.js has no Web
// Locks API): request(name, {ifAvailable}, callback) calls back later with
// a lock, or null when ifAvailable and another holder has it, and holds the
// lock until the callback's promise settles, as browsers do.
const locksShimSource = `
const held = new Set();
return {
	request(name, options, callback) {
		return Promise.resolve().then(() => {
			if (held.has(name)) {
				if (options && options.ifAvailable) return callback(null);
				throw new Error("the shim does not queue waiters");
			}
			held.add(name);
			return Promise.resolve(callback({name})).finally(() => held.delete(name));
		});
	},
	held,
};`

// openTab opens a Store the way a tab of the game does (OpenDefault), on
// the storage and locks the tabs of one origin share.
func openTab(t *testing.T, storage, locks js.Value) (*Store, SlotNotice) {
	t.Helper()
	global := js.Global().Get("Object").New()
	global.Set("localStorage", storage)
	navigator := js.Global().Get("Object").New()
	navigator.Set("locks", locks)
	global.Set("navigator", navigator)
	s, err := openFromGlobal(global)
	if err != nil {
		t.Fatal(err)
	}
	withTestClock(s)
	s.slotNotice = s.claimGameSlot()
	return s, s.TakeSlotNotice()
}

// Two tabs of the game share localStorage: the second is told another copy
// is open and keeps its game apart; neither game is lost, and a later tab
// continues the first game and says the other one is kept.
func TestTwoTabsKeepBothGames(t *testing.T) {
	storage := newStorageShim()
	locks := js.Global().Get("Function").New(locksShimSource).Invoke()

	first, notice := openTab(t, storage, locks)
	if notice != (SlotNotice{}) {
		t.Errorf("the first tab was told %+v", notice)
	}
	if err := first.SaveGame(sampleGame(1)); err != nil {
		t.Fatal(err)
	}
	second, notice := openTab(t, storage, locks)
	if notice != (SlotNotice{Code: SlotShared}) {
		t.Errorf("the second tab was told %+v", notice)
	}
	if err := second.SaveGame(sampleGame(2)); err != nil {
		t.Fatal(err)
	}
	if g, _, _ := first.LoadGame(); !reflect.DeepEqual(g, sampleGame(1)) {
		t.Errorf("the first tab's game became %+v", g)
	}
	if g, _, _ := second.LoadGame(); !reflect.DeepEqual(g, sampleGame(2)) {
		t.Errorf("the second tab's game became %+v", g)
	}

	// Both tabs closed: the next tab continues the first game and tells of
	// the second.
	first.Close()
	second.Close()
	waitForLocksReleased(t, locks)
	next, notice := openTab(t, storage, locks)
	if g, found, _ := next.LoadGame(); !found || !reflect.DeepEqual(g, sampleGame(1)) {
		t.Errorf("the next tab continues %+v (%v), want the first game", g, found)
	}
	if notice != (SlotNotice{Code: SlotWaiting, Count: 1}) {
		t.Errorf("the next tab was told %+v", notice)
	}
}

// waitForLocksReleased lets the promises that release the shim's locks run.
func waitForLocksReleased(t *testing.T, locks js.Value) {
	t.Helper()
	done := make(chan struct{})
	var f js.Func
	f = js.FuncOf(func(js.Value, []js.Value) any {
		close(done)
		f.Release()
		return nil
	})
	js.Global().Call("setTimeout", f, 0)
	<-done
	if n := locks.Get("held").Get("size").Int(); n != 0 {
		t.Fatalf("%d locks still held", n)
	}
}
