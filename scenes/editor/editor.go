package editor

import (
	"bashni/scenes"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/audio"
	"bashni/i18n"
	"bashni/internal/text"
	"bashni/rules"
	"bashni/scenes/board"
	"bashni/scenes/input"
	"bashni/scenes/ui"
	"bashni/session"
	"bashni/sprites"
	"bashni/storage"
)

// EditorRects is where the position editor puts things (physical pixels).
type EditorRects struct {
	Landscape bool
	Compact   bool // a short phone: fewer, smaller rows
	Board     sprites.Geometry
	Panel     scenes.Rect // the panel's background (landscape: beside the board)
	Brush     scenes.Rect // the column being built and its description
	Undo      scenes.Rect // takes the bottom piece off the column
	ClearCol  scenes.Rect // empties the column
	Pieces    [4]scenes.Rect
	Tool      scenes.Rect // Place | Erase
	Variant   scenes.Rect // Bashni | Lasca
	Side      scenes.Rect // White to move | Black to move
	Empty     scenes.Rect // clears the board
	Start     scenes.Rect // the start position
	CopyFEN   scenes.Rect
	Status    scenes.Rect // whether the position can be played; the analysis
	Back      scenes.Rect
	Analyse   scenes.Rect
	Play      scenes.Rect
	titleY    float64
}

// EditorPieces are the pieces of the palette, in the order of
// EditorRects.Pieces.
var EditorPieces = [4]rules.Piece{rules.WhiteMan, rules.WhiteKing, rules.BlackMan, rules.BlackKing}

