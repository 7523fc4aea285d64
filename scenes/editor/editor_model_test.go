package editor

import (
	"testing"

	"bashni/rules"
)

func sqOf(t *testing.T, v rules.Variant, s string) rules.Square {
	t.Helper()
	q, err := rules.ParseSquare(v, s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func TestEditorBuildsColumnsOfAnyComposition(t *testing.T) {
	e := newEditorModel(rules.Bashni, nil)
	if ok, _ := e.Check(); !ok || e.Position().FEN() != rules.StartFEN(rules.Bashni) {
		t.Fatalf("the editor starts from the start position: %s", e.Position().FEN())
	}
	e.Clear()
	if ok, msg := e.Check(); ok || msg != "The board is empty: place some columns." {
		t.Fatalf("empty board: %v %q", ok, msg)
	}
	// A white king on four black men: "1/0000".
	e.ClearBrush()
	for _, p := range []rules.Piece{rules.WhiteKing, rules.BlackMan, rules.BlackMan, rules.BlackMan, rules.BlackMan} {
		if !e.Add(p) {
			t.Fatalf("cannot add %v", p)
		}
	}
	if e.CanAdd(rules.WhiteMan) || e.Add(rules.WhiteMan) {
		t.Fatal("a third colour layer was accepted")
	}
	if !e.CanAdd(rules.BlackKing) {
		t.Fatal("more prisoners of the same colour are fine")
	}
	if got := e.Brush().Stack(); got != "1/0000" {
		t.Fatalf("brush %s", got)
	}
	c1 := sqOf(t, rules.Bashni, "c1")
	if msg := e.Place(c1); msg != "" {
		t.Fatal(msg)
	}
	// The next piece starts a new column: a single black man.
	e.Add(rules.BlackMan)
	if got := e.Brush(); got != rules.ColumnOf(rules.BlackMan) {
		t.Fatalf("after placing, a new piece starts a new brush: %v", got.Stack())
	}
	a7 := sqOf(t, rules.Bashni, "a7")
	e.Place(a7)
	e.Place(sqOf(t, rules.Bashni, "h8"))
	// A second tap with the same brush removes the column again.
	e.Place(sqOf(t, rules.Bashni, "h8"))
	if !e.Column(sqOf(t, rules.Bashni, "h8")).IsEmpty() {
		t.Fatal("a second tap should remove the column")
	}
	e.SetSide(rules.Black)
	ok, msg := e.Check()
	if !ok {
		t.Fatal(msg)
	}
	want := "B:Wc1-1/0000:Ba7-0:H0:F1"
	if got := e.Position().FEN(); got != want {
		t.Fatalf("FEN %s, want %s", got, want)
	}
	// Pick copies a column into the brush.
	e.Pick(c1)
	if e.Brush().Stack() != "1/0000" || e.Brush().Owner() != rules.White {
		t.Fatal("pick")
	}
	e.Erase(c1)
	if !e.Column(c1).IsEmpty() {
		t.Fatal("erase")
	}
}

func TestEditorRefusesTooManyPieces(t *testing.T) {
	e := newEditorModel(rules.Bashni, nil) // 12 a side already
	e.ClearBrush()
	e.Add(rules.WhiteMan)
	e.Add(rules.WhiteMan)
	if msg := e.Place(sqOf(t, rules.Bashni, "d4")); msg == "" {
		t.Fatal("a 13th white piece was placed")
	}
	if !e.Column(sqOf(t, rules.Bashni, "d4")).IsEmpty() {
		t.Fatal("the refused column stayed")
	}
	// Replacing a column of one by a column of two is still 13.
	if msg := e.Place(sqOf(t, rules.Bashni, "c3")); msg == "" {
		t.Fatal("13 white pieces by replacement")
	}
	// Lasca has 11 a side: switching keeps the columns that fit, and the
	// count is checked.
	e.SetVariant(rules.Lasca)
	if w, b := e.Counts(); w != 11 || b != 7 {
		t.Fatalf("after the switch to Lasca: %d white, %d black", w, b)
	}
	e.ClearBrush()
	e.Add(rules.WhiteMan)
	if msg := e.Place(sqOf(t, rules.Lasca, "d4")); msg == "" {
		t.Fatal("a 12th white piece on a Lasca board")
	}
	e.Reset()
	if ok, _ := e.Check(); !ok || e.Position().FEN() != rules.StartFEN(rules.Lasca) {
		t.Fatal("reset to Lasca's start")
	}
}

func TestEditorSideWithoutMoves(t *testing.T) {
	p, _ := rules.ParseFEN(rules.Bashni, "B:Wc3:Bh8-0/0,a1:H0:F1")
	e := newEditorModel(rules.Bashni, p)
	if ok, _ := e.Check(); !ok {
		t.Fatal("black can move h8")
	}
	e.SetSide(rules.White)
	e.Erase(sqOf(t, rules.Bashni, "c3"))
	if ok, msg := e.Check(); ok {
		t.Fatalf("white has no piece: %q", msg)
	}
}
