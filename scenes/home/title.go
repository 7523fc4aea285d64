// Package home is the pages a game starts from and comes back to: the
// title (the main menu over the computer playing itself), About and the
// rules. The App puts the title at the bottom of its stack through the
// router (scenes.Pages.Title); the title opens the other pages through it
// too.
package home

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/text"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/board"
	"bashni/scenes/ui"
	"bashni/session"
	"bashni/sprites"
	"bashni/storage"
)

// attractPauseTicks is the pause between the background game's moves.
const attractPauseTicks = 70

// TitleRects is where the title screen puts things (physical pixels).
type TitleRects struct {
	Board                              sprites.Geometry // the attract-mode board behind the menu
	Menu                               scenes.Rect      // the column with the title and buttons
	Continue, NewGame, Rules, Settings scenes.Rect
	Games, Import, Editor              scenes.Rect // finished games, a pasted record, the position editor
	About                              scenes.Rect // the About page (version, licences)
	Learn                              scenes.Rect // the lessons and puzzles
	TitleY                             float64
	Landscape                          bool
	// The heading's text size (dp) and whether the subtitle and (on a
	// wide screen) the tagline are shown under it: on a phone on its
	// side the menu leaves room only for a smaller heading alone.
	HeadSize          float64
	Subtitle, Tagline bool
	// Online (a server is known): the arenas' page and the top game's
	// view share a row, under which are the rows of the running and
	// coming arenas (TitleArenaRows of them, shown as many as there
	// are). Where the menu's column has no room for them (a phone on its
	// side) they lie over the board's foot on a backing, LiveBack.
	Arenas, Watch scenes.Rect
	ArenaRows     []scenes.Rect
	LiveBack      scenes.Rect
}

// TitleArenaRows is how many running and coming arenas the title lists at
// most.
const TitleArenaRows = 2

// The online part's sizes (dp): the row of its two buttons, an arena's
// row, the room left above them for the lessons' line under the menu.
const (
	liveButtonDP = 48
	liveRowDP    = 46
	liveGapDP    = 6
	learnRoomDP  = 44
)

// liveHeight is the height of the online part (dp): its buttons and its
// arenas' rows.
func liveHeight() float64 {
	return liveButtonDP + TitleArenaRows*(liveRowDP+liveGapDP)
}

// TitleLayout lays out the title screen with no server known. Continue
// is empty when there is no game to continue.
func TitleLayout(w, h, scale float64, canContinue bool) TitleRects {
	return TitleLayoutOnline(w, h, scale, canContinue, false)
}

