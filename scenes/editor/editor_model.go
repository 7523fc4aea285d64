package editor

import (
	"bashni/i18n"
	"bashni/rules"
	"bashni/scenes"
)

// editorModel is the position editor without pixels: the columns on the
// board, the side to move, the variant, and the "brush" — the column the
// player builds, top piece first, and places on squares. Columns never have
// more than two colour layers: the brush refuses a piece that would make a
// third.
type editorModel struct {
	variant rules.Variant
	cols    [64]rules.Column
	side    rules.Color
	brush   []rules.Piece // top first
	// placed is set once the brush went on the board: the next piece
	// chosen starts a new column instead of going under this one.
	placed bool
	// words say the model's refusals and checks (English until the
	// editor sets the player's language).
	words *i18n.Catalog
}

// newEditorModel starts from p (copied), or from v's start position when p
// is nil. The brush is a single white man; the first piece chosen starts a
// new one.
func newEditorModel(v rules.Variant, p *rules.Position) *editorModel {
	e := &editorModel{variant: v, words: i18n.New(i18n.English)}
	if p == nil {
		p = rules.NewPosition(v)
	}
	e.load(p)
	e.brush = []rules.Piece{rules.WhiteMan}
	e.placed = true
	return e
}

func (e *editorModel) load(p *rules.Position) {
	e.variant = p.Variant()
	e.cols = [64]rules.Column{}
	for _, sq := range e.variant.Squares() {
		e.cols[sq] = p.Column(sq)
	}
	e.side = p.SideToMove()
}

// Column is the column on sq.
func (e *editorModel) Column(sq rules.Square) rules.Column { return e.cols[sq] }

// Brush is the column being built (empty: none).
func (e *editorModel) Brush() rules.Column { return rules.ColumnOf(e.brush...) }

// CanAdd reports whether p can go under the brush (or start a new one).
func (e *editorModel) CanAdd(p rules.Piece) bool {
	if e.placed || len(e.brush) == 0 {
		return true
	}
	if len(e.brush) >= e.variant.Pieces() {
		return false
	}
	// A third colour layer: the brush already changes colour once and p
	// differs from its bottom.
	last := e.brush[len(e.brush)-1]
	return p.Color() == last.Color() || rules.ColumnOf(e.brush...).Layers() < 2
}

// Add puts p under the brush; right after the brush was placed it starts a
// new column with p instead. It reports false when p would make a third
// colour layer.
func (e *editorModel) Add(p rules.Piece) bool {
	if !e.CanAdd(p) {
		return false
	}
	if e.placed {
		e.brush = e.brush[:0]
		e.placed = false
	}
	e.brush = append(e.brush, p)
	return true
}

// RemoveLast takes the bottom piece off the brush.
func (e *editorModel) RemoveLast() {
	if len(e.brush) > 0 {
		e.brush = e.brush[:len(e.brush)-1]
	}
	e.placed = false
}

// ClearBrush empties the brush.
func (e *editorModel) ClearBrush() {
	e.brush = e.brush[:0]
	e.placed = false
}

// Counts returns how many pieces of each colour are on the board.
func (e *editorModel) Counts() (white, black int) {
	for _, sq := range e.variant.Squares() {
		c := e.cols[sq]
		for i := 0; i < c.Height(); i++ {
			if c.Piece(i).Color() == rules.White {
				white++
			} else {
				black++
			}
		}
	}
	return white, black
}

// Place puts the brush on sq. On a square that already holds exactly the
// brush it removes the column instead (a second tap undoes the first). It
// returns a message when it refuses: an empty brush, or more pieces of a
// colour than the game has.
func (e *editorModel) Place(sq rules.Square) (msg string) {
	if !e.variant.Playable(sq) {
		return ""
	}
	b := e.Brush()
	if b.IsEmpty() {
		return e.words.T("editor.build_first")
	}
	if e.cols[sq] == b {
		e.cols[sq] = 0
		e.placed = true
		return ""
	}
	old := e.cols[sq]
	e.cols[sq] = b
	if m := e.tooMany(); m != "" {
		e.cols[sq] = old
		return m
	}
	e.placed = true
	return ""
}

// tooMany says which colour has more pieces than the variant allows.
func (e *editorModel) tooMany() string {
	w, bl := e.Counts()
	limit := e.variant.Pieces() / 2
	v := e.words.VariantName(e.variant)
	switch {
	case w > limit:
		return e.words.SideNF("editor.too_many", rules.White, w, "Variant", v, "Limit", limit)
	case bl > limit:
		return e.words.SideNF("editor.too_many", rules.Black, bl, "Variant", v, "Limit", limit)
	}
	return ""
}

// Erase empties sq.
func (e *editorModel) Erase(sq rules.Square) {
	if e.variant.Playable(sq) {
		e.cols[sq] = 0
	}
}

// Pick copies the column on sq into the brush (an empty square leaves it).
func (e *editorModel) Pick(sq rules.Square) {
	c := e.cols[sq]
	if c.IsEmpty() {
		return
	}
	e.brush = append(e.brush[:0], c.Pieces()...)
	e.placed = true
}

// Clear empties the board.
func (e *editorModel) Clear() { e.cols = [64]rules.Column{} }

// Reset sets up the variant's start position, White to move.
func (e *editorModel) Reset() { e.load(rules.NewPosition(e.variant)) }

// SetSide chooses the side to move.
func (e *editorModel) SetSide(c rules.Color) { e.side = c }

// SetVariant changes the game, keeping the columns on squares both boards
// have (Lasca's 7×7 board is Bashni's without the h file and the 8th rank).
func (e *editorModel) SetVariant(v rules.Variant) {
	if v == e.variant {
		return
	}
	for sq := range e.cols {
		if !v.Playable(rules.Square(sq)) {
			e.cols[sq] = 0
		}
	}
	e.variant = v
	for len(e.brush) > v.Pieces() {
		e.brush = e.brush[:len(e.brush)-1]
	}
}

// Position builds the position (H0, F1).
func (e *editorModel) Position() *rules.Position {
	p := rules.EmptyPosition(e.variant)
	for _, sq := range e.variant.Squares() {
		if c := e.cols[sq]; !c.IsEmpty() {
			_ = p.SetColumn(sq, c) // two layers at most by construction
		}
	}
	p.SetSideToMove(e.side)
	return p
}

// Check says whether the position can be played: ok is false, with the
// reason, for too many pieces of a colour or a side to move that has no
// legal move (the game would be over before it starts).
func (e *editorModel) Check() (ok bool, msg string) {
	if m := e.tooMany(); m != "" {
		return false, m
	}
	p := e.Position()
	if err := p.Validate(); err != nil {
		return false, e.words.F("editor.invalid", "Error", scenes.ErrorWords(e.words, err))
	}
	w, b := e.Counts()
	if !p.HasLegalMove() {
		if w+b == 0 {
			return false, e.words.T("editor.board_empty")
		}
		return false, e.words.Side("editor.no_legal_move", e.side)
	}
	id := "editor.summary_moves"
	if p.MustCapture() {
		id = "editor.summary_capture"
	}
	return true, e.words.SideF(id, e.side, "White", w, "Black", b)
}
