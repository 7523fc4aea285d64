// Package newgame is the New game card: the variant, the opponent, the
// level and the side of a game at this device, or of a game played on
// from a position (PlayFrom); it opens online play through the router.
package newgame

import (
	"bashni/access"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/ai"
	"bashni/i18n"
	"bashni/internal/text"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/ui"
	"bashni/session"
	"bashni/sprites"
	"bashni/storage"
)

// Rects is where the new-game screen puts things.
type Rects struct {
	Card                           scenes.Rect
	Variant, Opponent, Level, Side scenes.Rect // the segmented controls
	Back, Start                    scenes.Rect
	labelY                         [4]float64
	titleY                         float64
	pad                            float64 // the card's inner margin
	// Body is the part of the card the rows show in, between the title
	// and Back and Play; Content is the rows' height. When they are
	// taller than the body (a phone on its side) the rows scroll in it:
	// the rows above are where they are when scrolled to the top.
	Body    scenes.Rect
	Content float64
}

// MaxScroll is how far the rows scroll: 0 when they fit.
func (r Rects) MaxScroll() float64 { return math.Max(0, r.Content-r.Body.H) }

// levelName is level n's name for the player ("Club player"), in the
// player's language.
func levelName(cat *i18n.Catalog, n int) string {
	return cat.T("newgame.level.l" + strconv.Itoa(n))
}

// levelCount is the number of levels to choose from.
const levelCount = ai.MaxLevel - ai.MinLevel + 1

// levelOptions are the labels of the level choice, "1" to "7".
func levelOptions() []string {
	var o []string
	for n := ai.MinLevel; n <= ai.MaxLevel; n++ {
		o = append(o, strconv.Itoa(n))
	}
	return o
}

// Layout lays out the new-game screen.
func Layout(w, h, scale float64) Rects {
	dp := func(v float64) float64 { return math.Round(v * scale) }
	var r Rects
	cw := math.Min(w-dp(24), dp(560))
	seg := dp(48)
	label := dp(30)
	gap := dp(22)
	// The inner margin narrows on small phones so that every level keeps a
	// touch target of MinTouchDP.
	pad := math.Max(dp(10), math.Min(dp(24), math.Floor((cw-levelCount*dp(scenes.MinTouchDP))/2)))
	r.pad = pad
	title := dp(56)
	btn := dp(56)
	rows := 4*(label+seg) + 3*gap
	above := dp(34) // between the last row and the buttons
	bodyH, content := rows, rows
	ch := pad + title + rows + above + btn + pad
	// Too tall for the screen: the card takes its height, the buttons stay
	// at its foot and the rows scroll between the title and them.
	if room := h - 2*dp(8); ch > room {
		above = dp(12)
		content = rows + dp(8)
		// At least one row shows, however short the screen.
		bodyH = math.Max(label+seg, room-(pad+title+above+btn+pad))
		ch = pad + title + bodyH + above + btn + pad
	}
	r.Card = scenes.Rect{X: math.Round((w - cw) / 2), Y: math.Round(math.Max(dp(8), (h-ch)/2)), W: cw, H: ch}
	x := r.Card.X + pad
	iw := cw - 2*pad
	y := r.Card.Y + pad
	r.titleY = y + title/2
	y += title
	r.Body = scenes.Rect{X: r.Card.X, Y: y, W: cw, H: bodyH}
	r.Content = content
	for i, row := range []*scenes.Rect{&r.Variant, &r.Opponent, &r.Level, &r.Side} {
		r.labelY[i] = y + label/2
		y += label
		*row = scenes.Rect{X: x, Y: y, W: iw, H: seg}
		y += seg + gap
	}
	y = r.Body.Y + bodyH + above
	bw := (iw - dp(12)) / 2
	r.Back = scenes.Rect{X: x, Y: y, W: bw, H: btn}
	r.Start = scenes.Rect{X: x + bw + dp(12), Y: y, W: bw, H: btn}
	return r
}

