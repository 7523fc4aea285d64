package records

import (
	"bashni/scenes"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/i18n"
	"bashni/internal/text"
	lt "bashni/learn/text"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes/board"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// ReplayScene steps through a game read from a record (pasted, or from the
// list of finished games): the board with the last move's route, the move
// list, and buttons and arrow keys to step. From any position the player
// can play on against the computer or a friend, export the record, or open
// the position in the editor.
type ReplayScene struct {
	game    *rules.Game // the whole game, at its last move
	tags    []rules.Tag
	names   [2]string
	ply     int // the position shown: after ply moves
	flipped bool

	layout scenes.PlayLayout
	board  *board.Board
	moves  scenes.MoveList
	queue  int // the ply the running animation goes to

	btnBack, btnFirst, btnPrev, btnNext, btnLast ui.Button
	btnMore, btnPlay                             ui.Button
	ctlRects                                     []scenes.Rect
	menu                                         scenes.PopupMenu
	export                                       scenes.Exporter

	toast scenes.Toast

	// The words shown, in the player's language: the players' names from
	// the record's tags ("" for none: "White", "Black"), the status line
	// and the cards' lines for the position shown (remade when wordsFor
	// differs).
	tagNames   [2]string
	status     string
	statusLine []string // status fitted to its room
	statusSize float64
	subs       [2]string
	wordsFor   replayWordsKey
}

// replayWordsKey is what the replay's status and cards depend on.
type replayWordsKey struct {
	cat *i18n.Catalog
	ply int
}

// NewReplayScene shows the game read. It opens at the
// start of a game, or on the position of a FEN.
func NewReplayScene(c scenes.Context, im *imported) *ReplayScene {
	s := &ReplayScene{game: im.Game, tags: im.Tags}
	for i, tag := range []string{"White", "Black"} {
		if v := im.Tag(tag); v != "" && v != "?" {
			s.tagNames[i] = v
		}
	}
	s.board = board.New(c.Renderer(), c)
	s.board.HoverOverLongPress = true
	s.btnBack = ui.Button{Icon: ui.IconBack, Kind: ui.Flat}
	s.btnFirst = ui.Button{Icon: ui.IconFirst, Kind: ui.Flat}
	s.btnPrev = ui.Button{Icon: ui.IconPrev, Kind: ui.Flat}
	s.btnNext = ui.Button{Icon: ui.IconForward, Kind: ui.Flat}
	s.btnLast = ui.Button{Icon: ui.IconLast, Kind: ui.Flat}
	s.btnMore = ui.Button{Icon: ui.IconRecord, Kind: ui.Secondary}
	s.btnPlay = ui.Button{Icon: ui.IconPlay, Kind: ui.Primary, TextSize: 15}
	s.setWords(c)
	s.showPly(c, 0)
	return s
}

// NewRecordReplay shows a game's record read elsewhere (an online game's,
// from its server): Pages.Replay.
func NewRecordReplay(c scenes.Context, rec *rules.Record) *ReplayScene {
	return NewReplayScene(c, &imported{Kind: importRecord, Game: rec.Game, Tags: rec.Tags, Variant: rec.Game.Variant(), VariantTagged: true})
}

// setWords labels the controls and the menu in the player's language.
func (s *ReplayScene) setWords(c scenes.Context) {
	cat := c.Text()
	s.btnBack.Label = cat.T("common.back")
	s.btnFirst.Label = cat.T("replay.start")
	s.btnPrev.Label = cat.T("replay.prev")
	s.btnNext.Label = cat.T("common.next")
	s.btnLast.Label = cat.T("replay.end")
	s.btnPlay.Label = cat.T("replay.play_from_here")
	s.moves.NoMoves = cat.T("play.no_moves_yet")
	s.menu.Title = cat.T("replay.this_game")
	save := cat.T("export.save_file")
	if !platform.CanSaveFiles {
		save = cat.T("export.download")
	}
	s.menu.Items = []string{cat.T("replay.copy_record"), save, cat.T("replay.edit_position"), cat.T("common.close"), scenes.LearnWord(c, lt.ScreenAnalyse)}
	for i, side := range []rules.Color{rules.White, rules.Black} {
		s.names[i] = s.tagNames[i]
		if s.names[i] == "" {
			s.names[i] = cat.ColorName(side)
		}
	}
}

// words makes the status line and the cards' lines for the position shown
// when it or the language changed.
func (s *ReplayScene) words(c scenes.Context) {
	k := replayWordsKey{cat: c.Text(), ply: s.ply}
	if k == s.wordsFor && s.status != "" {
		return
	}
	s.wordsFor = k
	s.status = s.statusText(k.cat)
	s.statusLine, s.statusSize = scenes.StatusFit(c.Painter(), s.status, s.statusRoom(c.Painter()))
	pos := s.game.PositionAt(s.ply)
	sep := k.cat.T("common.separator")
	for i, side := range []rules.Color{rules.White, rules.Black} {
		cols, held := scenes.Census(pos, side)
		s.subs[i] = k.cat.ColorName(side) + sep + scenes.CensusText(k.cat, cols, held)
		if s.names[i] == k.cat.ColorName(side) {
			s.subs[i] = scenes.CensusText(k.cat, cols, held)
		}
	}
}

// Name is the scene's name.
func (s *ReplayScene) Name() string { return scenes.SceneReplay }

// Layout places everything as on the play screen.
func (s *ReplayScene) Layout(c scenes.Context, w, h, scale float64) {
	s.layout = scenes.ComputePlayLayout(w, h, scale, s.game.Variant(), s.flipped)
	s.board.Layout(s.layout.Board, c.Settings().ShowCoordinates, scenes.Rect{W: w, H: h})
	s.ctlRects = s.layout.ControlButtons(5, s.ctlRects[:0])
	for i, b := range []*ui.Button{&s.btnBack, &s.btnFirst, &s.btnPrev, &s.btnNext, &s.btnLast} {
		b.Rect = s.ctlRects[i]
	}
	s.layoutButtons(s.layout)
	s.moves.Rect = s.layout.MoveList
	s.moves.Scale = scale
	s.moves.Follow = true
	s.setWords(c)
	s.menu.Layout(w, h, scale)
	s.wordsFor = replayWordsKey{}
}

// layoutButtons puts "Play from here" and the menu button at the right of
// the status line.
func (s *ReplayScene) layoutButtons(l scenes.PlayLayout) {
	st := l.Status
	bh := l.DP(scenes.MinTouchDP)
	bw := math.Min(st.W*0.46, l.DP(180))
	s.btnPlay.Rect = scenes.Rect{X: st.X + st.W - bw, Y: st.Y + (st.H-bh)/2, W: bw, H: bh}
	mw := l.DP(scenes.MinTouchDP + 20)
	s.btnMore.Rect = scenes.Rect{X: s.btnPlay.Rect.X - l.DP(8) - mw, Y: s.btnPlay.Rect.Y, W: mw, H: bh}
}

// PlyShown is the number of moves played on the board shown.
func (s *ReplayScene) PlyShown() int { return s.ply }

// last is the number of moves in the game.
func (s *ReplayScene) last() int { return len(s.game.AllMoves()) }

// showPly puts the position after ply moves on the board, without
// animation.
func (s *ReplayScene) showPly(c scenes.Context, ply int) {
	s.ply = min(max(ply, 0), s.last())
	s.queue = s.ply
	last := rules.Move{}
	if s.ply > 0 {
		last = s.game.AllMoves()[s.ply-1]
	}
	s.board.Show(s.game.PositionAt(s.ply), last)
	s.moves.Current = s.ply
	s.moves.Follow = true
	c.Invalidate()
}

// step goes to ply: one move forward is animated, anything else jumps.
func (s *ReplayScene) step(c scenes.Context, ply int) {
	ply = min(max(ply, 0), s.last())
	if s.board.Animating() {
		s.showPly(c, s.queue)
	}
	if ply == s.ply+1 {
		before := s.game.PositionAt(s.ply)
		mv := s.game.AllMoves()[s.ply]
		s.showPly(c, ply)
		s.board.Animate(before, mv, scenes.AnimOptions(c.Settings(), 1.3), 0)
		return
	}
	if ply != s.ply {
		c.Play(scenes.UITap)
	}
	s.showPly(c, ply)
}

func (s *ReplayScene) stepAnimation(c scenes.Context) {
	if s.board.Step() {
		s.showPly(c, s.ply)
	}
}

// positionOver reports whether the game is over at the position shown
// (then there is nothing to play from it).
func (s *ReplayScene) positionOver() bool {
	return rules.StatusOf(s.game.History()[:s.ply+1]).Over()
}

// Update handles the buttons, the keys, the move list and the board.
func (s *ReplayScene) Update(c scenes.Context) error {
	s.stepAnimation(c)
	s.export.Poll(c, s.say)
	s.toast.Tick(c)
	if s.menu.Open {
		s.updateMenu(c)
		return nil
	}
	p := c.Pointer()
	s.btnFirst.Disabled = s.ply == 0
	s.btnPrev.Disabled = s.ply == 0
	s.btnNext.Disabled = s.ply == s.last()
	s.btnLast.Disabled = s.ply == s.last()
	s.btnPlay.Disabled = s.positionOver()
	for _, b := range []struct {
		b  *ui.Button
		do func()
	}{
		{&s.btnBack, func() { s.back(c) }},
		{&s.btnFirst, func() { s.step(c, 0) }},
		{&s.btnPrev, func() { s.step(c, s.ply-1) }},
		{&s.btnNext, func() { s.step(c, s.ply+1) }},
		{&s.btnLast, func() { s.step(c, s.last()) }},
		{&s.btnMore, func() { s.menu.Open = true }},
		{&s.btnPlay, func() { s.playFromHere(c) }},
	} {
		if c.Used(b.b) {
			b.do()
			return nil
		}
	}
	if ply, ok, ch := s.moves.Update(p, s.game); ok || ch {
		c.Invalidate()
		if ok {
			s.step(c, ply)
		}
	}
	k := c.Keys()
	if k.ShowAllChanged() {
		s.board.SetShowAll(k.ShowAll)
	}
	switch {
	case k.Consume(scenes.ActBack):
		if !s.board.Back() {
			s.back(c)
		}
		return nil
	case k.Consume(scenes.ActPrev):
		s.step(c, s.ply-1)
	case k.Consume(scenes.ActNext):
		s.step(c, s.ply+1)
	case k.Consume(scenes.ActFirst):
		s.step(c, 0)
	case k.Consume(scenes.ActLast):
		s.step(c, s.last())
	case k.Consume(scenes.ActFlip):
		s.flipped = !s.flipped
		w, h, scale := c.Size()
		s.Layout(c, w, h, scale)
		c.Invalidate()
	}
	// The board opens the column inspector (a resting mouse, a right
	// click, a long press); a tap on it closes one a right click pinned.
	s.board.Update(c.Gestures(), c.Pointer(), c.Scale())
	return nil
}

func (s *ReplayScene) updateMenu(c scenes.Context) {
	if c.Keys().Consume(scenes.ActBack) {
		s.menu.Open = false
		c.Invalidate()
		return
	}
	choice := s.menu.UpdateIn(c)
	switch choice {
	case scenes.MenuDismissed:
		s.menu.Open = false
	case 0:
		s.menu.Open = false
		s.export.Copy(c, s.record())
	case 1:
		s.menu.Open = false
		s.export.Save(c, s.record(), s.say)
	case 2:
		s.menu.Open = false
		if open := c.Pages().Editor; open != nil {
			c.Push(open(c, s.game.PositionAt(s.ply)))
		}
	case 3:
		s.menu.Open = false
	case 4:
		s.menu.Open = false
		s.analyse(c)
	}
}

// record is the game as a record, with the tags it came with.
func (s *ReplayScene) record() string {
	return rules.FormatRecord(s.game, s.tags)
}

// say shows a message as a toast over the board for a few seconds.
func (s *ReplayScene) say(c scenes.Context, msg string) { s.toast.Show(c, msg) }

func (s *ReplayScene) back(c scenes.Context) {
	c.Pop()
}

// playFromHere sets up a game from the position shown, keeping the moves
// that led to it (so that Undo can go back into them).
func (s *ReplayScene) playFromHere(c scenes.Context) {
	cfg := scenes.GameConfig{Variant: s.game.Variant(), Start: s.game.Start(), Ply: s.ply}
	for _, m := range s.game.AllMoves()[:s.ply] {
		cfg.Moves = append(cfg.Moves, m.String())
	}
	if open := c.Pages().PlayFrom; open != nil {
		c.Push(open(c, cfg))
	}
}

// statusRoom is the status line's room, left of the buttons.
func (s *ReplayScene) statusRoom(p *ui.Painter) float64 {
	return s.btnMore.Rect.X - s.layout.Status.X - p.DP(16)
}

// statusText is the line under the cards.
func (s *ReplayScene) statusText(cat *i18n.Catalog) string {
	n := s.last()
	if n == 0 {
		return cat.ToMove(s.game.Start().SideToMove())
	}
	if s.ply == 0 {
		return cat.N("replay.at_start", scenes.MoveCount(s.game, n))
	}
	// Moves as the move list and the play screen number them, not plies.
	t := cat.F("replay.move_of", "Move", scenes.MoveNumber(s.game, s.ply), "Moves", scenes.MoveNumber(s.game, n))
	if s.ply == n {
		if o := s.game.Outcome(); o.Over() {
			return t + cat.T("common.separator") + o.Result.Score()
		}
	}
	return t
}

// Draw draws the scene.
func (s *ReplayScene) Draw(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	l := &s.layout
	s.board.Draw(dst)
	scenes.DrawPanelBack(p, dst, l)
	top := scenes.TopSide(s.flipped)
	pos := s.game.PositionAt(s.ply)
	over := s.ply == s.last() && s.game.Outcome().Over()
	s.words(c)
	for _, card := range [2]struct {
		r    scenes.Rect
		side rules.Color
	}{{l.TopCard, top}, {l.BottomCard, top.Opponent()}} {
		scenes.DrawSideCard(c, dst, card.r, card.side, s.names[card.side], s.subs[card.side], !over && pos.SideToMove() == card.side, false)
	}
	st := l.Status
	step := p.DP(math.Round(s.statusSize * 1.25))
	y := st.Y + st.H/2 - step/2*float64(len(s.statusLine)-1)
	for _, ln := range s.statusLine {
		p.Text(dst, ln, s.statusSize, sprites.Medium, st.X+p.DP(12), y, text.AlignStart, text.AlignCenter, t.Text)
		y += step
	}
	s.btnMore.Draw(dst, p)
	s.btnPlay.Draw(dst, p)
	s.moves.Draw(c, dst, s.game)
	scenes.DrawControls(p, dst, l, &s.btnBack, &s.btnFirst, &s.btnPrev, &s.btnNext, &s.btnLast)
	s.toast.Draw(c, dst, s.board.Geometry().Inner())
	s.board.DrawOverlay(dst)
	if s.menu.Open {
		s.menu.Draw(c, dst)
	}
}

// Backdrop is what a menu card over the replay shows behind it.
func (s *ReplayScene) Backdrop(c scenes.Context, dst *ebiten.Image) { s.board.Draw(dst) }

// ReplayMoreButton is where the replay view's menu button is.
func ReplayMoreButton(w, h, scale float64, v rules.Variant) scenes.Rect {
	s := &ReplayScene{}
	s.layoutButtons(scenes.ComputePlayLayout(w, h, scale, v, false))
	return s.btnMore.Rect
}

// ReplayPlayButton is where the replay view's "Play from here" is.
func ReplayPlayButton(w, h, scale float64, v rules.Variant) scenes.Rect {
	s := &ReplayScene{}
	s.layoutButtons(scenes.ComputePlayLayout(w, h, scale, v, false))
	return s.btnPlay.Rect
}
