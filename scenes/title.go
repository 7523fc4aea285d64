package scenes

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"bashni/rules"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

// TitleRects is where the title screen puts things (physical pixels).
type TitleRects struct {
	Board                              sprites.Geometry // the attract-mode board behind the menu
	Menu                               Rect             // the column with the title and buttons
	Continue, NewGame, Rules, Settings Rect
	Games, Import, Editor              Rect // finished games, a pasted record, the position editor
	TitleY                             float64
	Landscape                          bool
}

// TitleLayout lays out the title screen. Continue is empty when there is
// no game to continue.
func TitleLayout(w, h, scale float64, canContinue bool) TitleRects {
	dp := func(v float64) float64 { return math.Round(v * scale) }
	var t TitleRects
	t.Landscape = w >= h*1.1
	bw := math.Min(dp(340), w-2*dp(24))
	bh := dp(56)
	gap := dp(12)
	n := 4.0
	if canContinue {
		n = 5
	}
	// The three small buttons share a row; so do Rules and Settings.
	small := dp(50)
	stack := (n-2)*bh + 2*small + (n-1)*gap
	var x, y float64
	if t.Landscape {
		side := math.Min(h-dp(48), w*0.58)
		t.Board = sprites.FitGeometry(rules.Bashni, w-side-dp(24), (h-side)/2, side, side, false)
		mw := w - side - dp(72)
		t.Menu = Rect{X: dp(48), Y: 0, W: mw, H: h}
		bw = math.Min(bw, mw)
		group := dp(150) + stack
		t.TitleY = math.Round((h - group) / 2)
		y = t.TitleY + dp(150)
		x = t.Menu.X + (mw-bw)/2
	} else {
		side := math.Min(w, math.Min(h*0.5, h-dp(120)-stack-dp(60)))
		t.Board = sprites.FitGeometry(rules.Bashni, (w-side)/2, dp(12), side, side, false)
		t.Menu = Rect{X: 0, Y: h * 0.4, W: w, H: h * 0.6}
		x = (w - bw) / 2
		// The title and the buttons, centred in the space below the board.
		below := t.Board.Outer().Y + t.Board.Outer().H
		group := dp(120) + stack
		t.TitleY = math.Round(below + math.Max(dp(16), (h-below-group)/2))
		y = t.TitleY + dp(120)
	}
	if canContinue {
		t.Continue = Rect{X: x, Y: y, W: bw, H: bh}
		y += bh + gap
	}
	t.NewGame = Rect{X: x, Y: y, W: bw, H: bh}
	y += bh + gap
	third := (bw - 2*gap) / 3
	t.Games = Rect{X: x, Y: y, W: third, H: small}
	t.Import = Rect{X: x + third + gap, Y: y, W: third, H: small}
	t.Editor = Rect{X: x + 2*(third+gap), Y: y, W: third, H: small}
	y += small + gap
	t.Rules = Rect{X: x, Y: y, W: (bw - gap) / 2, H: small}
	t.Settings = Rect{X: x + (bw+gap)/2, Y: y, W: (bw - gap) / 2, H: small}
	return t
}

// TitleScene is the main menu, with a computer-versus-computer game playing
// itself slowly behind it.
type TitleScene struct {
	rects  TitleRects
	w, h   float64
	notice string

	btnContinue, btnNew, btnRules, btnSettings ui.Button
	btnGames, btnImport, btnEditor             ui.Button
	saved                                      *storage.SavedGame

	// Attract mode.
	r       *sprites.Renderer
	board   *boardView
	match   *Match
	thinker *Thinker
	anim    *moveAnim
	nextAt  int64
}

// NewTitleScene makes the title screen.
func NewTitleScene(a *App) *TitleScene {
	s := &TitleScene{notice: a.opts.Notice}
	s.btnContinue = ui.Button{Label: "Continue", Kind: ui.Primary}
	s.btnNew = ui.Button{Label: "New game", Kind: ui.Secondary}
	s.btnRules = ui.Button{Label: "Rules", Kind: ui.Secondary}
	s.btnSettings = ui.Button{Label: "Settings", Kind: ui.Secondary}
	s.btnGames = ui.Button{Label: "Past games", Kind: ui.Secondary, TextSize: 15}
	s.btnImport = ui.Button{Label: "Import", Kind: ui.Secondary, TextSize: 15}
	s.btnEditor = ui.Button{Label: "Editor", Kind: ui.Secondary, TextSize: 15}
	if a.store != nil {
		sg, ok, notice := a.store.LoadGame()
		if ok && sg.Result == storage.ResultNone && (len(sg.Moves) > 0 || sg.StartFEN != "") {
			s.saved = &sg
		}
		if notice != "" {
			s.notice = joinNotices(s.notice, string(notice))
		}
	}
	s.r = sprites.NewRenderer(a.theme)
	s.board = newBoardView(s.r)
	if !a.opts.NoAttract {
		s.thinker = NewThinker(a.newEngine())
		s.restartAttract()
	}
	return s
}

