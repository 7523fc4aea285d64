package e2e

import (
	"encoding/json"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/editor"
	"bashni/scenes/home"
	"bashni/scenes/newgame"
	"bashni/scenes/records"
	"bashni/sprites"
)

// clickMove plays m by clicking its squares: the column, then every
// landing square.
func (g *game) clickMove(b board, m rules.Move) {
	for i := 0; i < m.PathLen(); i++ {
		g.click(b.g.SquareCenter(m.PathAt(i)))
	}
}

// savedGame is the part of the saved-game document the tests look at.
type savedGame struct {
	Data struct {
		Moves    []string `json:"moves"`
		Ply      int      `json:"ply"`
		Opponent string   `json:"opponent"`
		Level    int      `json:"level"`
		Human    string   `json:"human"`
		Variant  string   `json:"variant"`
	} `json:"data"`
}

func readSaved(t *testing.T, config string) savedGame {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(config, "game.json"))
	if err != nil {
		t.Fatal(err)
	}
	var sg savedGame
	if err := json.Unmarshal(data, &sg); err != nil {
		t.Fatalf("game.json: %v", err)
	}
	return sg
}

// TestContinueAfterRestart plays three moves as Black against the
// computer, quits, starts the game again on the same saves and continues:
// the same position on the board (turned for Black), Undo takes back the
// last pair, Redo plays it again, and the opponent, level and side are
// those chosen.
func TestContinueAfterRestart(t *testing.T) {
	const w, h = 1280, 800
	config := t.TempDir()
	g := startIn(t, w, h, guestEnv{config: config}, "-seed", "7", "-mute")
	g.ticks(20)
	tl := home.TitleLayout(w, h, 1, false)
	g.click(mid(tl.NewGame))
	g.ticks(30)
	ng := newgame.Layout(w, h, 1)
	g.click(ng.Level.X+ng.Level.W/12, ng.Level.Y+ng.Level.H/2) // level 1
	g.click(ng.Side.X+ng.Side.W/2, ng.Side.Y+ng.Side.H/2)      // Black
	g.click(mid(ng.Start))
	g.ticks(30)

	b := playBoard(w, h, rules.Bashni, true) // turned: Black at the bottom
	cur := rules.NewPosition(rules.Bashni)
	cur = cur.Play(g.waitForAnswer(b, cur, 1500))
	var beforeLast *rules.Position
	for n := 0; n < 3; n++ {
		g.ticks(20)
		beforeLast = cur
		m := quietOrFirst(cur)
		g.clickMove(b, m)
		after := cur.Play(m)
		g.waitFor(b, after, 200, "after "+m.String())
		cur = after.Play(g.waitForAnswer(b, after, 1500))
	}
	g.ticks(60)
	g.expect(b, cur, "before quitting")
	g.close()

	sg := readSaved(t, config)
	if sg.Data.Opponent != "computer" || sg.Data.Level != 1 || sg.Data.Human != "black" || len(sg.Data.Moves) != 7 || sg.Data.Ply != 7 {
		t.Fatalf("saved game %+v", sg.Data)
	}

	// Start again: Continue brings back the game.
	g = startIn(t, w, h, guestEnv{config: config}, "-seed", "8", "-mute")
	g.ticks(30)
	tl = home.TitleLayout(w, h, 1, true)
	g.click(mid(tl.Continue))
	g.ticks(40)
	g.expect(b, cur, "after Continue")
	// Undo works: the position before the last pair.
	g.key(ebiten.KeyU)
	g.ticks(30)
	g.expect(b, beforeLast, "after Undo")
	// The save is written off the game loop, in real time.
	g.until("the save after Undo: ply 5 of 7 moves", func() bool {
		sg := readSaved(t, config)
		return sg.Data.Ply == 5 && len(sg.Data.Moves) == 7
	})
	// Redo plays the pair again.
	g.key(ebiten.KeyY, ebiten.KeyControlLeft)
	g.ticks(150)
	g.expect(b, cur, "after Redo")
	// The computer still answers, at the level and side kept.
	m := quietOrFirst(cur)
	g.clickMove(b, m)
	after := cur.Play(m)
	g.waitFor(b, after, 200, "a move after the restart")
	g.waitForAnswer(b, after, 1500)
	g.ticks(30)
	g.close()
	sg = readSaved(t, config)
	if sg.Data.Opponent != "computer" || sg.Data.Level != 1 || sg.Data.Human != "black" || len(sg.Data.Moves) != 9 {
		t.Fatalf("saved game after the restart %+v", sg.Data)
	}
}