// Screen chooses the variant, the opponent, the level and the colour.
type Screen struct {
	// rects is the layout scrolled to the top; shown is where the rows
	// are, scroll.offset higher when they do not fit the body (place).
	rects, shown Rects
	body         scenes.CardBody

	variant, opponent, level, side ui.Segmented
	btnBack, btnStart              ui.Button
	btnOnline                      ui.Button // "Play a friend online", when a server is known

	// preset, when set, is a game to play on from (a replayed record, the
	// position editor): its variant, start and moves are fixed.
	preset *scenes.GameConfig

	// The words drawn (setWords, on layout and when a choice changes).
	title         string
	labels, notes [4]string
}

// The choices of the new-game screen, in the order of their segments.
var (
	variantChoices  = []rules.Variant{rules.Bashni, rules.Lasca}
	opponentChoices = []storage.Opponent{storage.OpponentComputer, storage.OpponentFriend}
	sideChoices     = []storage.Color{storage.White, storage.Black, storage.SideRandom}
)

// New makes the screen.
func New(c scenes.Context) *Screen {
	s := &Screen{}
	last := c.Settings().NewGame // the choices of the last game started
	cat := c.Text()
	s.variant = ui.Segmented{Options: []string{cat.VariantName(rules.Bashni), cat.VariantName(rules.Lasca)}, Selected: max(0, slices.Index(variantChoices, last.Variant.Rules()))}
	s.opponent = ui.Segmented{Options: []string{cat.T("common.computer"), cat.T("newgame.a_friend")}, Selected: max(0, slices.Index(opponentChoices, last.Opponent))}
	s.level = ui.Segmented{Options: levelOptions(), Selected: min(max(last.Level-ai.MinLevel, 0), levelCount-1)}
	s.side = ui.Segmented{Options: []string{cat.T("common.white"), cat.T("common.black"), cat.T("common.random")}, Selected: max(0, slices.Index(sideChoices, last.Side))}
	s.btnBack = ui.Button{Label: cat.T("common.back"), Icon: ui.IconBack}
	s.btnStart = ui.Button{Label: cat.T("common.play"), Kind: ui.Primary}
	if c.Server() != "" {
		s.btnOnline = ui.Button{Label: c.Text().T("online.play_online"), Icon: ui.IconPlay, TextSize: 15}
	}
	s.setWords(c)
	return s
}

// PlayFrom chooses the opponent, level and colour for a game that
// goes on from cfg (its variant, start position and moves); you play the
// side to move unless you choose otherwise.
func PlayFrom(c scenes.Context, cfg scenes.GameConfig) *Screen {
	s := New(c)
	s.preset = &cfg
	if cfg.Start != nil {
		cfg.Variant = cfg.Start.Variant()
	}
	s.variant.Selected = 0
	if cfg.Variant == rules.Lasca {
		s.variant.Selected = 1
	}
	s.variant.Disabled = true
	s.side.Selected = 0
	if g, err := session.New(session.Config{Variant: cfg.Variant, Start: cfg.Start, Moves: cfg.Moves, Ply: cfg.Ply}); err == nil && g.ToMove() == rules.Black {
		s.side.Selected = 1
	}
	return s
}

// Name is the scene's name.
func (s *Screen) Name() string { return scenes.SceneNewGame }

// Layout places the controls.
func (s *Screen) Layout(c scenes.Context, w, h, scale float64) {
	s.rects = Layout(w, h, scale)
	s.body.Layout(s.rects.Body, s.rects.MaxScroll())
	s.place()
	s.btnBack.Rect = s.rects.Back
	s.btnStart.Rect = s.rects.Start
	s.btnOnline.Rect = OnlineButton(s.rects, scale)
	s.setWords(c)
}

// place puts the rows where the scroll has them.
func (s *Screen) place() {
	r, dy := s.rects, -s.body.Offset
	for _, row := range []*scenes.Rect{&r.Variant, &r.Opponent, &r.Level, &r.Side} {
		row.Y += dy
	}
	for i := range r.labelY {
		r.labelY[i] += dy
	}
	s.shown = r
	s.variant.Rect, s.opponent.Rect, s.level.Rect, s.side.Rect = r.Variant, r.Opponent, r.Level, r.Side
}

