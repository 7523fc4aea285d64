package online

import (
	"context"

	"bashni/online/remote"
	"bashni/platform"
	"bashni/scenes"
	"bashni/storage"
)

// topFollow is "watch the top game": the highest-rated game being played
// on the play screen and, when it ends, the next top game in its place,
// for as long as the player watches. The lobby's account follows on the
// server (remote.Account.WatchTop) and is the follower's from the start:
// it is closed when the player stops watching (Back, the title, another
// game), and a seek of theirs still open that pairs meanwhile opens the
// player's game instead.
type topFollow struct {
	acct   *remote.Account
	server string
	st     *storage.Store
	from   scenes.Scene // the screen the watch started from, until the first game shows
	shown  scenes.Game  // the play screen of the game shown; nil until the first
	code   string       // the game shown, or being opened
	// opening is the game being opened; paired: the player's own.
	opening chan watchResult
	paired  bool
	// owned: the account was made for the screen the watch started from
	// (Live from the title, NewWatch), not the lobby's: gone with that
	// screen.
	owned bool
}

// followTop starts following from the screen from, at the top game code
// (WatchTop's answer; "" for none yet: the first to start comes).
func followTop(c scenes.Context, acct *remote.Account, from scenes.Scene, code string) *topFollow {
	f := &topFollow{acct: acct, server: c.Server(), st: c.Store(), from: from}
	if code != "" {
		f.open(code, false)
	}
	c.Meanwhile(f.step)
	return f
}

// open opens game code off the game loop.
func (f *topFollow) open(code string, paired bool) {
	f.code, f.paired = code, paired
	f.opening = make(chan watchResult, 1)
	ch, server, st := f.opening, f.server, f.st
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), remote.DialTimeout)
		defer cancel()
		p, err := remote.Open(ctx, server, code, st)
		ch <- watchResult{p, err}
	}()
}

// watching reports whether the player is still on the screen the
// following shows: the Live screen until the first game, then the game.
func (f *topFollow) watching(c scenes.Context) bool {
	if f.shown == nil {
		return c.OnTop() == f.from
	}
	g := c.Game()
	return g != nil && g == f.shown && c.OnTop() == scenes.Scene(g)
}

// step is the following's work each tick (Meanwhile's): false once it
// has ended.
func (f *topFollow) step(c scenes.Context) bool {
	if f.opening != nil {
		select {
		case r := <-f.opening:
			f.opening = nil
			return f.opened(c, r)
		default:
			return true
		}
	}
	if !f.acct.View().Connected {
		return false
	}
	if !f.watching(c) {
		f.stop(c)
		return false
	}
	if code, ok := f.acct.Paired(); ok {
		msg := c.Text().T("lobby.paired")
		c.Notify(msg)
		platform.Speak(msg)
		f.open(code, true)
		return true
	}
	if code, ok := f.acct.Top(); ok && code != f.code {
		f.open(code, false)
	}
	return true
}

// opened shows the game opened: the player's own whatever shows, the
// next top game only while they watch.
func (f *topFollow) opened(c scenes.Context, r watchResult) bool {
	show := c.Pages().OpenOnlineGame
	if r.err != nil {
		c.Notify(refusalWords(c, r.err))
		if f.paired || f.shown == nil {
			f.stop(c)
			return false
		}
		return true // the next top game may open
	}
	if show == nil || !f.paired && !f.watching(c) {
		r.p.Close()
		f.stop(c)
		return false
	}
	if f.shown != nil && !f.paired {
		msg := c.Text().T("live.next_top")
		c.Notify(msg)
		platform.Speak(msg)
	}
	show(c, r.p)
	if f.paired {
		f.acct.Close()
		return false
	}
	f.shown = c.Game()
	return true
}

// stop ends the following: before the first game showed the player is
// back in the lobby's screens, whose account it still is (it only stops
// following the top game); after, the account is closed with the lobby
// the game replaced. An account of the screen's own goes with the screen.
func (f *topFollow) stop(c scenes.Context) {
	if f.shown != nil || f.owned && c.OnTop() != f.from {
		f.acct.Close()
		return
	}
	acct := f.acct
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), remote.DialTimeout)
		defer cancel()
		acct.StopTop(ctx)
	}()
}
