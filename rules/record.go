package rules

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Tag is one tag pair of a game record, e.g. [Event "Casual game"].
type Tag struct {
	Name, Value string
}

// Record is a parsed game record: its tags in order and the game they
// describe.
type Record struct {
	Tags []Tag
	Game *Game
}

// Tag returns the value of the named tag (case-insensitive), or "".
func (r *Record) Tag(name string) string {
	for _, t := range r.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value
		}
	}
	return ""
}

// FormatRecord writes g as a game record (PROTOCOL.md): the given tags in
// order, with Variant, FEN (only for a non-standard start) and Result set from
// the game, then the numbered moves up to the current ply and the result.
func FormatRecord(g *Game, tags []Tag) string {
	result := g.Outcome().Result.Score()
	start := g.Start()
	fixed := map[string]string{"Variant": g.Variant().String(), "Result": result}
	if !start.Equal(NewPosition(g.Variant())) || start.halfmove != 0 || start.fullmove != 1 {
		fixed["FEN"] = start.FEN()
	}
	var b strings.Builder
	written := map[string]bool{}
	writeTag := func(name, value string) {
		fmt.Fprintf(&b, "[%s \"%s\"]\n", name, escapeTag(value))
		written[name] = true
	}
	for _, t := range tags {
		if written[t.Name] || !validTagName(t.Name) {
			continue
		}
		if v, ok := fixed[t.Name]; ok {
			writeTag(t.Name, v)
			continue
		}
		if t.Name == "FEN" {
			continue
		}
		writeTag(t.Name, t.Value)
	}
	for _, name := range []string{"Variant", "FEN", "Result"} {
		if v, ok := fixed[name]; ok && !written[name] {
			writeTag(name, v)
		}
	}
	b.WriteByte('\n')
	b.WriteString(wrap(movetext(g, result), 79))
	b.WriteByte('\n')
	return b.String()
}

func movetext(g *Game, result string) string {
	var words []string
	p := g.Start()
	number, side := p.fullmove, p.side
	for i, m := range g.Moves() {
		switch {
		case side == White:
			words = append(words, strconv.Itoa(number)+".")
		case i == 0:
			words = append(words, strconv.Itoa(number)+"...")
		}
		words = append(words, m.String())
		if side == Black {
			number++
		}
		side = side.Opponent()
	}
	words = append(words, result)
	return strings.Join(words, " ")
}

func wrap(text string, width int) string {
	var b strings.Builder
	line := 0
	for i, w := range strings.Fields(text) {
		if i > 0 {
			if line+1+len(w) > width {
				b.WriteByte('\n')
				line = 0
			} else {
				b.WriteByte(' ')
				line++
			}
		}
		b.WriteString(w)
		line += len(w)
	}
	return b.String()
}

func escapeTag(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	s = strings.ReplaceAll(s, `"`, `\"`)
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, s)
}

func validTagName(name string) bool {
	if name == "" {
		return false
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' {
			return false
		}
	}
	return true
}

// ParseRecord reads a game record, replaying every move. Errors name the tag
// or the move at fault.
func ParseRecord(text string) (*Record, error) {
	rec := &Record{}
	rest := strings.TrimPrefix(text, "\ufeff")
	// Tag section: lines starting with '['.
	line := 0
	for {
		rest = strings.TrimLeft(rest, " \t\r")
		if strings.HasPrefix(rest, "\n") {
			rest = rest[1:]
			line++
			continue
		}
		if !strings.HasPrefix(rest, "[") {
			break
		}
		line++
		end := strings.IndexByte(rest, '\n')
		tagLine := rest
		if end >= 0 {
			tagLine, rest = rest[:end], rest[end+1:]
		} else {
			rest = ""
		}
		tag, err := parseTag(strings.TrimSpace(tagLine))
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		rec.Tags = append(rec.Tags, tag)
	}

	variant := Bashni
	if v := rec.Tag("Variant"); v != "" {
		var err error
		if variant, err = ParseVariant(v); err != nil {
			return nil, fmt.Errorf("tag [Variant %s]: %w", Quote(v), err)
		}
	}
	start := NewPosition(variant)
	if f := rec.Tag("FEN"); f != "" {
		var err error
		if start, err = ParseFEN(variant, f); err != nil {
			return nil, fmt.Errorf("tag [FEN %s]: %w", Quote(f), err)
		}
	}
	declared := Ongoing
	if r := rec.Tag("Result"); r != "" {
		var err error
		if declared, err = ParseResult(r); err != nil {
			return nil, fmt.Errorf("tag [Result %s]: %w", Quote(r), err)
		}
	}

	g := NewGameFrom(start)
	rec.Game = g
	tokens, err := movetextTokens(rest)
	if err != nil {
		return nil, err
	}
	sawResult := false
	for _, tok := range tokens {
		if sawResult {
			return nil, fmt.Errorf("%s after the result", Quote(tok))
		}
		if r, err := ParseResult(tok); err == nil {
			if rec.Tag("Result") != "" && r != declared {
				return nil, fmt.Errorf("result %s differs from tag [Result %s]", tok, Quote(rec.Tag("Result")))
			}
			declared, sawResult = r, true
			continue
		}
		p := g.Position()
		if _, err := g.PlayText(tok); err != nil {
			dots := "."
			if p.side == Black {
				dots = "..."
			}
			return nil, fmt.Errorf("move %d%s %s: %w", p.fullmove, dots, printable(tok), err)
		}
	}
	return rec, applyDeclaredResult(g, declared)
}