// TitleLayoutOnline lays out the title screen; online: a server is known,
// and the way to its arenas and top game, with the arenas' rows, go under
// the menu (or over the board's foot where there is no room).
func TitleLayoutOnline(w, h, scale float64, canContinue, online bool) TitleRects {
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
	live := 0.0 // the online part's room under the menu
	if online {
		live = dp(learnRoomDP) + dp(liveHeight())
	}
	var x, y float64
	underMenu := true
	if t.Landscape {
		side := math.Min(h-dp(48), w*0.58)
		t.Board = sprites.FitGeometry(rules.Bashni, w-side-dp(24), (h-side)/2, side, side, false)
		mw := w - side - dp(72)
		t.Menu = scenes.Rect{X: dp(48), Y: 0, W: mw, H: h}
		bw = math.Min(bw, mw)
		// The largest header that leaves the menu on the screen: the
		// heading, subtitle and tagline; without the tagline; a smaller
		// heading alone.
		head := 0.0
		for _, hd := range []struct {
			room, size float64
			sub, tag   bool
		}{{150, 64, true, true}, {96, 52, true, false}, {52, 40, false, false}} {
			head, t.HeadSize, t.Subtitle, t.Tagline = dp(hd.room), hd.size, hd.sub, hd.tag
			if head+stack <= h-dp(16) {
				break
			}
		}
		group := head + stack
		if online && group+live <= h-dp(16) {
			group += live
		} else {
			underMenu = false
		}
		t.TitleY = math.Max(dp(8), math.Round((h-group)/2))
		y = t.TitleY + head
		x = t.Menu.X + (mw-bw)/2
	} else {
		stack += live
		side := math.Min(w, math.Min(h*0.5, h-dp(120)-stack-dp(60)))
		t.Board = sprites.FitGeometry(rules.Bashni, (w-side)/2, dp(12), side, side, false)
		t.Menu = scenes.Rect{X: 0, Y: h * 0.4, W: w, H: h * 0.6}
		x = (w - bw) / 2
		// The title and the buttons, centred in the space below the board.
		below := t.Board.Outer().Y + t.Board.Outer().H
		group := dp(120) + stack
		t.HeadSize, t.Subtitle = 52, true
		t.TitleY = math.Round(below + math.Max(dp(16), (h-below-group)/2))
		y = t.TitleY + dp(120)
	}
	if canContinue {
		t.Continue = scenes.Rect{X: x, Y: y, W: bw, H: bh}
		y += bh + gap
	}
	// New game and the lessons share a row: both start something.
	half := math.Floor((bw - gap) / 2)
	t.NewGame = scenes.Rect{X: x, Y: y, W: half, H: bh}
	t.Learn = scenes.Rect{X: x + bw - half, Y: y, W: half, H: bh}
	y += bh + gap
	third := (bw - 2*gap) / 3
	t.Games = scenes.Rect{X: x, Y: y, W: third, H: small}
	t.Import = scenes.Rect{X: x + third + gap, Y: y, W: third, H: small}
	t.Editor = scenes.Rect{X: x + 2*(third+gap), Y: y, W: third, H: small}
	y += small + gap
	t.Rules = scenes.Rect{X: x, Y: y, W: third, H: small}
	t.Settings = scenes.Rect{X: x + third + gap, Y: y, W: third, H: small}
	t.About = scenes.Rect{X: x + 2*(third+gap), Y: y, W: third, H: small}
	if !online {
		return t
	}
	lx, lw := x, bw
	y += small + dp(learnRoomDP)
	if !underMenu {
		// Over the board's foot, on a backing.
		o := t.Board.Outer()
		pad := dp(10)
		lw = math.Min(o.W-2*dp(16), dp(380))
		lx = math.Round(o.X + (o.W-lw)/2)
		y = o.Y + o.H - dp(16) - dp(liveHeight())
		t.LiveBack = scenes.Rect{X: lx - pad, Y: y - pad, W: lw + 2*pad, H: dp(liveHeight()) + 2*pad - dp(liveGapDP)}
	}
	lhalf := math.Floor((lw - gap) / 2)
	t.Arenas = scenes.Rect{X: lx, Y: y, W: lhalf, H: dp(liveButtonDP)}
	t.Watch = scenes.Rect{X: lx + lw - lhalf, Y: y, W: lhalf, H: dp(liveButtonDP)}
	y += dp(liveButtonDP) + dp(liveGapDP)
	for i := 0; i < TitleArenaRows; i++ {
		t.ArenaRows = append(t.ArenaRows, scenes.Rect{X: lx, Y: y, W: lw, H: dp(liveRowDP)})
		y += dp(liveRowDP + liveGapDP)
	}
	return t
}

// TitleScene is the main menu, with a computer-versus-computer game playing
// itself slowly behind it.
type TitleScene struct {
	rects TitleRects
	w, h  float64
	note  string // a one-line notice under the menu
	// The words drawn, in the player's language (set in Layout).
	name, subtitle, tagline string
	taglineLines            []string

	btnContinue, btnNew, btnRules, btnSettings ui.Button
	btnGames, btnImport, btnEditor             ui.Button
	btnAbout                                   ui.Button
	live                                       titleLive // the arenas and the top game, when a server is known
	saved                                      *storage.SavedGame
	learn                                      titleLearn

	// Attract mode: the computer against itself.
	r      *sprites.Renderer
	board  *board.Board
	brain  *session.Brain // nil: no attract game
	match  *session.Session
	nextAt int64
	// still: the background game has stopped for good (reduced motion,
	// or someone uses the keyboard or the page's own controls).
	still bool
}

