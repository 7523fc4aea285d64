package scenes

import (
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"bashni/ai"
	"bashni/rules"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// NewGameRects is where the new-game screen puts things.
type NewGameRects struct {
	Card                           Rect
	Variant, Opponent, Level, Side Rect // the segmented controls
	Back, Start                    Rect
	labelY                         [4]float64
	titleY                         float64
	pad                            float64 // the card's inner margin
}

// Levels are named for the player: levelNames[n] is level n's.
var levelNames = [ai.MaxLevel + 1]string{"", "Newcomer", "Beginner", "Casual", "Club player", "Strong", "Expert", "Master"}

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

// NewGameLayout lays out the new-game screen.
func NewGameLayout(w, h, scale float64) NewGameRects {
	dp := func(v float64) float64 { return math.Round(v * scale) }
	var r NewGameRects
	cw := math.Min(w-dp(24), dp(560))
	seg := dp(48)
	label := dp(30)
	gap := dp(22)
	// The inner margin narrows on small phones so that every level keeps a
	// touch target of MinTouchDP.
	pad := math.Max(dp(10), math.Min(dp(24), math.Floor((cw-levelCount*dp(MinTouchDP))/2)))
	r.pad = pad
	title := dp(56)
	btn := dp(56)
	ch := pad + title + 4*(label+seg) + 3*gap + dp(34) + btn + pad
	r.Card = Rect{X: math.Round((w - cw) / 2), Y: math.Round(math.Max(dp(8), (h-ch)/2)), W: cw, H: ch}
	x := r.Card.X + pad
	iw := cw - 2*pad
	y := r.Card.Y + pad
	r.titleY = y + title/2
	y += title
	rows := []*Rect{&r.Variant, &r.Opponent, &r.Level, &r.Side}
	for i, row := range rows {
		r.labelY[i] = y + label/2
		y += label
		*row = Rect{X: x, Y: y, W: iw, H: seg}
		y += seg + gap
	}
	y += dp(34) - gap
	bw := (iw - dp(12)) / 2
	r.Back = Rect{X: x, Y: y, W: bw, H: btn}
	r.Start = Rect{X: x + bw + dp(12), Y: y, W: bw, H: btn}
	return r
}

// NewGameScene chooses the variant, the opponent, the level and the colour.
type NewGameScene struct {
	from  Scene
	rects NewGameRects

	variant, opponent, level, side ui.Segmented
	btnBack, btnStart              ui.Button

	// preset, when set, is a game to play on from (a replayed record, the
	// position editor): its variant, start and moves are fixed.
	preset *GameConfig
}

// lastChoice remembers the choices between visits.
var lastChoice = struct{ variant, opponent, level, side int }{0, 0, 3, 0} // level 4, Club player

// NewNewGameScene makes the screen; Back returns to from.
func NewNewGameScene(a *App, from Scene) *NewGameScene {
	s := &NewGameScene{from: from}
	s.variant = ui.Segmented{Options: []string{"Bashni", "Lasca"}, Selected: lastChoice.variant}
	s.opponent = ui.Segmented{Options: []string{"Computer", "A friend"}, Selected: lastChoice.opponent}
	s.level = ui.Segmented{Options: levelOptions(), Selected: lastChoice.level}
	s.side = ui.Segmented{Options: []string{"White", "Black", "Random"}, Selected: lastChoice.side}
	s.btnBack = ui.Button{Label: "Back", Icon: ui.IconBack}
	s.btnStart = ui.Button{Label: "Play", Kind: ui.Primary}
	return s
}

// NewPlayFromScene chooses the opponent, level and colour for a game that
// goes on from cfg (its variant, start position and moves); you play the
// side to move unless you choose otherwise. Back returns to from.
func NewPlayFromScene(a *App, from Scene, cfg GameConfig) *NewGameScene {
	s := NewNewGameScene(a, from)
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
	if m, err := NewMatch(cfg); err == nil && m.Game.Position().SideToMove() == rules.Black {
		s.side.Selected = 1
	}
	return s
}

// Layout places the controls.
func (s *NewGameScene) Layout(a *App, w, h, scale float64) {
	s.rects = NewGameLayout(w, h, scale)
	s.variant.Rect = s.rects.Variant
	s.opponent.Rect = s.rects.Opponent
	s.level.Rect = s.rects.Level
	s.side.Rect = s.rects.Side
	s.btnBack.Rect = s.rects.Back
	s.btnStart.Rect = s.rects.Start
}

// Update handles the choices.
func (s *NewGameScene) Update(a *App) error {
	for _, sg := range []*ui.Segmented{&s.variant, &s.opponent, &s.level, &s.side} {
		if a.used(sg) {
			a.Play(uiTap)
		}
	}
	s.level.Disabled = s.opponent.Selected == 1
	if a.used(&s.btnBack) {
		s.back(a)
		return nil
	}
	if a.used(&s.btnStart) {
		s.start(a)
		return nil
	}
	if a.keys.Consume(ActBack) {
		s.back(a)
	} else if a.keys.Consume(ActConfirm) {
		s.start(a)
	}
	return nil
}

func (s *NewGameScene) back(a *App) {
	if s.from != nil {
		a.GoTo(s.from, false)
		return
	}
	a.GoTo(a.title, false)
}

// Config is the game chosen.
func (s *NewGameScene) Config(seed uint64) GameConfig {
	cfg := GameConfig{Variant: rules.Bashni, Opponent: OpponentComputer, Level: s.level.Selected + 1, Human: rules.White}
	if s.variant.Selected == 1 {
		cfg.Variant = rules.Lasca
	}
	if s.preset != nil {
		cfg.Variant, cfg.Start, cfg.Moves, cfg.Ply = s.preset.Variant, s.preset.Start, s.preset.Moves, s.preset.Ply
	}
	if s.opponent.Selected == 1 {
		cfg.Opponent = OpponentFriend
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

func (s *NewGameScene) start(a *App) {
	if s.preset == nil {
		lastChoice.variant, lastChoice.side = s.variant.Selected, s.side.Selected
	}
	lastChoice.opponent, lastChoice.level = s.opponent.Selected, s.level.Selected
	if a.play != nil {
		a.play.thinker.Stop()
	}
	ps := NewPlayScene(a, s.Config(a.opts.Seed))
	a.play = ps
	a.saveGame(ps)
	a.GoTo(ps, true)
}

// Draw draws the screen.
func (s *NewGameScene) Draw(a *App, dst *ebiten.Image) {
	p := a.painter
	t := p.Theme
	r := s.rects
	a.drawBackdrop(dst, s.from)
	p.RoundRect(dst, r.Card, p.DP(20), t.Panel, p.DP(1), t.PanelEdge)
	title := "New game"
	if s.preset != nil {
		title = "Play from here"
	}
	p.Text(dst, title, 28, sprites.Bold, r.Card.X+r.pad, r.titleY, text.AlignStart, text.AlignCenter, t.Text)
	labels := [4]string{"Game", "Opponent", "Computer level", "You play"}
	notes := [4]string{"", "", "", ""}
	switch {
	case s.preset != nil:
		notes[0] = "from the position shown"
	case s.variant.Selected == 0:
		notes[0] = "8×8 · flying kings"
	default:
		notes[0] = "7×7 · Lasker's column game"
	}
	if s.opponent.Selected == 1 {
		notes[1] = "take turns on this device"
		labels[3] = "Bottom of the board"
	} else {
		notes[2] = levelNames[s.level.Selected+1]
	}
	if s.side.Selected == 0 && s.preset == nil {
		notes[3] = "White moves first"
	}
	for i, l := range labels {
		c := t.TextDim
		if i == 2 && s.level.Disabled {
			c = ui.Alpha(c, 0.45)
		}
		p.Text(dst, l, 15, sprites.Medium, r.Card.X+r.pad+p.DP(2), r.labelY[i], text.AlignStart, text.AlignCenter, c)
		if notes[i] != "" && !(i == 2 && s.level.Disabled) {
			p.Text(dst, notes[i], 14, sprites.Regular, r.Card.X+r.Card.W-r.pad-p.DP(2), r.labelY[i], text.AlignEnd, text.AlignCenter, ui.Alpha(t.TextDim, 0.8))
		}
	}
	s.variant.Draw(dst, p)
	s.opponent.Draw(dst, p)
	s.level.Draw(dst, p)
	s.side.Draw(dst, p)
	s.btnBack.Draw(dst, p)
	s.btnStart.Draw(dst, p)
}
