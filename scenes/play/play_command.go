package play

import (
	"bashni/scenes"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/access"
	"bashni/internal/text"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// commandLine is the play screen's typed-move line (issue 12): `/` opens it
// over the lower part of the board; a move in notation (c3-d4, a3:c5, the
// short form of a capture) is played as if entered on the board, with the
// engine's errors; the questions (board, column d4, moves, turn, help) are
// answered below the field in the player's language (package access). The
// announcement of every move, both sides', shows there too.
type commandLine struct {
	open  bool
	field *ui.TextField
	card  scenes.Rect
	reply string   // the last answer or announcement
	lines []string // reply, wrapped to the card
	wrapW float64
	rows  int // reply lines the card holds
	// hinted: the keys were explained once (when the board first got the
	// keyboard focus).
	hinted bool
}

// Reply text sizes (dp).
const (
	commandReplySize = 15
	commandReplyLine = 20
	commandReplyRows = 4
	// commandTwoLines is the height of the typed-move field that shows
	// its placeholder in two lines of 13 dp.
	commandTwoLines = 62
)

// layoutCommand places the line over the bottom of the board.
func (s *Screen) layoutCommand(c scenes.Context) {
	l := &s.layout
	in := l.Board.Inner()
	pad := l.DP(10)
	fh := l.DP(scenes.MinTouchDP)
	// A field of two lines when the placeholder does not fit one at 13
	// dp (every language's does not in a narrow move list).
	prompt := c.Text().T("command.prompt")
	if w := math.Min(l.MoveList.W, in.W-l.DP(16)) - 2*pad - l.DP(28); w <= 0 || c.Painter().Measure(prompt, 13, sprites.Regular) > w {
		fh = l.DP(commandTwoLines)
	}
	h := pad + fh + l.DP(8) + commandReplyRows*l.DP(commandReplyLine) + pad
	// Over the move list, so that the board stays in view; over the
	// board's lower part when the list is too short for it.
	if ml := l.MoveList; ml.H >= pad+fh+l.DP(8)+l.DP(commandReplyLine)+pad && ml.W >= l.DP(240) {
		s.cmd.card = scenes.Rect{X: ml.X, Y: ml.Y, W: ml.W, H: math.Min(h, ml.H)}
	} else {
		s.cmd.card = scenes.Rect{X: in.X + l.DP(8), Y: in.Y + in.H - h - l.DP(8), W: in.W - l.DP(16), H: h}
	}
	s.cmd.rows = max(1, int((s.cmd.card.H-pad-fh-l.DP(8)-pad)/l.DP(commandReplyLine)))
	if s.cmd.field == nil {
		s.cmd.field = ui.NewTextField(prompt)
		s.cmd.field.Size = 16
	}
	s.cmd.field.Layout(scenes.Rect{X: s.cmd.card.X + pad, Y: s.cmd.card.Y + pad, W: s.cmd.card.W - 2*pad, H: fh})
	s.cmd.wrap(c)
}

// wrap breaks the reply into the card's lines (when it or the card
// changed; never in Draw).
func (cl *commandLine) wrap(c scenes.Context) {
	p := c.Painter()
	w := cl.card.W - p.DP(20)
	cl.wrapW = w
	cl.lines = cl.lines[:0]
	if cl.reply == "" || w <= 0 {
		return
	}
	cl.lines = p.Wrap(cl.reply, commandReplySize, sprites.Regular, w)
	if len(cl.lines) > cl.rows {
		// The newest words matter most (the turn, the result): keep the end.
		cl.lines = cl.lines[len(cl.lines)-cl.rows:]
	}
}

// say shows text as the line's reply.
func (cl *commandLine) say(c scenes.Context, text string) {
	cl.reply = text
	if cl.open {
		cl.wrap(c)
		c.Invalidate()
	}
}

// openCommand opens the line and gives it the keyboard.
func (s *Screen) openCommand(c scenes.Context) {
	if platform.FocusCommandLine() {
		return // in a browser the page's own line (a real input, for screen readers too)
	}
	if s.cmd.field == nil {
		s.layoutCommand(c)
	}
	s.cmd.open = true
	s.cmd.field.SetText("")
	s.cmd.field.Changed = false
	s.cmd.field.Focus(c.Tick())
	if s.cmd.reply == "" {
		s.cmd.reply = c.Text().T("command.prompt")
	}
	s.cmd.wrap(c)
	c.Invalidate()
}

// closeCommand puts the line away.
func (s *Screen) closeCommand(c scenes.Context) {
	s.cmd.open = false
	s.cmd.field.Blur()
	c.Invalidate()
}

// updateCommand runs the open line for a tick: Enter sends what was typed,
// Esc closes it; the screen's own keys wait (typing "h" asks no hint).
func (s *Screen) updateCommand(c scenes.Context) {
	kb := c.Keyboard()
	c.Keys().Consume(scenes.ActBack) // Backspace is the field's
	c.Keys().Consume(scenes.ActConfirm)
	c.Focus(s.cmd.field.Rect)
	switch {
	case kb.JustPressed(ebiten.KeyEscape):
		s.closeCommand(c)
		return
	case kb.JustPressed(ebiten.KeyEnter) || kb.JustPressed(ebiten.KeyNumpadEnter):
		line := strings.TrimPrefix(strings.TrimSpace(s.cmd.field.Text()), "/")
		s.cmd.field.SetText("")
		s.command(c, line, s.cmd.say)
		return
	}
	if p := c.Pointer(); p.Pressed && !p.Consumed && !p.In(s.cmd.card) {
		s.closeCommand(c) // a click elsewhere puts the line away and acts there
		return
	}
	if s.cmd.field.Update(c) {
		c.Invalidate()
	}
}

// command answers one typed line (from the play screen's line or the
// page's): a move is played, anything else answered through answer.
func (s *Screen) command(c scenes.Context, line string, answer func(scenes.Context, string)) {
	if !s.live() || s.review.replaying {
		s.stopReplay()
		s.returnToGame(c)
	}
	you, youPlay := s.sess.Local()
	r := access.RespondTo(c.Text(), s.sess.Game(), access.Listener{YourTurn: s.sess.PersonToMove(), You: you, YouPlay: youPlay}, line)
	if !r.Move.IsZero() {
		s.settle(c)
		s.playMove(c, r.Move, 0)
		return // the move's announcement answers
	}
	if r.Action != 0 {
		if text := s.act(c, r.Command); text != "" {
			answer(c, text)
		}
		return
	}
	answer(c, r.Text)
}

// act does a typed command that acts on the game (issue 22) as the button
// or menu item for it does; it returns what to answer (nothing when the
// game's own announcement answers: an undo, a resignation, a hint).
func (s *Screen) act(c scenes.Context, cmd access.Command) string {
	cat := c.Text()
	m := s.sess
	cannot := cat.T("command.cannot")
	switch cmd.Kind {
	case access.KindNew:
		if start := c.Pages().StartTyped; start != nil {
			start(c, cmd)
		}
		return ""
	case access.KindJoin:
		scenes.JoinTyped(c, cmd.Code)
		return ""
	case access.KindWatch:
		// The top game being played online, as the title's Top game.
		open := c.Pages().Live
		if open == nil || c.Server() == "" {
			return cannot
		}
		c.Push(open(c, true))
		return ""
	case access.KindUndo:
		if !m.CanUndo() {
			return cannot
		}
		s.undo(c)
	case access.KindRedo:
		if !m.CanRedo() {
			return cannot
		}
		s.redo(c)
	case access.KindResign:
		if !m.CanResign() {
			return cannot
		}
		s.resign(c)
	case access.KindDraw:
		if !m.CanOfferDraw() {
			return cannot
		}
		s.agreeDraw(c)
	case access.KindAccept, access.KindDecline:
		yes := cmd.Kind == access.KindAccept
		s.settle(c)
		if m.AnswerDraw(yes) != nil && m.AnswerTakeback(yes) != nil {
			return cannot
		}
		s.showEvents(c)
	case access.KindHint:
		if !s.live() || !m.CanAskHint() {
			return cannot
		}
		s.askHint(c) // HintReady says it
	case access.KindFlip:
		s.flip(c)
		if s.board.Geometry().Flipped {
			return cat.Side("command.flipped", rules.Black)
		}
		return cat.Side("command.flipped", rules.White)
	case access.KindBerserk:
		if s.online == nil || !s.online.berserk(c, s) {
			return cannot
		}
	case access.KindClock:
		if s.online == nil || s.online.clocks[0] == "" {
			return cat.T("command.no_clock")
		}
		return cat.F("command.clock", "White", s.online.clocks[rules.White&1], "Black", s.online.clocks[rules.Black&1])
	}
	return ""
}

// drawCommand draws the open line.
func (s *Screen) drawCommand(c scenes.Context, dst *ebiten.Image) {
	if !s.cmd.open {
		return
	}
	p := c.Painter()
	t := p.Theme
	p.RoundRect(dst, s.cmd.card, p.DP(14), ui.Alpha(t.Panel, 0.96), p.DP(2), t.Accent)
	s.cmd.field.Draw(dst, p, c.Tick())
	x := s.cmd.card.X + p.DP(10)
	y := s.cmd.field.Rect.Y + s.cmd.field.Rect.H + p.DP(8) + p.DP(commandReplyLine)/2
	for _, l := range s.cmd.lines {
		p.Text(dst, l, commandReplySize, sprites.Regular, x, y, text.AlignStart, text.AlignCenter, t.Text)
		y += math.Round(p.DP(commandReplyLine))
	}
}