// NewTitleScene makes the title screen with a notice under the menu (""
// for none) and, with attract, the computer playing itself behind it.
func NewTitleScene(c scenes.Context, notice string, attract bool) *TitleScene {
	s := &TitleScene{note: notice}
	s.btnContinue = ui.Button{Kind: ui.Primary}
	s.btnNew = ui.Button{Kind: ui.Secondary}
	s.btnRules = ui.Button{Kind: ui.Secondary}
	s.btnSettings = ui.Button{Kind: ui.Secondary}
	s.btnGames = ui.Button{Kind: ui.Secondary, TextSize: 15}
	s.btnImport = ui.Button{Kind: ui.Secondary, TextSize: 15}
	s.btnEditor = ui.Button{Kind: ui.Secondary, TextSize: 15}
	s.btnAbout = ui.Button{Kind: ui.Secondary, TextSize: 15}
	s.setWords(c)
	if store := c.Store(); store != nil {
		sg, ok, notice := store.LoadGame()
		if ok && sg.Result == storage.ResultNone && (len(sg.Moves) > 0 || sg.StartFEN != "") {
			s.saved = &sg
		}
		if words := scenes.NoticeWords(c.Text(), notice); words != "" {
			s.note = joinNotices(s.note, words)
		}
		// Told once, in the player's language: another copy of the
		// game is open, or games of other copies wait.
		if slot := scenes.SlotNoticeWords(c.Text(), store.TakeSlotNotice()); slot != "" {
			s.note = joinNotices(s.note, slot)
		}
	}
	s.learn.init(c, s.saved == nil)
	s.live.init(c)
	s.r = sprites.NewRenderer(c.Renderer().Theme())
	s.board = board.New(s.r, scenes.Silent{C: c})
	if attract {
		s.brain = c.NewBrain()
		s.restartAttract()
	}
	return s
}

// Name is the scene's name.
func (s *TitleScene) Name() string { return scenes.SceneTitle }

// showNotice shows a notice from the App under the menu.
func (s *TitleScene) ShowNotice(c scenes.Context, msg string) {
	s.note = msg
	c.Invalidate()
}

// readsPastes: text pasted on the title opens in the import screen.
func (s *TitleScene) ReadsPastes() {}

// backdrop is what a card over the title shows behind it: the board.
func (s *TitleScene) Backdrop(c scenes.Context, dst *ebiten.Image) { s.board.Draw(dst) }

// attractLevel is the level of both sides of the background game
// (Casual).
const attractLevel = 3

func (s *TitleScene) restartAttract() {
	if s.match != nil {
		s.match.Pause()
	}
	s.match, _ = session.New(session.Config{Variant: rules.Bashni, Players: [2]session.Player{
		session.NewComputer(s.brain, attractLevel, 0), session.NewComputer(s.brain, attractLevel, 0)}})
	s.board.Show(s.match.Game().Position(), rules.Move{})
	s.brain.NewGame()
}

func (s *TitleScene) canContinue(c scenes.Context) bool {
	return (c.Game() != nil && !c.Game().Session().Over()) || s.saved != nil
}

// Layout places the menu.
func (s *TitleScene) Layout(c scenes.Context, w, h, scale float64) {
	s.w, s.h = w, h
	s.rects = TitleLayoutOnline(w, h, scale, s.canContinue(c), online(c))
	s.board.Layout(s.rects.Board, false, scenes.Rect{W: w, H: h})
	s.btnContinue.Rect = s.rects.Continue
	s.btnNew.Rect = s.rects.NewGame
	s.btnRules.Rect = s.rects.Rules
	s.btnSettings.Rect = s.rects.Settings
	s.btnGames.Rect = s.rects.Games
	s.btnImport.Rect = s.rects.Import
	s.btnEditor.Rect = s.rects.Editor
	s.btnAbout.Rect = s.rects.About
	s.btnAbout.Label = c.Text().T("about.title_button")
	s.live.layout(c, s.rects)
	s.learn.layout(c, s.rects, s.canContinue(c))
	if s.canContinue(c) {
		s.btnNew.Kind = ui.Secondary
	} else {
		s.btnNew.Kind = ui.Primary
	}
	s.r.SetTheme(c.Renderer().Theme())
	s.setWords(c)
	s.taglineLines = c.Painter().Wrap(s.tagline, 14, sprites.Regular, s.rects.Menu.W*0.9)
}

// setWords looks up the screen's words in the player's language.
func (s *TitleScene) setWords(c scenes.Context) {
	cat := c.Text()
	s.btnContinue.Label = cat.T("title.continue")
	s.btnNew.Label = cat.T("common.new_game")
	s.btnRules.Label = cat.T("common.rules")
	s.btnSettings.Label = cat.T("common.settings")
	s.btnGames.Label = cat.T("title.past_games")
	s.btnImport.Label = cat.T("title.import")
	s.btnEditor.Label = cat.T("title.editor")
	s.name = cat.T("title.name")
	s.subtitle = cat.T("title.subtitle")
	s.tagline = cat.T("title.tagline")
}

