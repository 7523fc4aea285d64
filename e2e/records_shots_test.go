package e2e

import (
	"image"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/editor"
	"bashni/scenes/home"
	"bashni/scenes/newgame"
	"bashni/scenes/records"
	"bashni/storage"
)

// workedGame is the worked example of shared/RULES.md.
const workedGame = "1. c3-b4 b6-c5 2. b4-a5 a7-b6 3. b2-c3 c5-b4 4. a3:c5:a7 c7-b6 5. a5:c7:e5 f6:d4:b2 6. a1:c3 d8-c7"

// TestRecordScreenshots renders the screens of saved games, records and
// the position editor at 1280×800 and 390×844 into BASHNI_SCREENSHOTS (as
// TestScreenshots does for the others).
func TestRecordScreenshots(t *testing.T) {
	dir := screenshotDir(t)
	for _, sz := range screenshotSizes {
		w, h := float64(sz[0]), float64(sz[1])
		config := t.TempDir()
		// A game won, so that the list of finished games has one.
		g := startIn(t, sz[0], sz[1], guestEnv{config: config}, "-seed", "1", "-mute", "-fen", "W:Wc3,g1:Bd4:H0:F30")
		b := playBoard(w, h, rules.Bashni, false)
		g.ticks(20)
		g.click(b.centre("c3"))
		g.click(b.centre("e5"))
		g.ticks(200)
		g.close()

		g = startIn(t, sz[0], sz[1], guestEnv{config: config}, "-seed", "11", "-mute")
		g.ticks(60)
		tl := home.TitleLayout(w, h, 1, false)
		g.click(mid(tl.Import))
		g.ticks(30)
		g.shot(dir, "import-empty")
		g.typeText("[Event \"Worked example\"]\n[White \"Rules page\"]\n[Black \"Rules page\"]\n\n" + workedGame)
		g.ticks(10)
		g.shot(dir, "import")
		g.typeText(" 7. c3-d3")
		g.ticks(10)
		g.shot(dir, "import-error")
		for i := 0; i < len(" 7. c3-d3"); i++ {
			g.key(ebiten.KeyBackspace)
		}
		il := records.ImportLayout(w, h, 1)
		g.click(mid(il.Open))
		g.ticks(30)
		g.key(ebiten.KeyEnd)
		g.ticks(10)
		g.key(ebiten.KeyArrowLeft)
		g.key(ebiten.KeyArrowRight)
		g.ticks(120)
		g.shot(dir, "replay")
		g.key(ebiten.KeyEscape)
		g.ticks(20)
		g.key(ebiten.KeyEscape)
		g.ticks(30)
		g.click(mid(tl.Games))
		g.ticks(30)
		g.shot(dir, "games")
		g.key(ebiten.KeyEscape)
		g.ticks(30)
		g.click(mid(tl.Editor))
		g.ticks(30)
		el := editor.EditorLayout(w, h, 1, rules.Bashni)
		eb := board{g: el.Board, v: rules.Bashni}
		g.click(mid(el.Empty))
		// A white king over three black men on c3, black men on d6 and
		// f6, a black column with a white prisoner on e7.
		g.click(mid(el.Pieces[1]))
		for i := 0; i < 3; i++ {
			g.click(mid(el.Pieces[2]))
		}
		g.click(eb.centre("c3"))
		g.click(mid(el.Pieces[2]))
		g.click(eb.centre("d6"))
		g.click(eb.centre("h6"))
		g.click(mid(el.Pieces[2]))
		g.click(mid(el.Pieces[0]))
		g.click(eb.centre("e7"))
		g.click(mid(el.Pieces[0]))
		g.click(eb.centre("a1"))
		g.click(mid(el.Pieces[2]))
		g.click(mid(el.Pieces[2]))
		g.ticks(10)
		g.shot(dir, "editor")
		g.click(mid(el.Analyse))
		// The computer thinks in real time, off the game loop: its best
		// move comes as an arrow on the board.
		g.untilShows("the analysis's best move on the board", func(f *image.RGBA) bool {
			return pixelsNear(f, el.Board.Outer(), theme.Hint, 23) > 300
		})
		g.shot(dir, "analysis")
		g.click(mid(el.Play))
		g.ticks(30)
		g.shot(dir, "playfrom")
		ng := newgame.Layout(w, h, 1)
		g.click(mid(ng.Start))
		g.ticks(30)
		l := scenes.ComputePlayLayout(w, h, 1, rules.Bashni, false)
		g.click(mid(l.ControlButtons(5, nil)[4]))
		g.ticks(20)
		g.shot(dir, "menu")
		g.close()
	}
}

// TestOnlineGamesScreenshot renders Past games with online games in it
// (issue 24): opponents named as the server named them, with their
// ratings, beside a game by link and one against the computer, into
// BASHNI_SCREENSHOTS as games-online-<w>x<h>.png.
func TestOnlineGamesScreenshot(t *testing.T) {
	dir := screenshotDir(t)
	rec := "[White \"Player\"]\n[Black \"alice\"]\n[Variant \"Bashni\"]\n[Result \"1-0\"]\n\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 1-0\n"
	at := time.Date(2026, 12, 1, 21, 30, 0, 0, time.Local)
	for _, sz := range screenshotSizes {
		w, h := float64(sz[0]), float64(sz[1])
		config := t.TempDir()
		store, err := storage.Open(config)
		if err != nil {
			t.Fatal(err)
		}
		for i, g := range []storage.ArchivedGame{ // oldest first: the list shows the newest first
			{Opponent: storage.OpponentComputer, Level: 2, Human: storage.White, Result: storage.ResultWhiteWins, Reason: storage.ReasonNoMoves, Plies: 37},
			{Opponent: storage.OpponentOnline, Human: storage.Black, Result: storage.ResultWhiteWins, Reason: storage.ReasonResignation, Plies: 52},
			{Opponent: storage.OpponentOnline, OpponentName: "Ёжик_42", OpponentRating: 1498, OpponentProvisional: true, Human: storage.White, Result: storage.ResultDraw, Reason: storage.ReasonAgreement, Plies: 64},
			{Opponent: storage.OpponentOnline, OpponentName: "alice", OpponentRating: 1623, Human: storage.White, Result: storage.ResultWhiteWins, Reason: storage.ReasonTime, Plies: 41},
		} {
			g.Finished, g.Variant, g.Record = at.Add(time.Duration(i)*time.Hour), storage.VariantBashni, rec
			if _, err := store.AddToArchive(g); err != nil {
				t.Fatal(err)
			}
		}
		g := startIn(t, sz[0], sz[1], guestEnv{config: config}, "-seed", "11", "-mute")
		g.ticks(60)
		g.click(mid(home.TitleLayout(w, h, 1, false).Games))
		g.ticks(40)
		g.shot(dir, "games-online")
		g.close()
	}
}