func (s *TitleScene) restartAttract() {
	s.match, _ = NewMatch(GameConfig{Variant: rules.Bashni, Opponent: OpponentWatch, Level: 3})
	s.board.pos = s.match.Game.Position()
	s.board.frame = nil
	s.board.last = rules.Move{}
	s.anim = nil
	s.thinker.NewGame()
}

func (s *TitleScene) canContinue(a *App) bool {
	return (a.play != nil && !a.play.match.Over()) || s.saved != nil
}

// Layout places the menu.
func (s *TitleScene) Layout(a *App, w, h, scale float64) {
	s.w, s.h = w, h
	s.rects = TitleLayout(w, h, scale, s.canContinue(a))
	s.board.g = s.rects.Board
	s.board.coords = false
	s.btnContinue.Rect = s.rects.Continue
	s.btnNew.Rect = s.rects.NewGame
	s.btnRules.Rect = s.rects.Rules
	s.btnSettings.Rect = s.rects.Settings
	s.btnGames.Rect = s.rects.Games
	s.btnImport.Rect = s.rects.Import
	s.btnEditor.Rect = s.rects.Editor
	if s.canContinue(a) {
		s.btnNew.Kind = ui.Secondary
	} else {
		s.btnNew.Kind = ui.Primary
	}
	s.r.SetTheme(a.renderer.Theme())
}

// Update runs the menu and the game behind it.
func (s *TitleScene) Update(a *App) error {
	if s.canContinue(a) {
		if a.used(&s.btnContinue) {
			s.continueGame(a)
			return nil
		}
	}
	if a.used(&s.btnNew) {
		a.GoTo(NewNewGameScene(a, s), true)
		return nil
	}
	if a.used(&s.btnRules) {
		a.GoTo(NewRulesScene(a, s), true)
		return nil
	}
	if a.used(&s.btnSettings) {
		a.GoTo(NewSettingsScene(a, s), true)
		return nil
	}
	if a.used(&s.btnGames) {
		a.GoTo(NewArchiveScene(a, s), true)
		return nil
	}
	if a.used(&s.btnImport) {
		a.GoTo(NewImportScene(a, s), true)
		return nil
	}
	if a.used(&s.btnEditor) {
		a.GoTo(NewEditorScene(a, nil, s), true)
		return nil
	}
	if a.keys.Consume(ActNewGame) {
		a.GoTo(NewNewGameScene(a, s), true)
		return nil
	}
	// A record pasted on the title screen opens in the import screen.
	if text, ok := a.clipboard.Pasted(); ok {
		is := NewImportScene(a, s)
		is.field.SetText(text)
		a.GoTo(is, true)
		return nil
	}
	if ctrlVReadsClipboard && inpututil.IsKeyJustPressed(ebiten.KeyV) &&
		(ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)) && a.clipboard.Tool() != "" {
		is := NewImportScene(a, s)
		is.paste = a.clipboard.Paste()
		a.GoTo(is, true)
		return nil
	}
	if a.keys.Consume(ActConfirm) {
		if s.canContinue(a) {
			s.continueGame(a)
		} else {
			a.GoTo(NewNewGameScene(a, s), true)
		}
		return nil
	}
	if a.keys.Consume(ActBack) {
		if a.play != nil && !a.play.match.Over() {
			a.GoTo(a.play, true)
		}
	}
	s.stepAttract(a)
	return nil
}

// continueGame goes back to the game in progress, or restores the saved one.
func (s *TitleScene) continueGame(a *App) {
	if a.play == nil || a.play.match.Over() {
		if s.saved == nil {
			return
		}
		cfg, err := configOfSaved(*s.saved)
		if err != nil {
			s.notice = "The saved game could not be restored: " + err.Error()
			s.saved = nil
			a.Invalidate()
			return
		}
		a.play = NewPlayScene(a, cfg)
	}
	a.GoTo(a.play, true)
}