// Update runs the menu and the game behind it.
func (s *TitleScene) Update(c scenes.Context) error {
	if s.canContinue(c) {
		if c.Used(&s.btnContinue) {
			s.continueGame(c)
			return nil
		}
	}
	if s.learn.update(c) {
		return nil
	}
	if c.Used(&s.btnNew) {
		scenes.Open(c, c.Pages().NewGame)
		return nil
	}
	if c.Used(&s.btnRules) {
		if open := c.Pages().Rules; open != nil {
			c.Push(open(c, rules.Bashni))
		}
		return nil
	}
	if c.Used(&s.btnSettings) {
		scenes.Open(c, c.Pages().Settings)
		return nil
	}
	if c.Used(&s.btnGames) {
		scenes.Open(c, c.Pages().Archive)
		return nil
	}
	if c.Used(&s.btnImport) {
		s.openImport(c, "", nil)
		return nil
	}
	if c.Used(&s.btnEditor) {
		if open := c.Pages().Editor; open != nil {
			c.Push(open(c, nil))
		}
		return nil
	}
	if c.Used(&s.btnAbout) {
		scenes.Open(c, c.Pages().About)
		return nil
	}
	if s.live.update(c, s) {
		return nil
	}
	if c.Keys().Consume(scenes.ActNewGame) {
		scenes.Open(c, c.Pages().NewGame)
		return nil
	}
	// A record pasted on the title screen opens in the import screen.
	if text, ok := c.Clipboard().Pasted(); ok {
		s.openImport(c, text, nil)
		return nil
	}
	if kb := c.Keyboard(); platform.CtrlVReadsClipboard && kb.JustPressed(ebiten.KeyV) && ui.Ctrl(kb) && c.Clipboard().Tool() != "" {
		s.openImport(c, "", c.Clipboard().Paste())
		return nil
	}
	if c.Keys().Consume(scenes.ActConfirm) {
		if s.canContinue(c) {
			s.continueGame(c)
		} else {
			scenes.Open(c, c.Pages().NewGame)
		}
		return nil
	}
	if c.Keys().Consume(scenes.ActBack) {
		if g := c.Game(); g != nil && !g.Session().Over() {
			c.Push(g)
		}
	}
	s.stepAttract(c)
	return nil
}

// openImport opens the screen that reads a record, with text pasted or
// the paste under way.
func (s *TitleScene) openImport(c scenes.Context, text string, paste *platform.Job) {
	if open := c.Pages().Import; open != nil {
		c.Push(open(c, text, paste))
	}
}

// continueGame goes back to the game in progress, or restores the saved one.
func (s *TitleScene) continueGame(c scenes.Context) {
	if c.Game() == nil || c.Game().Session().Over() {
		if s.saved == nil {
			return
		}
		cfg, err := scenes.ConfigOfSaved(*s.saved)
		if err != nil {
			s.note = c.Text().F("title.restore_failed", "Error", scenes.ErrorWords(c.Text(), err))
			s.saved = nil
			c.Invalidate()
			return
		}
		open := c.Pages().Play
		if open == nil {
			return
		}
		c.SetGame(open(c, cfg))
	}
	c.Push(c.Game())
}

// stepAttract plays the background game: a move every second or so.
func (s *TitleScene) stepAttract(c scenes.Context) {
	if s.brain == nil || s.still {
		return
	}
	if c.Settings().InstantAnimations || c.KeyboardFocus() || platform.Interacted() {
		// Motion is unwelcome, or someone uses the keyboard, perhaps with
		// a screen reader (a page cannot know): moves changing under the
		// menu would only distract. The board stays as it is.
		s.still = true
		s.board.Finish()
		s.match.Pause()
		c.Invalidate()
		return
	}
	if s.board.Animating() {
		if s.board.Step() {
			s.nextAt = c.Tick() + attractPauseTicks
		}
		return
	}
	if s.match.Over() || s.match.Game().Ply() > 160 {
		if c.Tick() >= s.nextAt+120 {
			s.restartAttract()
			c.Invalidate()
		}
		return
	}
	s.match.Tick(c.Tick(), c.Tick() >= s.nextAt)
	for _, ev := range s.match.Events() {
		if ev.Kind == session.MovePlayed {
			s.board.Animate(ev.Before, ev.Move, scenes.AnimOptions(c.Settings(), 0.6), 0)
		}
	}
}