// EditorLayout lays out the editor for variant v: in landscape the board
// fills the height and the palette stands beside it; in portrait the
// palette goes under the board.
func EditorLayout(w, h, scale float64, v rules.Variant) EditorRects {
	dp := func(x float64) float64 { return math.Round(x * scale) }
	var r EditorRects
	gap := dp(8)
	brushH, pieceH, rowH, statusH, actH := dp(64), dp(52), dp(46), dp(58), dp(54)
	rows := 3.0
	panelH := brushH + pieceH + rows*rowH + statusH + actH + 7*gap
	r.Landscape = w >= h*1.15 && w/scale >= 600
	if !r.Landscape && h-panelH-dp(24) < 0.8*(w-dp(16)) {
		// A short phone: smaller rows, the side to move beside Empty and
		// Start, and Copy FEN among the actions.
		r.Compact = true
		gap = dp(6)
		brushH, pieceH, rowH, statusH, actH = dp(52), dp(46), dp(44), dp(40), dp(48)
		rows = 2
		panelH = brushH + pieceH + rows*rowH + statusH + actH + 6*gap
	}
	var px, py, pw float64
	if r.Landscape {
		m := dp(20)
		panelW := math.Min(math.Max(w*0.32, dp(320)), dp(440))
		r.Board = sprites.FitGeometry(v, m, m, w-panelW-3*m, h-2*m, false)
		o := r.Board.Outer()
		px = o.X + o.W + m
		pw = math.Min(w-px-m, dp(460))
		title := dp(48)
		if extra := h - 2*m - (panelH + title + dp(28)); extra > 0 {
			// Room for the analysis and a hint.
			statusH += math.Min(extra, dp(50))
			panelH += math.Min(extra, dp(50))
		}
		ph := math.Min(h-2*m, panelH+title+dp(28))
		r.Panel = scenes.Rect{X: px, Y: math.Round((h - ph) / 2), W: pw, H: ph}
		r.titleY = r.Panel.Y + dp(14) + title/2
		px, pw = px+dp(14), pw-dp(28)
		py = r.Panel.Y + dp(14) + title
	} else {
		m := dp(8)
		side := math.Min(w-2*m, h-panelH-3*m)
		side = math.Max(side, dp(160))
		r.Board = sprites.FitGeometry(v, (w-side)/2, m, side, side, false)
		o := r.Board.Outer()
		px, pw = m, w-2*m
		py = o.Y + o.H + gap
		r.Panel = scenes.Rect{X: 0, Y: o.Y + o.H, W: w, H: h - (o.Y + o.H)}
		r.titleY = -1
	}
	y := py
	small := math.Min(dp(scenes.MinTouchDP+8), brushH)
	r.ClearCol = scenes.Rect{X: px + pw - small, Y: y + (brushH-small)/2, W: small, H: small}
	r.Undo = scenes.Rect{X: r.ClearCol.X - gap - small, Y: r.ClearCol.Y, W: small, H: small}
	r.Brush = scenes.Rect{X: px, Y: y, W: r.Undo.X - gap - px, H: brushH}
	y += brushH + gap
	pwid := (pw - 3*gap) / 4
	for i := range r.Pieces {
		r.Pieces[i] = scenes.Rect{X: math.Round(px + float64(i)*(pwid+gap)), Y: y, W: math.Floor(pwid), H: pieceH}
	}
	y += pieceH + gap
	half := (pw - gap) / 2
	quarter := (half - gap) / 2
	r.Tool = scenes.Rect{X: px, Y: y, W: math.Floor(half), H: rowH}
	r.Variant = scenes.Rect{X: math.Round(px + half + gap), Y: y, W: math.Floor(half), H: rowH}
	y += rowH + gap
	third := (pw - 2*gap) / 3
	if r.Compact {
		r.Side = scenes.Rect{X: px, Y: y, W: math.Floor(half), H: rowH}
		r.Empty = scenes.Rect{X: math.Round(px + half + gap), Y: y, W: math.Floor(quarter), H: rowH}
		r.Start = scenes.Rect{X: math.Round(px + half + gap + quarter + gap), Y: y, W: math.Floor(quarter), H: rowH}
		y += rowH + gap
	} else {
		r.Side = scenes.Rect{X: px, Y: y, W: pw, H: rowH}
		y += rowH + gap
		r.Empty = scenes.Rect{X: px, Y: y, W: math.Floor(third), H: rowH}
		r.Start = scenes.Rect{X: math.Round(px + third + gap), Y: y, W: math.Floor(third), H: rowH}
		r.CopyFEN = scenes.Rect{X: math.Round(px + 2*(third+gap)), Y: y, W: math.Floor(third), H: rowH}
		y += rowH + gap
	}
	r.Status = scenes.Rect{X: px, Y: y, W: pw, H: statusH}
	y += statusH + gap
	if !r.Landscape && h-dp(8)-actH > y {
		// Spare height goes to the status (the analysis needs two lines).
		r.Status.H += h - dp(8) - actH - y
		y = h - dp(8) - actH
	}
	if r.Compact {
		fourth := (pw - 3*gap) / 4
		for i, b := range []*scenes.Rect{&r.Back, &r.CopyFEN, &r.Analyse, &r.Play} {
			*b = scenes.Rect{X: math.Round(px + float64(i)*(fourth+gap)), Y: y, W: math.Floor(fourth), H: actH}
		}
		return r
	}
	r.Back = scenes.Rect{X: px, Y: y, W: math.Floor(third), H: actH}
	r.Analyse = scenes.Rect{X: math.Round(px + third + gap), Y: y, W: math.Floor(third), H: actH}
	r.Play = scenes.Rect{X: math.Round(px + 2*(third+gap)), Y: y, W: math.Floor(third), H: actH}
	return r
}

// EditorScene builds a position column by column — any composition, at
// most two colour layers, at most the variant's pieces a side — and plays
// or analyses it.
type EditorScene struct {
	model *editorModel
	rects EditorRects
	board *board.Board

	pieces                       [4]ui.Button
	btnUndo, btnClearCol         ui.Button
	tool, variant, side          ui.Segmented
	btnEmpty, btnStart, btnCopy  ui.Button
	btnBack, btnAnalyse, btnPlay ui.Button

	// The analysis: the position on an analysis board (a person on both
	// sides) whose hint is the computer's opinion; brain is made on first
	// use (a computer player keeps a hash table).
	brain         *session.Brain
	analysisBoard *session.Session
	analysis      session.Hint
	analysed      bool
	message       string // a refusal, shown until the next action
	export        scenes.Exporter
	notice        string
	noticeAt      int64

	// The words shown, in the player's language: set in Layout, and the
	// status and the brush's description when what they say changes
	// (version counts the edits).
	title      string
	version    int
	statusFor  editorStatusKey
	status     editorStatus
	brushFor   editorBrushKey
	brushTitle string
	brushSub   string
}