// Scroll is how far the rows are scrolled (physical pixels, 0 at the
// top).
func (s *Screen) Scroll() float64 { return s.body.Offset }

// keepFocusInView scrolls the row that Tab just gave the focus to into
// view, with its label.
func (s *Screen) keepFocusInView(c scenes.Context) {
	ring, ok := c.FocusRing()
	if !ok || s.body.MaxOff <= 0 {
		s.body.FocusAt = -1
		return
	}
	r, shown := &s.rects, &s.shown
	for i, row := range [...]scenes.Rect{shown.Variant, shown.Opponent, shown.Level, shown.Side} {
		if ring == row {
			top := row.Y + s.body.Offset // where it is in the rows, however scrolled
			if s.body.ShowFocused(c, top, 2*r.labelY[i]-top, top+row.H) {
				s.place()
			}
			return
		}
	}
	s.body.FocusAt = -1 // Back, Play or "Play a friend online"
}

// setWords looks up the title, the labels and the notes for the choices
// made, in the player's language.
func (s *Screen) setWords(c scenes.Context) {
	cat := c.Text()
	s.title = cat.T("newgame.title")
	if s.preset != nil {
		s.title = cat.T("newgame.title_from_here")
	}
	s.labels = [4]string{cat.T("newgame.game"), cat.T("newgame.opponent"), cat.T("newgame.computer_level"), cat.T("newgame.you_play")}
	s.notes = [4]string{}
	switch {
	case s.preset != nil:
		s.notes[0] = cat.T("newgame.note_from_position")
	case s.variant.Selected == 0:
		s.notes[0] = cat.T("newgame.note_bashni")
	default:
		s.notes[0] = cat.T("newgame.note_lasca")
	}
	if s.opponent.Selected == 1 {
		s.notes[1] = cat.T("newgame.note_friend")
		s.labels[3] = cat.T("newgame.bottom")
	} else {
		s.notes[2] = levelName(cat, s.level.Selected+1)
	}
	if s.side.Selected == 0 && s.preset == nil {
		s.notes[3] = cat.T("newgame.note_white_first")
	}
	s.variant.Name, s.opponent.Name, s.level.Name, s.side.Name = s.labels[0], s.labels[1], s.labels[2], s.labels[3]
}

// Update handles the choices.
func (s *Screen) Update(c scenes.Context) error {
	if s.body.Scroll(c, true) { // before the rows: a drag over them is no tap
		s.place()
	}
	s.body.BeginRows(c)
	for _, sg := range []*ui.Segmented{&s.variant, &s.opponent, &s.level, &s.side} {
		if c.Used(sg) {
			c.Play(scenes.UITap)
			s.setWords(c)
		}
	}
	s.body.EndRows(c)
	s.keepFocusInView(c)
	s.level.Disabled = s.opponent.Selected == 1
	if s.btnOnline.Label != "" && s.preset == nil && c.Used(&s.btnOnline) {
		if open := c.Pages().Lobby; open != nil {
			c.Push(open(c))
		} else if open := c.Pages().Online; open != nil {
			c.Push(open(c, ""))
		}
		return nil
	}
	if c.Used(&s.btnBack) {
		s.back(c)
		return nil
	}
	if c.Used(&s.btnStart) {
		s.start(c)
		return nil
	}
	if c.Keys().Consume(scenes.ActBack) {
		s.back(c)
	} else if c.Keys().Consume(scenes.ActConfirm) {
		s.start(c)
	}
	return nil
}

func (s *Screen) back(c scenes.Context) { c.Pop() }

