package arena

import (
	"strconv"
	"strings"

	"bashni/access"
	"bashni/i18n"
	"bashni/online/remote"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes"
)

// The page's typed commands (the page's command line): "join", "pause",
// "table", "back", a number in the list, "arena ID" — English always, and
// each language's own words.

type verb uint8

const (
	verbNone  verb = iota
	verbJoin       // join the arena shown, or come back to it
	verbPause      // pause in it: no more pairings
	verbTable      // say the standings' first rows and the player's place
	verbBack       // the list, or leave the page
	verbOpen       // the list's arena number N, or the arena of an id
	verbList       // "arena" alone: the list
)

// command is a typed line, understood.
type command struct {
	verb   verb
	number int    // verbOpen: the row, from 1 (0: by id)
	id     string // verbOpen: an arena's id
}

// isWord reports whether w is the English word or one of the language's
// (key holds them separated by commas).
func isWord(t *i18n.Catalog, w, english, key string) bool {
	if strings.EqualFold(w, english) {
		return true
	}
	for _, x := range strings.Split(t.T(key), ",") {
		if strings.EqualFold(strings.TrimSpace(x), w) {
			return true
		}
	}
	return false
}

// parseCommand reads a typed line; ok is false when it is no command of
// this page.
func parseCommand(t *i18n.Catalog, line string) (command, bool) {
	line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "/"))
	if n, err := strconv.Atoi(line); err == nil && n > 0 {
		return command{verb: verbOpen, number: n}, true
	}
	if cmd, err := access.Parse(t, rules.NewPosition(rules.Bashni), line); err == nil && cmd.Kind == access.KindArena {
		if cmd.Code == "" {
			return command{verb: verbList}, true
		}
		return command{verb: verbOpen, id: cmd.Code}, true
	}
	for _, v := range []struct {
		english, key string
		verb         verb
	}{
		{"join", "arena.word_join", verbJoin},
		{"pause", "arena.word_pause", verbPause},
		{"leave", "arena.word_pause", verbPause},
		{"table", "arena.word_table", verbTable},
		{"standings", "arena.word_table", verbTable},
		{"back", "arena.word_back", verbBack},
	} {
		if isWord(t, line, v.english, v.key) {
			return command{verb: v.verb}, true
		}
	}
	return command{}, false
}

// PageCommand carries out a line typed into the page's command line.
func (s *Screen) PageCommand(c scenes.Context, line string) {
	t := c.Text()
	cmd, ok := parseCommand(t, line)
	if !ok {
		s.tell(c, t.F("lobby.not_understood", "Help", t.T("arena.help")))
		return
	}
	switch cmd.verb {
	case verbJoin:
		if s.id == "" {
			s.tell(c, t.T("arena.help"))
			return
		}
		if !s.joined {
			s.joinOrPause(c)
		}
	case verbPause:
		if s.id != "" && s.joined {
			s.joinOrPause(c)
		}
	case verbTable:
		if tb := s.table(); tb != nil {
			platform.Speak(s.statusWords(c, tb) + ". " + s.topWords(c, tb, 5))
		} else {
			s.sayList(c)
		}
	case verbBack:
		s.back(c)
	case verbList:
		if s.id != "" {
			s.showList(c)
		} else {
			s.sayList(c)
		}
	case verbOpen:
		id := cmd.id
		if cmd.number > 0 {
			if s.id != "" || cmd.number > len(s.list) {
				s.tell(c, t.T("arena.help"))
				return
			}
			id = s.list[cmd.number-1].ID
		}
		if normal, err := remote.NormalizeArenaID(id); err == nil {
			s.open(c, normal)
		} else {
			s.tell(c, t.F("arena.failed", "Error", err.Error()))
		}
	}
	c.Invalidate()
}