// stepAttract plays the background game: a move every second or so.
func (s *TitleScene) stepAttract(a *App) {
	if s.thinker == nil {
		return
	}
	if s.anim != nil {
		s.anim.advance(nil) // the attract game is silent
		s.anim.apply(s.board)
		if s.anim.done() {
			s.anim = nil
			s.board.frame = nil
			s.board.pos = s.match.Game.Position()
			s.board.last = s.match.Game.AllMoves()[s.match.Game.Ply()-1]
			s.nextAt = a.tick + attractPauseTicks
		}
		a.Invalidate()
		return
	}
	if s.match.Over() || s.match.Game.Ply() > 160 {
		if a.tick >= s.nextAt+120 {
			s.restartAttract()
			a.Invalidate()
		}
		return
	}
	if th, ok := s.thinker.Poll(); ok {
		if !th.Move.IsZero() && th.Ply == s.match.Game.Ply() {
			before := s.match.Game.Position()
			if s.match.Play(th.Move) == nil {
				s.anim = newMoveAnim(before, th.Move, animOptions(a.settings, 0.6))
				s.board.last = rules.Move{}
			}
		}
		return
	}
	if !s.thinker.Busy() && a.tick >= s.nextAt {
		s.thinker.Start(s.match.Game.History(), 2)
	}
}

// Draw draws the title screen.
func (s *TitleScene) Draw(a *App, dst *ebiten.Image) {
	p := a.painter
	t := p.Theme
	s.board.Draw(dst)
	// Veil the board so that the menu reads well; more in portrait, where
	// the menu overlaps it.
	if s.rects.Landscape {
		o := s.rects.Board.Outer()
		p.Fill(dst, o, color.NRGBA{0, 0, 0, 70})
	} else {
		o := s.rects.Board.Outer()
		p.Fill(dst, o, color.NRGBA{0, 0, 0, 90})
		bg := t.Background
		steps := 24
		top := s.rects.TitleY - p.DP(60)
		for i := 0; i < steps; i++ {
			y0 := top + float64(i)*p.DP(4)
			p.Fill(dst, Rect{X: 0, Y: y0, W: s.w, H: p.DP(4) + 1}, ui.Alpha(bg, float64(i+1)/float64(steps)))
		}
		p.Fill(dst, Rect{X: 0, Y: top + float64(steps)*p.DP(4), W: s.w, H: s.h}, bg)
	}
	cx := s.rects.Menu.X + s.rects.Menu.W/2
	if !s.rects.Landscape {
		cx = s.w / 2
	}
	y := s.rects.TitleY
	// The title with a small column of discs beside it.
	size := 64.0
	if !s.rects.Landscape {
		size = 52
	}
	tw := p.Measure("Bashni", size, sprites.Bold)
	colW := p.DP(size * 1.05)
	x0 := cx - (tw+colW)/2
	s.drawEmblem(a, dst, x0+colW/2-p.DP(4), y+p.DP(size*0.62), p.DP(size*0.95))
	p.Text(dst, "Bashni", size, sprites.Bold, x0+colW, y+p.DP(size*0.5), text.AlignStart, text.AlignCenter, t.Text)
	p.Text(dst, "column draughts · столбовые шашки", 17, sprites.Regular, cx, y+p.DP(size+14), text.AlignCenter, text.AlignCenter, t.TextDim)
	if s.rects.Landscape {
		tag := "Captured pieces go under the capturer: columns grow, travel and change hands."
		yy := y + p.DP(size+44)
		for _, ln := range p.Wrap(tag, 14, sprites.Regular, s.rects.Menu.W*0.9) {
			p.Text(dst, ln, 14, sprites.Regular, cx, yy, text.AlignCenter, text.AlignCenter, ui.Alpha(t.TextDim, 0.8))
			yy += p.DP(19)
		}
	}
	if s.canContinue(a) {
		s.btnContinue.Draw(dst, p)
	}
	s.btnNew.Draw(dst, p)
	s.btnRules.Draw(dst, p)
	s.btnSettings.Draw(dst, p)
	s.btnGames.Draw(dst, p)
	s.btnImport.Draw(dst, p)
	s.btnEditor.Draw(dst, p)
	if s.notice != "" {
		lines := p.Wrap(s.notice, 13, sprites.Regular, math.Min(s.w-p.DP(32), p.DP(520)))
		yy := s.h - p.DP(14) - float64(len(lines)-1)*p.DP(17)
		for _, ln := range lines {
			p.Text(dst, ln, 13, sprites.Regular, cx, yy, text.AlignCenter, text.AlignEnd, ui.Alpha(t.TextDim, 0.8))
			yy += p.DP(17)
		}
	}
}

// drawEmblem draws a small column — two white men over a black prisoner —
// as the game's mark, size pixels tall.
func (s *TitleScene) drawEmblem(a *App, dst *ebiten.Image, cx, cy, size float64) {
	c := rules.ColumnOf(rules.WhiteMan, rules.WhiteMan, rules.BlackMan)
	sq := s.r.SquareSize()
	if sq <= 0 {
		return
	}
	scale := size / sq * 1.25
	s.r.DrawColumn(dst, cx, cy, c, sprites.ColumnOptions{Scale: scale, NoBadge: true})
}

// joinNotices joins one-line notices with a space.
func joinNotices(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + " " + b
}
