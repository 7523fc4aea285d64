package online

import (
	"bashni/access"
	"bashni/rules"
	"strconv"
	"strings"

	"bashni/i18n"
	"bashni/platform"
	"bashni/scenes"
)

// The lobby's typed commands (the page's command line): "seek 5+3
// bashni", "accept 2", "cancel", "name Anna" — English always, and each
// language's own words.

type lobbyVerb uint8

const (
	verbNone lobbyVerb = iota
	verbSeek
	verbAccept
	verbCancel
	verbName
	verbProfile // a player's profile (the player's own without a name)
	verbLeaders
	verbLive
	verbWatch // the top game
)

// lobbyCommand is a typed line, understood.
type lobbyCommand struct {
	verb    lobbyVerb
	clock   int // index in remote.LobbyClocks; -1: the lobby's choice
	variant int // 0 Bashni, 1 Lasca, -1: the lobby's choice
	kind    int // 0 rated, 1 casual, -1: the lobby's choice
	number  int // accept: the seek's number in the list, from 1
	name    string
}

// word reports whether w is the English word or one of the language's: a
// message may list several, comma-separated, so the word on the button and
// the word a player would type are both understood (ja: 成績, プロフィール).
func word(t *i18n.Catalog, w, english, key string) bool {
	if strings.EqualFold(w, english) {
		return true
	}
	for _, local := range strings.Split(t.T(key), ",") {
		if strings.EqualFold(w, strings.TrimSpace(local)) {
			return true
		}
	}
	return false
}

// parseLobbyCommand reads a typed line; ok is false when it is no lobby
// command.
func parseLobbyCommand(t *i18n.Catalog, line string) (lobbyCommand, bool) {
	f := strings.Fields(line)
	cmd := lobbyCommand{clock: -1, variant: -1, kind: -1}
	if len(f) == 0 {
		return cmd, false
	}
	switch v := f[0]; {
	case word(t, v, "seek", "lobby.word_seek"):
		cmd.verb = verbSeek
		for _, a := range f[1:] {
			switch {
			case clockIndex(t, a) >= 0:
				cmd.clock = clockIndex(t, a)
			case word(t, a, "bashni", "online.bashni"):
				cmd.variant = 0
			case word(t, a, "lasca", "online.lasca"):
				cmd.variant = 1
			case word(t, a, "rated", "lobby.rated"):
				cmd.kind = 0
			case word(t, a, "casual", "lobby.casual"):
				cmd.kind = 1
			default:
				return cmd, false
			}
		}
		return cmd, true
	case word(t, v, "accept", "lobby.word_accept"):
		if len(f) != 2 {
			return cmd, false
		}
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 1 {
			return cmd, false
		}
		cmd.verb, cmd.number = verbAccept, n
		return cmd, true
	case word(t, v, "cancel", "lobby.word_cancel") && len(f) == 1:
		cmd.verb = verbCancel
		return cmd, true
	case word(t, v, "name", "lobby.word_name") && len(f) == 2:
		cmd.verb, cmd.name = verbName, f[1]
		return cmd, true
	case word(t, v, "profile", "lobby.word_profile") && len(f) <= 2:
		cmd.verb = verbProfile
		if len(f) == 2 {
			cmd.name = f[1]
		}
		return cmd, true
	case word(t, v, "leaders", "lobby.word_leaders") && len(f) == 1:
		cmd.verb = verbLeaders
		return cmd, true
	case word(t, v, "live", "lobby.word_live") && len(f) == 1:
		cmd.verb = verbLive
		return cmd, true
	case word(t, v, "watch", "lobby.word_watch") && len(f) == 1:
		cmd.verb = verbWatch
		return cmd, true
	}
	return cmd, false
}

// clockIndex reads a lobby clock as typed: 3+2, 5+3, 10+5, 15+10, 1d,
// 3d (or the language's "1 day" without its space); -1 if none.
func clockIndex(t *i18n.Catalog, a string) int {
	nospace := func(s string) string { return strings.ReplaceAll(strings.ToLower(s), " ", "") }
	for i, w := range []string{"3+2", "5+3", "10+5", "15+10", "1d", "3d"} {
		if strings.EqualFold(a, w) {
			return i
		}
	}
	switch strings.ToLower(a) {
	case nospace(t.T("lobby.day1")):
		return 4
	case nospace(t.T("lobby.days3")):
		return 5
	}
	return -1
}

// PageCommand carries out a line typed into the page's command line.
func (l *Lobby) PageCommand(c scenes.Context, line string) {
	t := c.Text()
	if a, err := access.Parse(t, rules.NewPosition(rules.Bashni), line); err == nil && a.Kind == access.KindArena {
		// "arena", "arena ID": the arenas' page (the title and the
		// shell's line take the same words); "arena 2": the lobby's
		// second arena (an id is 8 letters, never a number).
		id := a.Code
		if n, err := strconv.Atoi(id); err == nil {
			if n < 1 || n > len(l.arenas.list) {
				msg := t.F("lobby.no_such_arena", "Number", n)
				l.say(msg, true)
				platform.Speak(msg)
				c.Invalidate()
				return
			}
			id = l.arenas.list[n-1].ID
		}
		l.openArena(c, id)
		return
	}
	cmd, ok := parseLobbyCommand(t, line)
	if !ok {
		msg := t.F("lobby.not_understood", "Help", t.T("lobby.help"))
		l.say(msg, true)
		platform.Speak(msg)
		c.Invalidate()
		return
	}
	l.command(c, cmd)
}

// command does what a typed command asks, as the controls would.
func (l *Lobby) command(c scenes.Context, cmd lobbyCommand) {
	switch cmd.verb {
	case verbSeek:
		if cmd.variant >= 0 {
			l.variant.Selected = cmd.variant
		}
		if cmd.kind >= 0 {
			l.kind.Selected = cmd.kind
		} else if l.me.Name != "" {
			l.kind.Selected = 0
		}
		clock := cmd.clock
		if clock < 0 {
			clock = l.clock.Selected
		}
		l.quickPair(c, clock)
	case verbAccept:
		if cmd.number > len(l.view.Seeks) {
			msg := c.Text().F("lobby.no_such_seek", "Number", cmd.number)
			l.say(msg, true)
			platform.Speak(msg)
			return
		}
		l.accept(c, cmd.number-1)
	case verbCancel:
		l.cancelSeeks(c)
	case verbName:
		l.saveName(c, cmd.name)
	case verbProfile, verbLeaders, verbLive, verbWatch:
		if l.acct == nil {
			return
		}
		switch {
		case cmd.verb == verbLeaders:
			c.Push(NewLeaders(c, l.acct, l.options(0).Variant))
		case cmd.verb == verbLive:
			c.Push(NewLive(c, l.acct))
		case cmd.verb == verbWatch:
			live := NewLive(c, l.acct)
			live.top = true
			c.Push(live)
		case cmd.name != "":
			c.Push(NewProfile(c, l.acct, cmd.name))
		case l.me.Name != "":
			c.Push(NewProfile(c, l.acct, l.me.Name))
		}
	}
	c.Invalidate()
}