// editorStatusKey is what the editor's status lines depend on.
type editorStatusKey struct {
	cat                         *i18n.Catalog
	notice, message             string
	thinking, analysed, compact bool
	version                     int
	width                       float64
}

// editorStatus is the status, wrapped to its box.
type editorStatus struct {
	wrapped, hint []string
	lines         int // lines before wrapping
	warn          bool
}

// editorBrushKey is what the brush's description depends on.
type editorBrushKey struct {
	cat    *i18n.Catalog
	col    rules.Column
	placed bool
	canAdd bool
}

// NewEditorScene opens the editor on p (nil: the start position of the
// last variant played).
func NewEditorScene(c scenes.Context, p *rules.Position) *EditorScene {
	v := c.Settings().NewGame.Variant.Rules() // the variant last played
	s := &EditorScene{model: newEditorModel(v, p)}
	s.model.words = c.Text()
	s.board = board.New(c.Renderer(), c)
	for i := range s.pieces {
		s.pieces[i] = ui.Button{Kind: ui.Secondary}
	}
	s.btnUndo = ui.Button{Icon: ui.IconUndo, Kind: ui.Secondary}
	s.btnClearCol = ui.Button{Icon: ui.IconClose, Kind: ui.Secondary}
	if s.model.variant == rules.Lasca {
		s.variant.Selected = 1
	}
	if s.model.side == rules.Black {
		s.side.Selected = 1
	}
	s.btnEmpty = ui.Button{TextSize: 15}
	s.btnStart = ui.Button{TextSize: 15}
	s.btnCopy = ui.Button{TextSize: 15}
	s.btnBack = ui.Button{Icon: ui.IconBack}
	s.btnAnalyse = ui.Button{Icon: ui.IconHint}
	s.btnPlay = ui.Button{Kind: ui.Primary}
	s.setWords(c, false)
	s.changed(c)
	return s
}

// Position is the position being built.
func (s *EditorScene) Position() *rules.Position { return s.model.Position() }

// Name is the scene's name.
func (s *EditorScene) Name() string { return scenes.SceneEditor }

// Layout places the board and the palette.
func (s *EditorScene) Layout(c scenes.Context, w, h, scale float64) {
	s.rects = EditorLayout(w, h, scale, s.model.variant)
	r := &s.rects
	s.board.Layout(r.Board, c.Settings().ShowCoordinates, scenes.Rect{W: w, H: h})
	for i := range s.pieces {
		s.pieces[i].Rect = r.Pieces[i]
	}
	s.btnUndo.Rect, s.btnClearCol.Rect = r.Undo, r.ClearCol
	s.tool.Rect, s.variant.Rect, s.side.Rect = r.Tool, r.Variant, r.Side
	s.btnEmpty.Rect, s.btnStart.Rect, s.btnCopy.Rect = r.Empty, r.Start, r.CopyFEN
	s.btnBack.Rect, s.btnAnalyse.Rect, s.btnPlay.Rect = r.Back, r.Analyse, r.Play
	s.setWords(c, r.Compact)
	if r.Compact {
		s.btnBack.Icon, s.btnAnalyse.Icon = nil, nil
	} else {
		s.btnBack.Icon, s.btnAnalyse.Icon = ui.IconBack, ui.IconHint
	}
}

// setWords labels the controls in the player's language: short labels
// where the rows are short (compact).
func (s *EditorScene) setWords(c scenes.Context, compact bool) {
	cat := c.Text()
	s.model.words = cat
	s.tool.Options = []string{cat.T("editor.place"), cat.T("editor.erase")}
	s.variant.Options = []string{cat.VariantName(rules.Bashni), cat.VariantName(rules.Lasca)}
	if compact {
		s.side.Options = []string{cat.T("common.white"), cat.T("common.black")}
		s.btnCopy.Label, s.btnEmpty.Label = cat.T("editor.fen"), cat.T("editor.clear")
	} else {
		s.side.Options = []string{cat.ToMove(rules.White), cat.ToMove(rules.Black)}
		s.btnCopy.Label, s.btnEmpty.Label = cat.T("editor.copy_fen"), cat.T("editor.empty")
	}
	s.btnStart.Label = cat.T("editor.start")
	s.btnBack.Label = cat.T("common.back")
	s.btnAnalyse.Label = cat.T("editor.analyse")
	s.btnPlay.Label = cat.T("common.play")
	s.title = cat.T("editor.title")
}