// Config is the game chosen.
func (s *Screen) Config(seed uint64) scenes.GameConfig {
	cfg := scenes.GameConfig{Variant: rules.Bashni, Level: s.level.Selected + 1, Human: rules.White, Friend: s.opponent.Selected == 1}
	if s.variant.Selected == 1 {
		cfg.Variant = rules.Lasca
	}
	if s.preset != nil {
		cfg.Variant, cfg.Start, cfg.Moves, cfg.Ply = s.preset.Variant, s.preset.Start, s.preset.Moves, s.preset.Ply
	}
	switch s.side.Selected {
	case 1:
		cfg.Human = rules.Black
	case 2:
		r := rand.New(rand.NewPCG(seed, uint64(seed>>1)+1))
		if seed == 0 {
			r = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
		}
		if r.IntN(2) == 1 {
			cfg.Human = rules.Black
		}
	}
	return cfg
}

func (s *Screen) start(c scenes.Context) {
	// The screen offers these choices next time (a game played on from a
	// position keeps the variant and side chosen before).
	st := c.Settings()
	if s.preset == nil {
		st.NewGame.Variant = storage.VariantOf(variantChoices[s.variant.Selected])
		st.NewGame.Side = sideChoices[s.side.Selected]
	}
	st.NewGame.Opponent = opponentChoices[s.opponent.Selected]
	st.NewGame.Level = s.level.Selected + ai.MinLevel
	c.SetSettings(st)
	if g := c.Game(); g != nil {
		g.Session().Pause()
	}
	open := c.Pages().Play
	if open == nil {
		return
	}
	ps := open(c, s.Config(c.Seed()))
	c.SetGame(ps)
	ps.Session().Save()
	c.Start(ps)
}

// Draw draws the screen.
func (s *Screen) Draw(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	r := &s.shown
	c.DrawBackdrop(dst)
	p.RoundRect(dst, r.Card, p.DP(20), t.Panel, p.DP(1), t.PanelEdge)
	p.Text(dst, s.title, 28, sprites.Bold, r.Card.X+r.pad, r.titleY, text.AlignStart, text.AlignCenter, t.Text)
	rows := s.body.Target(dst)
	labels, notes := &s.labels, &s.notes
	for i, l := range labels {
		c := t.TextDim
		if i == 2 && s.level.Disabled {
			c = ui.Alpha(c, 0.45)
		}
		p.Text(rows, l, 15, sprites.Medium, r.Card.X+r.pad+p.DP(2), r.labelY[i], text.AlignStart, text.AlignCenter, c)
		if notes[i] != "" && !(i == 2 && s.level.Disabled) {
			p.Text(rows, notes[i], 14, sprites.Regular, r.Card.X+r.Card.W-r.pad-p.DP(2), r.labelY[i], text.AlignEnd, text.AlignCenter, ui.Alpha(t.TextDim, 0.8))
		}
	}
	s.variant.Draw(rows, p)
	s.opponent.Draw(rows, p)
	s.level.Draw(rows, p)
	s.side.Draw(rows, p)
	scenes.DrawBodyEdges(p, dst, r.Body, s.body.Offset, s.body.MaxOff)
	s.btnBack.Draw(dst, p)
	s.btnStart.Draw(dst, p)
	if s.btnOnline.Label != "" && s.preset == nil {
		s.btnOnline.Draw(dst, p)
	}
}

// OnlineButton is where "Play a friend online" is: at the right of
// the card's title.
func OnlineButton(r Rects, scale float64) scenes.Rect {
	w := math.Min(r.Card.W*0.5, math.Round(230*scale))
	h := math.Round(scenes.MinTouchDP * scale)
	return scenes.Rect{X: r.Card.X + r.Card.W - r.pad - w, Y: r.titleY - h/2, W: w, H: h}
}

// StartTyped starts the new game a typed "new" asked for: New game's
// choices, with those the command named.
func StartTyped(c scenes.Context, cmd access.Command) {
	ng := New(c)
	if cmd.HasVariant {
		ng.variant.Selected = max(0, slices.Index(variantChoices, cmd.Variant))
	}
	switch {
	case cmd.RandomSide:
		ng.side.Selected = 2
	case cmd.HasSide:
		ng.side.Selected = max(0, slices.Index(sideChoices, storage.ColorOf(cmd.Side)))
	}
	if cmd.Level > 0 {
		ng.opponent.Selected, ng.level.Selected = 0, cmd.Level-ai.MinLevel
	}
	ng.start(c)
}