// openImport goes from the title to the import screen.
func openImport(g *game, w, h float64) records.ImportRects {
	tl := home.TitleLayout(w, h, 1, false)
	g.click(mid(tl.Import))
	g.ticks(30)
	return records.ImportLayout(w, h, 1)
}

// TestImportWorkedExample pastes the worked game of RULES.md as a record,
// steps to its end — the final position RULES.md gives — and plays on
// from there against the computer.
func TestImportWorkedExample(t *testing.T) {
	const w, h = 1280, 800
	g := startIn(t, w, h, guestEnv{}, "-seed", "3", "-mute")
	g.ticks(20)
	il := openImport(g, w, h)
	g.typeText(workedGame)
	g.ticks(5)
	g.click(mid(il.Open))
	g.ticks(30)

	b := playBoard(w, h, rules.Bashni, false)
	start := rules.NewPosition(rules.Bashni)
	g.expect(b, start, "the replay starts at the start")
	// Step by step with the Next button, then to the end with End.
	l := scenes.ComputePlayLayout(w, h, 1, rules.Bashni, false)
	ctl := l.ControlButtons(5, nil)
	g.click(mid(ctl[3])) // Next
	g.ticks(60)
	g.expect(b, start.Play(mustMove(t, start, "c3-b4")), "after Next")
	g.key(ebiten.KeyEnd)
	g.ticks(20)
	final := mustFEN(t, rules.Bashni, "W:Wa7-0/00,b2-00,c3-0/0,c1,d2,e1,e3,f2,g1,g3,h2:Be5-00,b8,c7,e7,f8,g7,h6,h8")
	img := g.expect(b, final, "the end of the worked game")
	// The columns of RULES.md, piece by piece: heights on the tall ones.
	for sq, height := range map[string]int{"a7": 3, "b2": 2, "c3": 2, "e5": 2} {
		q := mustSquare(t, sq)
		if c := final.Column(q); c.Height() != height {
			t.Fatalf("rules: %s is %s", sq, c.Stack())
		}
		x, y := b.topFace(q, final.Column(q))
		if k, _ := classify(img, x, y); k == empty {
			t.Errorf("%s: no column top where a column of %d stands", sq, height)
		}
	}
	// Back one move, with the Prev button.
	moves := strings.Fields(strings.NewReplacer("1.", "", "2.", "", "3.", "", "4.", "", "5.", "", "6.", "").Replace(workedGame))
	pos := []*rules.Position{start}
	for _, mv := range moves {
		last := pos[len(pos)-1]
		pos = append(pos, last.Play(mustMove(t, last, mv)))
	}
	if !pos[12].Equal(final) {
		t.Fatalf("rules: the worked game ends in %s", pos[12].FEN())
	}
	g.click(mid(ctl[2]))
	g.ticks(20)
	g.expect(b, pos[11], "one move back")
	g.key(ebiten.KeyEnd)
	g.ticks(20)

	// Play from here: White (to move) against the computer.
	g.click(mid(records.ReplayPlayButton(w, h, 1, rules.Bashni)))
	g.ticks(30)
	ng := newgame.Layout(w, h, 1)
	g.click(ng.Level.X+ng.Level.W/12, ng.Level.Y+ng.Level.H/2) // level 1
	g.click(mid(ng.Start))
	g.ticks(30)
	g.expect(b, final, "the game goes on from the final position")
	m := quietOrFirst(final)
	g.clickMove(b, m)
	after := final.Play(m)
	g.waitFor(b, after, 200, "a move from the imported position")
	g.waitForAnswer(b, after, 1500)
	// Undo goes back into the record's moves, a pair at a time.
	g.ticks(30)
	g.key(ebiten.KeyU)
	g.ticks(30)
	g.expect(b, final, "undo after playing on")
	g.key(ebiten.KeyU)
	g.ticks(30)
	g.expect(b, pos[10], "undo into the record")
}