// changed refreshes the board and the checks after an edit; a running
// analysis is dropped.
func (s *EditorScene) changed(c scenes.Context) {
	s.stopAnalysis()
	s.analysed = false
	s.analysis = session.Hint{}
	s.version++
	s.board.Show(s.model.Position(), rules.Move{})
	ok, _ := s.model.Check()
	s.btnPlay.Disabled = !ok
	s.btnAnalyse.Disabled = !ok
	for i, pc := range EditorPieces {
		s.pieces[i].Disabled = !s.model.CanAdd(pc)
	}
	s.btnUndo.Disabled = len(s.model.brush) == 0
	s.btnClearCol.Disabled = len(s.model.brush) == 0
	c.Invalidate()
}

// Update handles the palette, the board and the analysis.
func (s *EditorScene) Update(c scenes.Context) error {
	if s.analysisBoard != nil {
		s.analysisBoard.Tick(c.Tick(), true)
		for _, ev := range s.analysisBoard.Events() {
			if ev.Kind == session.HintReady {
				s.analysis, s.analysed = ev.Hint, true
				s.board.SetHint(ev.Hint.Best)
				c.Invalidate()
			}
		}
		if s.thinking() {
			c.Spin()
		}
	}
	if ready, _, err := s.export.Job.Ready(); ready {
		s.export.Job = nil
		if err != nil {
			s.say(c, c.Text().F("export.copy_failed", "Error", scenes.ErrorWords(c.Text(), err)))
		} else {
			s.say(c, c.Text().T("editor.fen_copied"))
		}
	}
	if s.notice != "" && c.Tick() > s.noticeAt+300 {
		s.notice = ""
		c.Invalidate()
	}
	for i := range s.pieces {
		if c.Used(&s.pieces[i]) {
			s.message = ""
			s.model.Add(EditorPieces[i])
			s.tool.Selected = 0
			c.Play(scenes.UITap)
			s.changed(c)
		}
	}
	type action struct {
		b  *ui.Button
		do func()
	}
	for _, b := range []action{
		{&s.btnUndo, func() { s.model.RemoveLast(); s.changed(c) }},
		{&s.btnClearCol, func() { s.model.ClearBrush(); s.changed(c) }},
		{&s.btnEmpty, func() { s.model.Clear(); s.changed(c) }},
		{&s.btnStart, func() { s.model.Reset(); s.side.Selected = 0; s.changed(c) }},
		{&s.btnCopy, func() { s.export.Copy(c, s.model.Position().FEN()) }},
		{&s.btnBack, func() { s.back(c) }},
		{&s.btnAnalyse, func() { s.analyseOrOpen(c) }},
		{&s.btnPlay, func() { s.play(c) }},
	} {
		if c.Used(b.b) {
			s.message = ""
			b.do()
			return nil
		}
	}
	c.Used(&s.tool)
	if c.Used(&s.side) {
		s.model.SetSide(rules.Color(s.side.Selected))
		s.changed(c)
	}
	if c.Used(&s.variant) {
		v := rules.Bashni
		if s.variant.Selected == 1 {
			v = rules.Lasca
		}
		s.model.SetVariant(v)
		w, h, scale := c.Size()
		s.Layout(c, w, h, scale)
		s.changed(c)
	}
	s.handleBoard(c)
	switch {
	case c.Keys().Consume(scenes.ActBack):
		s.back(c)
	case c.Keys().Consume(scenes.ActHint):
		s.analyse(c)
	}
	return nil
}

