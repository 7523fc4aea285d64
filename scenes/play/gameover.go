package play

import (
	"bashni/scenes"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/text"
	"bashni/rules"
	"bashni/scenes/ui"
	"bashni/session"
	"bashni/sprites"
)

// GameOverRects is where the game-over card puts things.
type GameOverRects struct {
	Card                              scenes.Rect
	NewGame, Replay, Analysis, Export scenes.Rect
	Board                             scenes.Rect // closes the card: the final position, unveiled
	titleY, reasonY                   float64
}

// GameOverLayout lays out the card for a game of v: over the panel in
// landscape and at the bottom in portrait, so that the final position stays
// in view.
func GameOverLayout(w, h, scale float64, v rules.Variant) GameOverRects {
	dp := func(v float64) float64 { return math.Round(v * scale) }
	var r GameOverRects
	cw := math.Min(w-dp(32), dp(460))
	btn := dp(54)
	gap := dp(12)
	pad := dp(26)
	ch := pad + dp(64) + dp(86) + btn + gap + btn + pad
	r.Card = scenes.Rect{X: math.Round((w - cw) / 2), Y: math.Round((h - ch) / 2), W: cw, H: ch}
	pl := scenes.ComputePlayLayout(w, h, scale, v, false)
	if pl.Landscape && pl.Panel.W >= dp(300) {
		cw = math.Min(cw, pl.Panel.W-dp(8))
		r.Card = scenes.Rect{X: math.Round(pl.Panel.X + (pl.Panel.W-cw)/2), Y: math.Round(pl.Panel.Y + (pl.Panel.H-ch)/2), W: cw, H: ch}
	} else if !pl.Landscape {
		r.Card.Y = math.Round(h - ch - dp(12))
	}
	x := r.Card.X + pad
	iw := cw - 2*pad
	r.titleY = r.Card.Y + pad + dp(30)
	r.reasonY = r.Card.Y + pad + dp(74)
	y := r.Card.Y + pad + dp(64) + dp(86)
	third := math.Floor((iw - 2*gap) / 3)
	r.NewGame = scenes.Rect{X: x, Y: y, W: iw, H: btn}
	y += btn + gap
	r.Replay = scenes.Rect{X: x, Y: y, W: third, H: btn}
	r.Analysis = scenes.Rect{X: x + third + gap, Y: y, W: third, H: btn}
	r.Export = scenes.Rect{X: x + 2*(third+gap), Y: y, W: third, H: btn}
	close := dp(scenes.MinTouchDP)
	r.Board = scenes.Rect{X: r.Card.X + r.Card.W - close - dp(8), Y: r.Card.Y + dp(8), W: close, H: close}
	return r
}

// GameOver shows the result over the final position.
type GameOver struct {
	play  *Screen
	rects GameOverRects

	title, reason string
	win           int // +1 the human won, -1 lost, 0 other
	// Set in Layout: the reason's lines and the count of moves.
	reasonLines []string
	reasonSize  float64
	titleSize   float64
	countLine   string

	btnNew, btnReplay, btnAnalysis, btnExport, btnBoard ui.Button

	menu        actionMenu
	export      scenes.Exporter
	notice      string
	noticeUntil int64
}

// NewGameOver makes the card for the finished game of play.
func NewGameOver(c scenes.Context, play *Screen) *GameOver {
	s := &GameOver{play: play}
	s.win = play.resultForPerson()
	s.btnNew = ui.Button{Kind: ui.Primary}
	s.btnReplay = ui.Button{Icon: ui.IconPlay}
	s.btnExport = ui.Button{Icon: ui.IconRecord}
	s.btnAnalysis = ui.Button{Icon: ui.IconHint}
	s.btnBoard = ui.Button{Icon: ui.IconClose, Kind: ui.Flat}
	s.setWords(c)
	return s
}

// setWords looks up the card's words in the player's language.
func (s *GameOver) setWords(c scenes.Context) {
	cat := c.Text()
	m := s.play.sess
	o := m.Outcome()
	s.reason = cat.Outcome(o)
	local, one := m.Local()
	vsComputer := one && m.Kind(local.Opponent()) == session.Computer
	switch {
	case o.Result == rules.Draw:
		s.title = cat.T("common.draw")
	case vsComputer && s.win > 0:
		s.title = cat.T("gameover.you_won")
	case vsComputer:
		s.title = cat.T("gameover.computer_won")
	default:
		w, _ := o.Winner()
		s.title = cat.Side("gameover.wins", w)
	}
	s.btnNew.Label = cat.T("common.new_game")
	if s.arenaGame() {
		s.btnNew.Label = cat.T("arena.back_to_arena")
	}
	s.btnReplay.Label = cat.T("gameover.replay")
	s.btnExport.Label = cat.T("gameover.record")
	s.btnAnalysis.Label = cat.T("ux.analysis")
	s.btnBoard.Name = cat.T("common.close") // its icon alone on the card; named for the page's mirror
	moves := scenes.MoveCount(m.Game(), m.Game().Ply())
	s.countLine = cat.N("common.moves", moves) + cat.T("common.separator") + cat.VariantName(m.Game().Variant())
}

// Name is the scene's name.
func (s *GameOver) Name() string { return scenes.SceneGameOver }

