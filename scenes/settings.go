package scenes

import (
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

// SettingsScene changes the player's preferences; every change applies and
// is saved at once.
type SettingsScene struct {
	card  Rect
	title float64

	theme    ui.Segmented
	volume   ui.Slider
	sound    ui.Toggle
	speed    ui.Segmented
	instant  ui.Toggle
	coords   ui.Toggle
	dests    ui.Toggle
	input    ui.Segmented
	flip     ui.Toggle
	btnBack  ui.Button
	labels   []labelAt
	themeIDs []string
}

type labelAt struct {
	text string
	x, y float64
}

// NewSettingsScene makes the screen.
func NewSettingsScene(c Context) *SettingsScene {
	s := &SettingsScene{}
	st := c.Settings()
	s.themeIDs = sprites.ThemeNames()
	short := make([]string, len(s.themeIDs))
	cur := 0
	for i, n := range s.themeIDs {
		short[i] = shortThemeName(n)
		if sprites.ThemeNamed(st.Theme).Name == n {
			cur = i
		}
	}
	s.theme = ui.Segmented{Options: short, Selected: cur}
	s.volume = ui.Slider{Label: "Volume", Value: st.Volume}
	s.sound = ui.Toggle{Label: "Sound", On: !st.Muted}
	sp := 1
	switch st.AnimationSpeed {
	case storage.SpeedSlow:
		sp = 0
	case storage.SpeedFast:
		sp = 2
	}
	s.speed = ui.Segmented{Options: []string{"Slow", "Normal", "Fast"}, Selected: sp}
	s.instant = ui.Toggle{Label: "Instant moves (reduced motion)", On: st.InstantAnimations}
	s.coords = ui.Toggle{Label: "Board coordinates", On: st.ShowCoordinates}
	s.dests = ui.Toggle{Label: "Show where a piece can go", On: st.ShowDestinations}
	in := 0
	switch st.Input {
	case storage.InputTapOnly:
		in = 1
	case storage.InputDragOnly:
		in = 2
	}
	s.input = ui.Segmented{Options: []string{"Tap & drag", "Tap", "Drag"}, Selected: in}
	s.flip = ui.Toggle{Label: "Turn the board when I play Black", On: st.FlipForBlack}
	s.btnBack = ui.Button{Label: "Done", Kind: ui.Primary}
	return s
}

func shortThemeName(n string) string {
	switch n {
	case "Classic wood":
		return "Wood"
	case "High contrast":
		return "Contrast"
	case "Tournament green":
		return "Green"
	}
	return n
}

// Name is the scene's name.
func (s *SettingsScene) Name() string { return SceneSettings }

// Layout places the rows.
func (s *SettingsScene) Layout(c Context, w, h, scale float64) {
	dp := func(v float64) float64 { return math.Round(v * scale) }
	cw := math.Min(w-dp(16), dp(600))
	row := dp(50)
	label := dp(28)
	pad := dp(20)
	ch := pad + dp(50) + 3*(label+row) + 6*row + dp(12) + dp(54) + pad
	s.card = Rect{X: math.Round((w - cw) / 2), Y: math.Round(math.Max(dp(8), (h-ch)/2)), W: cw, H: ch}
	x := s.card.X + pad
	iw := cw - 2*pad
	y := s.card.Y + pad
	s.title = y + dp(22)
	y += dp(50)
	s.labels = s.labels[:0]
	addSeg := func(l string, sg *ui.Segmented) {
		s.labels = append(s.labels, labelAt{l, x + dp(12), y + label/2})
		y += label
		sg.Rect = Rect{X: x, Y: y, W: iw, H: row - dp(4)}
		y += row
	}
	addRow := func(r *Rect) {
		*r = Rect{X: x, Y: y, W: iw, H: row}
		y += row
	}
	addSeg("Theme", &s.theme)
	addRow(&s.volume.Rect)
	addRow(&s.sound.Rect)
	addSeg("Animation speed", &s.speed)
	addRow(&s.instant.Rect)
	addRow(&s.coords.Rect)
	addRow(&s.dests.Rect)
	addSeg("Move pieces by", &s.input)
	addRow(&s.flip.Rect)
	y += dp(12)
	s.btnBack.Rect = Rect{X: x + iw - dp(160), Y: y, W: dp(160), H: dp(54)}
}

// Update applies changes.
func (s *SettingsScene) Update(c Context) error {
	st := c.Settings()
	changed := false
	for _, w := range []widget{&s.theme, &s.volume, &s.sound, &s.speed, &s.instant, &s.coords, &s.dests, &s.input, &s.flip} {
		if c.Used(w) {
			changed = true
		}
	}
	s.volume.Text = strconv.Itoa(int(math.Round(s.volume.Value*100))) + "%"
	if changed {
		st.Theme = s.themeIDs[s.theme.Selected]
		st.Volume = s.volume.Value
		st.Muted = !s.sound.On
		st.AnimationSpeed = []storage.AnimationSpeed{storage.SpeedSlow, storage.SpeedNormal, storage.SpeedFast}[s.speed.Selected]
		st.MotionChosen = st.MotionChosen || st.InstantAnimations != s.instant.On
		st.InstantAnimations = s.instant.On
		st.ShowCoordinates = s.coords.On
		st.ShowDestinations = s.dests.On
		st.Input = []storage.InputMode{storage.InputTapAndDrag, storage.InputTapOnly, storage.InputDragOnly}[s.input.Selected]
		st.FlipForBlack = s.flip.On
		c.SetSettings(st)
		c.Play(uiTap)
	}
	if c.Used(&s.btnBack) {
		s.back(c)
		return nil
	}
	if c.Keys().Consume(ActBack) || c.Keys().Consume(ActConfirm) {
		s.back(c)
	}
	return nil
}

func (s *SettingsScene) back(c Context) {
	c.Pop()
}

// Draw draws the screen.
func (s *SettingsScene) Draw(c Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	c.DrawBackdrop(dst)
	p.RoundRect(dst, s.card, p.DP(20), t.Panel, p.DP(1), t.PanelEdge)
	p.Text(dst, "Settings", 28, sprites.Bold, s.card.X+p.DP(24), s.title, text.AlignStart, text.AlignCenter, t.Text)
	for _, l := range s.labels {
		p.Text(dst, l.text, 15, sprites.Medium, l.x, l.y, text.AlignStart, text.AlignCenter, t.TextDim)
	}
	s.theme.Draw(dst, p)
	s.volume.Draw(dst, p)
	s.sound.Draw(dst, p)
	s.speed.Draw(dst, p)
	s.instant.Draw(dst, p)
	s.coords.Draw(dst, p)
	s.dests.Draw(dst, p)
	s.input.Draw(dst, p)
	s.flip.Draw(dst, p)
	if c.SoundNotice() != "" {
		p.Text(dst, "No sound device: the game plays silently.", 13, sprites.Regular, s.card.X+p.DP(24), s.btnBack.Rect.Y+s.btnBack.Rect.H/2, text.AlignStart, text.AlignCenter, t.TextDim)
	}
	s.btnBack.Draw(dst, p)
}