// handleBoard places, erases and picks columns.
func (s *EditorScene) handleBoard(c scenes.Context) {
	for _, gs := range c.Gestures() {
		sq, on := s.board.SquareAt(gs.StartX*c.Scale(), gs.StartY*c.Scale())
		switch gs.Kind {
		case input.Tap:
			if !on {
				continue
			}
			s.message = ""
			if s.tool.Selected == 1 {
				s.model.Erase(sq)
			} else if msg := s.model.Place(sq); msg != "" {
				s.message = msg
				c.Play(audio.CaptureRequired)
			} else {
				c.Play(audio.Move)
			}
			s.changed(c)
		case input.SecondaryClick, input.LongPress:
			if on {
				sq, _ = s.board.SquareAt(gs.X*c.Scale(), gs.Y*c.Scale())
				if !s.model.Column(sq).IsEmpty() {
					s.model.Pick(sq)
					s.tool.Selected = 0
					s.message = ""
					c.Play(scenes.UITap)
					s.changed(c)
					s.board.Inspect(sq)
				}
			}
		case input.LongPressEnd, input.HoverEnd:
			s.board.Inspect(rules.NoSquare)
		}
	}
}

func (s *EditorScene) say(c scenes.Context, msg string) {
	s.notice, s.noticeAt = msg, c.Tick()
	c.Invalidate()
}

// thinking reports whether the computer is analysing.
func (s *EditorScene) thinking() bool { return s.analysisBoard != nil && s.analysisBoard.HintPending() }

// stopAnalysis drops a running analysis.
func (s *EditorScene) stopAnalysis() {
	if s.analysisBoard != nil {
		s.analysisBoard.Pause()
		s.analysisBoard = nil
	}
}

func (s *EditorScene) back(c scenes.Context) {
	s.stopAnalysis()
	c.Pop()
}

// analyse asks the computer for the best move, its opinion and its line.
func (s *EditorScene) analyse(c scenes.Context) {
	if ok, _ := s.model.Check(); !ok || s.thinking() {
		return
	}
	if s.brain == nil {
		s.brain = c.NewBrain()
	}
	var err error
	s.analysisBoard, err = session.New(session.Config{Start: s.model.Position(), Hints: s.brain})
	if err != nil {
		return
	}
	s.analysed = false
	s.analysisBoard.AskHint()
	c.Invalidate()
}

// play sets up a game from the position.
func (s *EditorScene) play(c scenes.Context) {
	if ok, _ := s.model.Check(); !ok {
		return
	}
	s.stopAnalysis()
	st := c.Settings()
	st.NewGame.Variant = storage.VariantOf(s.model.variant)
	c.SetSettings(st)
	if open := c.Pages().PlayFrom; open != nil {
		c.Push(open(c, scenes.GameConfig{Start: s.model.Position()}))
	}
}

// statusLines says what the position is, why it cannot be played, or what
// the analysis found.
func (s *EditorScene) statusLines(cat *i18n.Catalog, fits func(string) bool) (lines []string, warn bool) {
	switch {
	case s.notice != "":
		return []string{s.notice}, false
	case s.message != "":
		return []string{s.message}, true
	case s.thinking():
		return []string{cat.T("editor.looking")}, false
	case s.analysed && !s.analysis.Best.IsZero():
		sep := cat.T("common.separator")
		l1 := cat.F("editor.best", "Move", s.analysis.Best.String())
		switch {
		case s.analysis.HasVerdict:
			l1 += sep + cat.Verdict(s.analysis.Verdict)
		case s.analysis.Text != "":
			l1 += sep + s.analysis.Text
		}
		// As much of the expected line as fits on one line.
		line := cat.T("editor.line")
		ellipsis := " " + cat.T("common.ellipsis")
		for i, m := range s.analysis.PV {
			next := line + " " + m.String()
			if i+1 < len(s.analysis.PV) && fits != nil && !fits(next+ellipsis) {
				line += ellipsis
				break
			}
			line = next
		}
		return []string{l1, line}, false
	}
	ok, msg := s.model.Check()
	return []string{msg}, !ok
}