// applyDeclaredResult reconciles the record's result with the final position:
// a decisive result the rules do not give is a resignation, a draw the rules
// do not give is an agreement, and a result contradicting the rules is an
// error.
func applyDeclaredResult(g *Game, declared Result) error {
	o := g.Outcome()
	switch {
	case declared == Ongoing || declared == o.Result:
		return nil
	case o.Over():
		return fmt.Errorf("result %s contradicts the final position: %s", declared.Score(), o.Explain())
	case declared == Draw:
		return g.AgreeDraw()
	case declared == WhiteWins:
		return g.Resign(Black)
	default:
		return g.Resign(White)
	}
}

func parseTag(s string) (Tag, error) {
	if !strings.HasPrefix(s, "[") || !strings.HasSuffix(s, "]") {
		return Tag{}, fmt.Errorf("bad tag %s: want [Name \"value\"]", Quote(s))
	}
	body := strings.TrimSpace(s[1 : len(s)-1])
	name, value, ok := strings.Cut(body, " ")
	value = strings.TrimSpace(value)
	if !ok || !validTagName(name) || len(value) < 2 || value[0] != '"' || value[len(value)-1] != '"' {
		return Tag{}, fmt.Errorf("bad tag %s: want [Name \"value\"]", Quote(s))
	}
	var b strings.Builder
	inner := value[1 : len(value)-1]
	for i := 0; i < len(inner); i++ {
		c := inner[i]
		if c == '\\' && i+1 < len(inner) {
			i++
			c = inner[i]
		} else if c == '"' {
			return Tag{}, fmt.Errorf("bad tag %s: unescaped quote in the value", Quote(s))
		}
		b.WriteByte(c)
	}
	return Tag{Name: name, Value: b.String()}, nil
}

// movetextTokens splits movetext into moves and results, dropping move
// numbers, comments ({…} and ; to the end of the line) and variations (…).
func movetextTokens(s string) ([]string, error) {
	var tokens []string
	depth := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return nil, fmt.Errorf("comment '{' never closed")
			}
			i += end + 1
			continue
		case c == ';':
			end := strings.IndexByte(s[i:], '\n')
			if end < 0 {
				return tokens, nil
			}
			i += end + 1
			continue
		case c == '(':
			depth++
			i++
			continue
		case c == ')':
			if depth == 0 {
				return nil, fmt.Errorf("')' without '('")
			}
			depth--
			i++
			continue
		case c == '}':
			return nil, fmt.Errorf("'}' without '{'")
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		}
		j := i
		for j < len(s) && !strings.ContainsRune(" \t\r\n{};()", rune(s[j])) {
			j++
		}
		word := s[i:j]
		i = j
		if depth > 0 {
			continue
		}
		word = stripMoveNumber(word)
		if word != "" {
			tokens = append(tokens, word)
		}
	}
	if depth > 0 {
		return nil, fmt.Errorf("variation '(' never closed")
	}
	return tokens, nil
}

// stripMoveNumber removes a leading "12." or "12..." from a token.
func stripMoveNumber(w string) string {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	if i > 0 && i < len(w) && w[i] == '.' {
		return strings.TrimLeft(w[i:], ".")
	}
	if i == len(w) && strings.HasSuffix(w, ".") {
		return ""
	}
	return w
}
