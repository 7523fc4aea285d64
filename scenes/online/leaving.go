package online

import (
	"errors"
	"sync"

	"bashni/online/remote"
)

// leaving hands an account being connected off the game loop to the
// screen that asked for it, or closes it when the screen was left
// meanwhile: a screen's pending results are taken by its Update, which
// no longer runs once the screen is off the stack, so a connection made
// for a screen left while dialling would stay open for good.
type leaving struct {
	mu   sync.Mutex
	left bool
	held *remote.Account
}

// errLeft: the screen was left while its request was under way.
var errLeft = errors.New("the screen was left")

// hold keeps acct until take or leave; false (acct closed) if the screen
// was left already.
func (g *leaving) hold(acct *remote.Account) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.left {
		acct.Close()
		return false
	}
	g.held = acct
	return true
}

// take gives the screen the account held (on the game loop); false if the
// screen was left (it was closed then).
func (g *leaving) take(acct *remote.Account) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.held == acct {
		g.held = nil
	}
	return !g.left
}

// leave closes the account held, and any held from now on.
func (g *leaving) leave() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.left = true
	if g.held != nil {
		g.held.Close()
		g.held = nil
	}
}