func mustSquare(t *testing.T, s string) rules.Square {
	t.Helper()
	q, err := rules.ParseSquare(rules.Bashni, s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// inkExtent is the horizontal span of pixels in r that differ from the
// colour at r's left edge: where text was drawn.
func inkExtent(img *image.RGBA, r scenes.Rect) (x0, x1 float64, ok bool) {
	bg := at(img, r.X+2, r.Y+r.H/2)
	x0, x1 = -1, -1
	for x := int(r.X) + 2; x < int(r.X+r.W)-2; x++ {
		for y := int(r.Y) + 4; y < int(r.Y+r.H)-4; y++ {
			if !near(at(img, float64(x), float64(y)), bg, 40) {
				if x0 < 0 {
					x0 = float64(x)
				}
				x1 = float64(x)
				break
			}
		}
	}
	return x0, x1, x0 >= 0
}

// TestBadRecordNamesTheMove types a record with an illegal fourth move:
// the line under the field turns into the error — the very text rules
// gives, naming the move — and Open stays on the screen.
func TestBadRecordNamesTheMove(t *testing.T) {
	const w, h = 1280, 800
	g := startIn(t, w, h, guestEnv{}, "-seed", "3", "-mute")
	g.ticks(20)
	il := openImport(g, w, h)
	const bad = "1. c3-b4 b6-c5 2. b4-a5 a7-b6 3. b2-c3 c5-b4 4. a3-b4"
	_, perr := rules.ParseRecord(bad)
	if perr == nil || !strings.Contains(perr.Error(), "move 4. a3-b4") {
		t.Fatalf("rules: %v", perr)
	}
	g.typeText(bad)
	g.ticks(5)
	img := g.frame()
	st := il.Status
	// The error box: tinted with the must-capture red.
	if c := at(img, st.X+st.W-6, st.Y+st.H/2); near(c, theme.Panel, 6) {
		g.snap(img, "bad")
		t.Fatalf("no error box under the field: %v", c)
	}
	// Its text is the message of rules, drawn from the left: as wide as
	// that message in the game's font.
	fonts := sprites.NewFonts()
	want, _ := fonts.Measure(perr.Error(), 14, sprites.Medium)
	inner := scenes.Rect{X: st.X + 6, Y: st.Y + 4, W: st.W - 12, H: st.H - 8}
	x0, x1, ok := inkExtent(img, inner)
	if !ok {
		g.snap(img, "bad")
		t.Fatal("no text in the error box")
	}
	if got := x1 - x0; got < want-6 || got > want+6 {
		g.snap(img, "bad")
		t.Errorf("the error line is %.0f px wide, the message %q is %.0f", got, perr.Error(), want)
	}
	// Open refuses: the import screen stays.
	g.click(mid(il.Open))
	g.ticks(30)
	img2 := g.frame()
	if c := at(img2, st.X+st.W-6, st.Y+st.H/2); !near(c, at(img, st.X+st.W-6, st.Y+st.H/2), 8) {
		g.snap(img2, "after-open")
		t.Errorf("Open left the import screen with a bad record")
	}
	// Fixing the move makes it good: Backspace ×5, then the capture.
	for i := 0; i < 5; i++ {
		g.key(ebiten.KeyBackspace)
	}
	g.typeText("a3:c5:a7")
	g.ticks(5)
	img3 := g.frame()
	if c := at(img3, st.X+st.W-6, st.Y+st.H/2); !near(c, theme.Panel, 12) {
		g.snap(img3, "fixed")
		t.Errorf("the error box is still there after the fix: %v", c)
	}
	g.click(mid(il.Open))
	g.ticks(40)
	b := playBoard(w, h, rules.Bashni, false)
	g.expect(b, rules.NewPosition(rules.Bashni), "the fixed record opens at its start")
}

// TestFinishedGameInList wins a game, starts again, and finds it in the
// list of finished games; it replays from there.
func TestFinishedGameInList(t *testing.T) {
	const w, h = 390, 844
	const fen = "W:Wc3,g1:Bd4:H0:F30"
	config := t.TempDir()
	g := startIn(t, w, h, guestEnv{config: config}, "-seed", "1", "-mute", "-fen", fen)
	g.ticks(20)
	b := playBoard(w, h, rules.Bashni, false)
	g.tap(b.centre("c3"))
	g.tap(b.centre("e5"))
	g.ticks(200)
	g.close()

	g = startIn(t, w, h, guestEnv{config: config}, "-seed", "1", "-mute")
	g.ticks(20)
	tl := home.TitleLayout(w, h, 1, false)
	g.tap(mid(tl.Games))
	g.ticks(30)
	al := records.ArchiveLayout(w, h, 1, 1)
	img := g.frame()
	// One row: the "Won" pill in the accent colour at its left.
	row := scenes.Rect{X: al.List.X, Y: al.List.Y, W: al.List.W, H: al.RowH}
	if c := at(img, row.X+20, row.Y+row.H/2); !near(c, theme.Accent, 30) {
		g.snap(img, "list")
		t.Fatalf("no result pill in the first row: %v, want %v", c, theme.Accent)
	}
	if c := at(img, row.X+20, row.Y+row.H*1.5); near(c, theme.Accent, 30) {
		t.Errorf("a second row in a list of one game")
	}
	g.tap(mid(row))
	g.ticks(40)
	start := mustFEN(t, rules.Bashni, fen)
	g.expect(b, start, "the replay of the finished game")
	g.key(ebiten.KeyArrowRight)
	g.ticks(80)
	g.expect(b, start.Play(mustMove(t, start, "c3:e5")), "its last move")
}

// TestEditorBuildsAndPlays builds a position in the editor — a white king
// over two black men, two black men — and plays it against the computer.
func TestEditorBuildsAndPlays(t *testing.T) {
	const w, h = 390, 844
	g := startIn(t, w, h, guestEnv{}, "-seed", "2", "-mute")
	g.ticks(20)
	tl := home.TitleLayout(w, h, 1, false)
	g.tap(mid(tl.Editor))
	g.ticks(30)
	el := editor.EditorLayout(w, h, 1, rules.Bashni)
	eb := board{g: el.Board, m: sprites.MetricsFor(el.Board.Square), v: rules.Bashni}
	g.expect(eb, rules.NewPosition(rules.Bashni), "the editor opens on the start position")
	g.tap(mid(el.Empty))
	g.tap(mid(el.Pieces[1])) // a white king…
	g.tap(mid(el.Pieces[2])) // …over a black man…
	g.tap(mid(el.Pieces[2])) // …and another
	g.tap(eb.centre("c3"))
	g.tap(mid(el.Pieces[2])) // a single black man
	g.tap(eb.centre("f6"))
	g.tap(eb.centre("b8"))
	g.ticks(5)
	want := mustFEN(t, rules.Bashni, "W:Wc3-1/00:Bf6,b8")
	g.expect(eb, want, "the position built")
	// A tap with the same column takes it away again; a second puts it back.
	g.tap(eb.centre("b8"))
	g.ticks(5)
	g.expect(eb, mustFEN(t, rules.Bashni, "W:Wc3-1/00:Bf6"), "b8 removed")
	g.tap(eb.centre("b8"))
	g.ticks(5)

	g.tap(mid(el.Play))
	g.ticks(30)
	ng := newgame.Layout(w, h, 1)
	g.tap(ng.Level.X+ng.Level.W/12, ng.Level.Y+ng.Level.H/2)
	g.tap(mid(ng.Start))
	g.ticks(30)
	b := playBoard(w, h, rules.Bashni, false)
	g.expect(b, want, "the game starts from the position built")
	// The king must capture f6: c3 to g7 (or h8).
	m := mustMove(t, want, "c3:g7")
	g.tap(b.centre("c3"))
	g.tap(b.centre("g7"))
	after := want.Play(m)
	g.waitFor(b, after, 200, "after c3:g7")
	if c := after.Column(mustSquare(t, "g7")); c.Stack() != "1/000" {
		t.Fatalf("rules: g7 is %s", c.Stack())
	}
	g.waitForAnswer(b, after, 1500)
}