// Draw draws the editor.
func (s *EditorScene) Draw(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	r := &s.rects
	s.board.Draw(dst)
	if r.Landscape {
		p.RoundRect(dst, r.Panel, p.DP(14), t.Panel, p.DP(1), t.PanelEdge)
		p.Text(dst, s.title, 24, sprites.Bold, r.Panel.X+p.DP(16), r.titleY, text.AlignStart, text.AlignCenter, t.Text)
	} else {
		p.Fill(dst, r.Panel, ui.Alpha(t.Panel, 0.5))
	}
	s.drawBrush(c, dst)
	for i := range s.pieces {
		b := &s.pieces[i]
		b.Draw(dst, p)
		s.drawPiece(c, dst, b.Rect, EditorPieces[i], b.Disabled)
	}
	s.btnUndo.Draw(dst, p)
	s.btnClearCol.Draw(dst, p)
	s.tool.Draw(dst, p)
	s.variant.Draw(dst, p)
	s.side.Draw(dst, p)
	s.btnEmpty.Draw(dst, p)
	s.btnStart.Draw(dst, p)
	s.btnCopy.Draw(dst, p)

	st := r.Status
	s.statusWords(c)
	warn := s.status.warn
	col := t.Text
	if warn {
		col = t.MustCapture
		p.RoundRect(dst, st, p.DP(10), ui.Alpha(t.MustCapture, 0.14), p.DP(1), ui.Alpha(t.MustCapture, 0.55))
	} else {
		p.RoundRect(dst, st, p.DP(10), ui.Mix(t.Panel, t.Background, 0.4), 0, t.PanelEdge)
	}
	wrapped, hint := s.status.wrapped, s.status.hint
	n := float64(len(wrapped) + len(hint))
	y := st.Y + st.H/2 - p.DP(10)*(n-1)
	for _, l := range wrapped {
		p.Text(dst, l, 14, sprites.Medium, st.X+p.DP(12), y, text.AlignStart, text.AlignCenter, col)
		y += p.DP(20)
	}
	for _, l := range hint {
		p.Text(dst, l, 12.5, sprites.Regular, st.X+p.DP(12), y, text.AlignStart, text.AlignCenter, t.TextDim)
		y += p.DP(20)
	}
	if s.thinking() {
		c.Renderer().DrawSpinner(dst, st.X+st.W-p.DP(22), st.Y+st.H/2, p.DP(22), float64(c.Tick()%60)/60, t.Accent)
	}
	s.btnBack.Draw(dst, p)
	s.btnAnalyse.Draw(dst, p)
	s.btnPlay.Draw(dst, p)
	s.board.DrawOverlay(dst)
}

// statusWords puts the status in words, wrapped to its box, when what it
// says changed.
func (s *EditorScene) statusWords(c scenes.Context) {
	p := c.Painter()
	st := s.rects.Status
	k := editorStatusKey{cat: c.Text(), notice: s.notice, message: s.message, thinking: s.thinking(),
		analysed: s.analysed, compact: s.rects.Compact, version: s.version, width: st.W}
	if k == s.statusFor {
		return
	}
	s.statusFor = k
	lines, warn := s.statusLines(k.cat, func(l string) bool { return p.Measure(l, 14, sprites.Medium) <= st.W-p.DP(44) })
	var wrapped []string
	for _, l := range lines {
		wrapped = append(wrapped, p.Wrap(l, 14, sprites.Medium, st.W-p.DP(44))...)
	}
	maxLines := max(1, int((st.H-p.DP(12))/p.DP(20)))
	if len(wrapped) > maxLines {
		wrapped = wrapped[:maxLines]
	}
	// A hint under a short message, when there is room: the board's
	// gestures.
	var hint []string
	if !warn && len(lines) == 1 && !k.thinking && !k.analysed {
		hint = p.Wrap(k.cat.T("editor.hint"), 12.5, sprites.Regular, st.W-p.DP(24))
		if len(wrapped)+len(hint) > maxLines {
			hint = nil
		}
	}
	s.status = editorStatus{wrapped: wrapped, hint: hint, lines: len(lines), warn: warn}
}

