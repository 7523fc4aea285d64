package records

import (
	"bashni/scenes"
	"errors"
	"fmt"
	"strings"

	"bashni/i18n"
	"bashni/rules"
)

// importKind is what a pasted text turned out to be.
type importKind uint8

const (
	importRecord   importKind = iota // tag pairs and moves
	importMovetext                   // bare moves: "1. c3-b4 b6-c5 …"
	importFEN                        // a position, one-line or readable
)

// imported is a game read from pasted text: a record, bare moves or a
// position (a game with no moves).
type imported struct {
	Kind    importKind
	Game    *rules.Game // at its last move
	Tags    []rules.Tag
	Variant rules.Variant
	// VariantTagged is true when the text named its variant ([Variant]),
	// which then wins over the one chosen on screen.
	VariantTagged bool
}

// Tag returns the value of a tag, or "".
func (im *imported) Tag(name string) string {
	for _, t := range im.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value
		}
	}
	return ""
}

// Summary says in a line what was read, for under the text field, in the
// catalogue's language.
func (im *imported) Summary(cat *i18n.Catalog) string {
	g := im.Game
	v := cat.VariantName(im.Variant)
	if im.Kind == importFEN {
		p := g.Start()
		return cat.SideNF("import.position_summary", p.SideToMove(), p.PieceCount(), "Variant", v)
	}
	sep := cat.T("common.separator")
	s := cat.NF("import.game_summary", scenes.MoveCount(g, len(g.AllMoves())), "Variant", v)
	if o := g.Outcome(); o.Over() {
		s += sep + o.Result.Score()
	}
	if im.Tag("FEN") != "" {
		s += sep + cat.T("import.from_set_position")
	}
	return s
}

// importError is a text that cannot be opened, for a reason the screen
// says in the player's language (importErrorWords); Error is English.
type importError struct {
	kind  importErrorKind
	err   error         // what rules said (otherVariant, badPosition)
	other rules.Variant // the variant the text reads as (otherVariant)
}

type importErrorKind uint8

const (
	importNothing importErrorKind = iota
	importOtherVariant
	importBadPosition
	importNoMoves
)

func (e *importError) Error() string {
	switch e.kind {
	case importOtherVariant:
		return fmt.Sprintf("%v — it reads fine as %v: choose %v", e.err, e.other, e.other)
	case importBadPosition:
		return fmt.Sprintf("bad position: %v", e.err)
	case importNoMoves:
		return "no moves found: paste a game record, its moves (1. c3-d4 f6-e5 …) or a position"
	}
	return "paste or type a game record, its moves, or a position (FEN)"
}

func (e *importError) Unwrap() error { return e.err }

// importErrorWords says why a text cannot be opened in the catalogue's
// language (rules' own errors about records and positions stay English,
// except rejected moves and squares, which rules types).
func importErrorWords(cat *i18n.Catalog, err error) string {
	var ie *importError
	if !errors.As(err, &ie) {
		return scenes.ErrorWords(cat, err)
	}
	switch ie.kind {
	case importOtherVariant:
		return cat.F("import.other_variant", "Error", importErrorWords(cat, ie.err), "Other", cat.VariantName(ie.other))
	case importBadPosition:
		return cat.F("import.bad_position", "Error", scenes.ErrorWords(cat, ie.err))
	case importNoMoves:
		return cat.T("import.no_moves_found")
	}
	return cat.T("import.nothing_to_import")
}

// errNothingToImport is the answer to an empty field.
var errNothingToImport error = &importError{kind: importNothing}

// parseImport reads text as a game record (with tag pairs), bare movetext
// or a position in either FEN form of PROTOCOL.md. v is the variant chosen
// on screen; a record's [Variant] tag wins over it. Errors name the move,
// tag or part of the position at fault; when the text reads fine as the
// other variant, the error says so.
func parseImport(text string, v rules.Variant) (*imported, error) {
	im, err := parseImportAs(text, v)
	if err == nil || errors.Is(err, errNothingToImport) {
		return im, err
	}
	if other := otherVariant(v); !hasTag(text, "Variant") {
		if _, err2 := parseImportAs(text, other); err2 == nil {
			return nil, &importError{kind: importOtherVariant, err: err, other: other}
		}
	}
	return nil, err
}