// Draw draws the title screen.
func (s *TitleScene) Draw(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
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
			p.Fill(dst, scenes.Rect{X: 0, Y: y0, W: s.w, H: p.DP(4) + 1}, ui.Alpha(bg, float64(i+1)/float64(steps)))
		}
		p.Fill(dst, scenes.Rect{X: 0, Y: top + float64(steps)*p.DP(4), W: s.w, H: s.h}, bg)
	}
	cx := s.rects.Menu.X + s.rects.Menu.W/2
	if !s.rects.Landscape {
		cx = s.w / 2
	}
	y := s.rects.TitleY
	// The title with a small column of discs beside it.
	size := s.rects.HeadSize
	head := headingRect(p, s.rects, s.name, cx)
	colW := p.DP(size * 1.05)
	x0 := head.X
	s.drawEmblem(dst, x0+colW/2-p.DP(4), y+p.DP(size*0.62), p.DP(size*0.95))
	p.Text(dst, s.name, size, sprites.Bold, x0+colW, y+p.DP(size*0.5), text.AlignStart, text.AlignCenter, t.Text)
	if s.rects.Subtitle {
		p.Text(dst, s.subtitle, 17, sprites.Regular, cx, y+p.DP(size+14), text.AlignCenter, text.AlignCenter, t.TextDim)
	}
	if s.rects.Tagline {
		yy := y + p.DP(size+44)
		for _, ln := range s.taglineLines {
			p.Text(dst, ln, 14, sprites.Regular, cx, yy, text.AlignCenter, text.AlignCenter, ui.Alpha(t.TextDim, 0.8))
			yy += p.DP(19)
		}
	}
	if s.canContinue(c) {
		s.btnContinue.Draw(dst, p)
	}
	s.btnNew.Draw(dst, p)
	s.btnRules.Draw(dst, p)
	s.btnSettings.Draw(dst, p)
	s.btnGames.Draw(dst, p)
	s.btnImport.Draw(dst, p)
	s.btnEditor.Draw(dst, p)
	s.btnAbout.Draw(dst, p)
	s.live.draw(c, dst)
	s.learn.draw(c, dst, cx)
	if s.note != "" {
		lines := p.Wrap(s.note, 13, sprites.Regular, math.Min(s.w-p.DP(32), p.DP(520)))
		yy := s.h - p.DP(14) - float64(len(lines)-1)*p.DP(17)
		for _, ln := range lines {
			p.Text(dst, ln, 13, sprites.Regular, cx, yy, text.AlignCenter, text.AlignEnd, ui.Alpha(t.TextDim, 0.8))
			yy += p.DP(17)
		}
	}
}

// headingRect is where the heading and the column beside it are drawn,
// centred on cx: the emblem's column, then the name, size dp tall.
func headingRect(p *ui.Painter, r TitleRects, name string, cx float64) scenes.Rect {
	size := r.HeadSize
	tw := p.Measure(name, size, sprites.Bold)
	colW := p.DP(size * 1.05)
	return scenes.Rect{X: cx - (tw+colW)/2, Y: r.TitleY, W: tw + colW, H: p.DP(size * 1.1)}
}

// drawEmblem draws a small column — two white men over a black prisoner —
// as the game's mark, size pixels tall.
func (s *TitleScene) drawEmblem(dst *ebiten.Image, cx, cy, size float64) {
	col := rules.ColumnOf(rules.WhiteMan, rules.WhiteMan, rules.BlackMan)
	sq := s.r.SquareSize()
	if sq <= 0 {
		return
	}
	scale := size / sq * 1.25
	s.r.DrawColumn(dst, cx, cy, col, sprites.ColumnOptions{Scale: scale, NoBadge: true})
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

// snapshot adds whether the background game animates a move.
func (s *TitleScene) Snapshot(snap *platform.State) {
	snap.Animating = snap.Animating || s.board.Animating()
}

// online reports whether the title shows its online part: a server is
// known, and the arenas' and the top game's pages are there.
func online(c scenes.Context) bool {
	return c.Server() != "" && c.Pages().Arena != nil && c.Pages().Live != nil
}