// Layout places the card and the play scene under it.
func (s *GameOver) Layout(c scenes.Context, w, h, scale float64) {
	s.play.Layout(c, w, h, scale)
	s.rects = GameOverLayout(w, h, scale, s.play.sess.Game().Variant())
	s.btnNew.Rect = s.rects.NewGame
	s.btnReplay.Rect = s.rects.Replay
	s.btnAnalysis.Rect = s.rects.Analysis
	s.btnExport.Rect = s.rects.Export
	s.btnBoard.Rect = s.rects.Board
	s.menu.relayout(w, h, scale)
	s.setWords(c)
	s.reasonLines, s.reasonSize, s.titleSize = gameOverText(c.Painter(), s.title, s.reason, s.rects.Card.W-scale*52)
}

// say shows a message on the card for a few seconds.
func (s *GameOver) say(c scenes.Context, msg string) {
	s.notice, s.noticeUntil = msg, c.Tick()+300
	c.Invalidate()
}

// Update handles the buttons.
func (s *GameOver) Update(c scenes.Context) error {
	s.export.Poll(c, s.say)
	if s.noticeUntil != 0 && c.Tick() >= s.noticeUntil {
		s.notice, s.noticeUntil = "", 0
		c.Invalidate()
	}
	if s.menu.Open {
		s.menu.update(c)
		return nil
	}
	if c.Used(&s.btnExport) {
		m := s.play.sess
		s.menu.show(c, c.Text().T("play.menu.game_record_title"), exportItems(c, &s.export, func() string { return scenes.SessionRecord(m) }, s.say)...)
		return nil
	}
	if c.Used(&s.btnNew) {
		s.next(c)
		return nil
	}
	if c.Used(&s.btnReplay) {
		s.play.StartReplay(c)
		c.Pop()
		return nil
	}
	if c.Used(&s.btnAnalysis) {
		s.analyse(c)
		return nil
	}
	if c.Used(&s.btnBoard) {
		c.Pop()
		return nil
	}
	switch {
	case c.Keys().Consume(scenes.ActBack):
		c.Pop()
	case c.Keys().Consume(scenes.ActNewGame), c.Keys().Consume(scenes.ActConfirm):
		s.next(c)
	}
	return nil
}

// Draw draws the final position, dimmed, and the card.
func (s *GameOver) Draw(c scenes.Context, dst *ebiten.Image) {
	s.play.Draw(c, dst)
	p := c.Painter()
	t := p.Theme
	b := dst.Bounds()
	p.Fill(dst, scenes.Rect{W: float64(b.Dx()), H: float64(b.Dy())}, color.NRGBA{0, 0, 0, 110})
	r := s.rects
	p.RoundRect(dst, r.Card, p.DP(20), t.Panel, p.DP(1.5), t.PanelEdge)
	// A coloured band at the top tells the result at a glance.
	band := t.Accent
	if s.win < 0 {
		band = t.TextDim
	}
	p.RoundRect(dst, scenes.Rect{X: r.Card.X + p.DP(26), Y: r.Card.Y + p.DP(14), W: p.DP(48), H: p.DP(5)}, p.DP(2.5), band, 0, color.NRGBA{})
	p.Text(dst, s.title, s.titleSize, sprites.Bold, r.Card.X+p.DP(26), r.titleY, text.AlignStart, text.AlignCenter, t.Text)
	y := r.reasonY
	for _, l := range s.reasonLines {
		p.Text(dst, l, s.reasonSize, sprites.Regular, r.Card.X+p.DP(26), y, text.AlignStart, text.AlignCenter, t.TextDim)
		y += p.DP(math.Round(s.reasonSize * 1.375))
	}
	line := s.countLine
	if s.notice != "" {
		line = s.notice
	}
	size := 14.0
	for size > 10 && p.Measure(line, size, sprites.Regular) > r.Card.W-p.DP(52) {
		size -= 0.5
	}
	p.Text(dst, line, size, sprites.Regular, r.Card.X+p.DP(26), y+p.DP(4), text.AlignStart, text.AlignCenter, ui.Alpha(t.TextDim, 0.75))
	s.btnNew.Draw(dst, p)
	s.btnReplay.Draw(dst, p)
	s.btnAnalysis.Draw(dst, p)
	s.btnExport.Draw(dst, p)
	s.btnBoard.Draw(dst, p)
	s.menu.draw(c, dst)
}

// gameOverText fits the card's words to its inner width: the title shrinks
// from 32 dp (not under 24), the reason takes two lines at 16 dp or three
// at 14 dp above the count of moves.
func gameOverText(p *ui.Painter, title, reason string, room float64) (lines []string, reasonSize, titleSize float64) {
	titleSize = scenes.FitSize(p, title, 32, 24, sprites.Bold, room)
	lines, reasonSize = p.Wrap(reason, 16, sprites.Regular, room), 16
	if len(lines) > 2 {
		lines, reasonSize = scenes.FitLines(p, reason, 14, 14, sprites.Regular, room, 3)
	}
	return lines, reasonSize, titleSize
}

// analyse opens the analysis board on the game just finished.
func (s *GameOver) analyse(c scenes.Context) { s.play.analyse(c) }

// startNewGame shows New game over the title in place of the finished game.
// arenaGame: the game was paired by an arena, whose page is under the
// play screen (PushOnlineGame): the card goes back to it, where the next
// game is paired, in place of a new game.
func (s *GameOver) arenaGame() bool {
	return s.play.online != nil && s.play.online.p.Info().Arena != ""
}

// next is the card's first button: a new game, or back to the arena.
func (s *GameOver) next(c scenes.Context) {
	if s.arenaGame() {
		c.Pop() // the card
		c.Pop() // the play screen, over the arena's page
		return
	}
	startNewGame(c)
}

func startNewGame(c scenes.Context) {
	if open := c.Pages().NewGame; open != nil {
		c.Start(open(c))
	}
}