func otherVariant(v rules.Variant) rules.Variant {
	if v == rules.Lasca {
		return rules.Bashni
	}
	return rules.Lasca
}

func parseImportAs(text string, v rules.Variant) (*imported, error) {
	s := strings.TrimSpace(strings.TrimPrefix(text, "\ufeff"))
	if s == "" {
		return nil, errNothingToImport
	}
	if looksLikeFEN(s) {
		p, err := rules.ParseFEN(v, s)
		if err != nil {
			return nil, err
		}
		if err := p.Validate(); err != nil {
			return nil, &importError{kind: importBadPosition, err: err}
		}
		return &imported{Kind: importFEN, Game: rules.NewGameFrom(p), Variant: v}, nil
	}
	kind := importMovetext
	if strings.HasPrefix(s, "[") {
		kind = importRecord
	}
	tagged := hasTag(s, "Variant")
	if !tagged && v != rules.Bashni {
		s = withTag(s, "Variant", v.String())
	}
	rec, err := rules.ParseRecord(s)
	if err != nil {
		return nil, err
	}
	g := rec.Game
	if len(g.AllMoves()) == 0 && kind == importMovetext {
		return nil, &importError{kind: importNoMoves}
	}
	im := &imported{Kind: kind, Game: g, Tags: rec.Tags, Variant: g.Variant(), VariantTagged: tagged}
	if !tagged {
		// The tag added for the chosen variant is not the record's own.
		im.Tags = withoutTag(im.Tags, "Variant")
	}
	return im, nil
}

// looksLikeFEN reports whether s is a position rather than a game: the
// one-line form starts with the side to move and a colon ("W:W…"), the
// readable one with "White:" or "Black:".
func looksLikeFEN(s string) bool {
	l := strings.ToLower(s)
	if len(l) >= 2 && (l[0] == 'w' || l[0] == 'b') && l[1] == ':' {
		return true
	}
	for _, w := range []string{"white", "black"} {
		if rest, ok := strings.CutPrefix(l, w); ok && strings.HasPrefix(strings.TrimLeft(rest, " "), ":") {
			return true
		}
	}
	return false
}

// tagLines returns the lines of the tag section at the top of a record and
// the line index where the movetext starts.
func tagSectionEnd(lines []string) int {
	i := 0
	for i < len(lines) {
		t := strings.TrimSpace(lines[i])
		if t != "" && !strings.HasPrefix(t, "[") {
			break
		}
		i++
	}
	// Blank lines after the last tag belong to the movetext side.
	for i > 0 && strings.TrimSpace(lines[i-1]) == "" {
		i--
	}
	return i
}

// hasTag reports whether the tag section names the tag.
func hasTag(text, name string) bool {
	lines := strings.Split(text, "\n")
	for _, l := range lines[:tagSectionEnd(lines)] {
		l = strings.TrimSpace(l)
		if n, _, ok := strings.Cut(strings.TrimPrefix(l, "["), " "); ok && strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}

// withTag adds a tag after the record's own, so that the line numbers of
// errors in its tags stay right.
func withTag(text, name, value string) string {
	lines := strings.Split(text, "\n")
	end := tagSectionEnd(lines)
	tag := fmt.Sprintf("[%s %q]", name, value)
	out := append([]string{}, lines[:end]...)
	out = append(out, tag)
	if end == 0 {
		out = append(out, "")
	}
	out = append(out, lines[end:]...)
	return strings.Join(out, "\n")
}

func withoutTag(tags []rules.Tag, name string) []rules.Tag {
	var out []rules.Tag
	for _, t := range tags {
		if !strings.EqualFold(t.Name, name) {
			out = append(out, t)
		}
	}
	return out
}