// drawPiece draws a piece of the palette on its button.
func (s *EditorScene) drawPiece(c scenes.Context, dst *ebiten.Image, r scenes.Rect, pc rules.Piece, disabled bool) {
	m := c.Renderer().Metrics()
	if m.Radius <= 0 {
		return
	}
	scale := math.Min(r.H*0.78, r.W*0.6) / (2 * m.Radius)
	opts := sprites.ColumnOptions{Scale: scale, NoBadge: true, NoShadow: true}
	if disabled {
		opts.Fade = 0.65
	}
	c.Renderer().DrawColumn(dst, r.X+r.W/2, r.Y+r.H*0.56, rules.ColumnOf(pc), opts)
}

// drawBrush draws the column being built, and says what it is.
func (s *EditorScene) drawBrush(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	r := s.rects.Brush
	p.RoundRect(dst, r, p.DP(12), ui.Mix(t.Panel, t.Background, 0.4), p.DP(1), t.PanelEdge)
	col := s.model.Brush()
	box := scenes.Rect{X: r.X + p.DP(6), Y: r.Y + p.DP(4), W: r.H - p.DP(8), H: r.H - p.DP(8)}
	if sq := c.Renderer().SquareSize(); sq > 0 && !col.IsEmpty() {
		m := c.Renderer().Metrics()
		l := c.Renderer().ColumnLayout(col, 0)
		tall := l.BottomY - l.TopY + 2*m.FaceHalf
		scale := math.Min(box.W/(2.2*m.Radius), box.H/tall)
		cy := box.Y + box.H - (l.BottomY)*scale - p.DP(2)
		c.Renderer().DrawColumn(dst, box.X+box.W/2, cy, col, sprites.ColumnOptions{Scale: scale, NoBadge: true, NoShadow: true})
	}
	x := box.X + box.W + p.DP(10)
	if k := (editorBrushKey{cat: c.Text(), col: col, placed: s.model.placed, canAdd: s.model.CanAdd(rules.BlackMan)}); k != s.brushFor {
		s.brushFor = k
		s.brushTitle, s.brushSub = brushWords(k)
	}
	title, sub := s.brushTitle, s.brushSub
	maxW := r.X + r.W - x - p.DP(6)
	size := 16.0
	for size > 11 && p.Measure(title, size, sprites.Bold) > maxW {
		size--
	}
	p.Text(dst, title, size, sprites.Bold, x, r.Y+r.H/2-p.DP(10), text.AlignStart, text.AlignCenter, t.Text)
	sub2 := 13.0
	for sub2 > 10 && p.Measure(sub, sub2, sprites.Regular) > maxW {
		sub2 -= 0.5
	}
	p.Text(dst, sub, sub2, sprites.Regular, x, r.Y+r.H/2+p.DP(11), text.AlignStart, text.AlignCenter, t.TextDim)
}

// brushWords says what the brush is and what a tap does with it.
func brushWords(k editorBrushKey) (title, sub string) {
	cat, col := k.cat, k.col
	if col.IsEmpty() {
		return cat.T("editor.choose"), cat.T("editor.choose_sub")
	}
	title = describeColumn(cat, col)
	sub = cat.T("editor.tap_to_place")
	if k.placed {
		sub = cat.T("editor.new_column")
	} else if col.Height() > 1 || k.canAdd {
		sub = cat.T("editor.pieces_go_under")
	}
	return title, sub
}

// describeColumn names a column for the player: "White man",
// "White 1/0000 (4 pieces)", "White 1/0000 · 2 prisoners".
func describeColumn(cat *i18n.Catalog, c rules.Column) string {
	if c.Height() == 1 {
		return cat.PieceName(c.Top())
	}
	own := c.OwnCount()
	prisoners := c.Height() - own
	if prisoners == 0 {
		return cat.SideNF("editor.column_own", c.Owner(), own, "Stack", c.Stack())
	}
	return cat.SideNF("editor.column_prisoners", c.Owner(), prisoners, "Stack", c.Stack())
}

// backdrop is what a menu card over the editor shows behind it.
func (s *EditorScene) Backdrop(c scenes.Context, dst *ebiten.Image) { s.board.Draw(dst) }
