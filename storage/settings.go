package storage

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// Settings are the player's preferences.
type Settings struct {
	// Theme names the board and piece theme; the sprites package decides
	// which names exist and should treat an unknown one as its default.
	Theme string `json:"theme"`
	// Volume of sound effects, 0 (silent) to 1 (full).
	Volume float64 `json:"volume"`
	// Muted silences the game without forgetting the volume.
	Muted bool `json:"muted"`
	// AnimationSpeed is how fast pieces move.
	AnimationSpeed AnimationSpeed `json:"animationSpeed"`
	// InstantAnimations skips movement animations altogether (reduced
	// motion); pieces jump to their squares.
	InstantAnimations bool `json:"instantAnimations"`
	// MotionChosen: the player set InstantAnimations; until then it follows
	// the system's reduced-motion preference (prefers-reduced-motion in a
	// browser).
	MotionChosen bool `json:"motionChosen,omitempty"`
	// Input says which gestures move pieces.
	Input InputMode `json:"input"`
	// ShowCoordinates draws the files and ranks around the board.
	ShowCoordinates bool `json:"showCoordinates"`
	// ShowDestinations marks where the selected piece can go.
	ShowDestinations bool `json:"showDestinations"`
	// FlipForBlack turns the board so Black is at the bottom when the human
	// plays Black.
	FlipForBlack bool `json:"flipForBlack"`
	// NewGame is what the new-game screen offers: the choices of the last
	// game started. Settings written before it existed have none: the
	// defaults.
	NewGame NewGameChoice `json:"newGame"`
	// Language is the language the player chose in Settings, as a code
	// ("en", "ru", "ko", "ja"); "" follows the system's language.
	Language string `json:"language,omitempty"`
	// OnlineServer is the server of online games (http://host:port,
	// https://host): used when none is given at start (-server, ?server=);
	// "" offers online play only in a page served by a server.
	OnlineServer string `json:"onlineServer,omitempty"`
}

// NewGameChoice is a choice of game on the new-game screen.
type NewGameChoice struct {
	Variant  Variant  `json:"variant"`
	Opponent Opponent `json:"opponent"`
	// Level is the computer's, MinLevel to MaxLevel (kept while a friend
	// is chosen).
	Level int `json:"level"`
	// Side is the person's: White, Black or SideRandom.
	Side Color `json:"side"`
}

// SideRandom is a NewGameChoice's side drawn at random for each game.
const SideRandom Color = "random"

// DefaultLevel is the level new players are offered: the lowest, one a
// newcomer can beat (issue 21). A saved choice keeps its level: normalize
// fills in DefaultLevel only where no level was ever chosen.
const DefaultLevel = MinLevel

// DefaultTheme is the theme of new players.
const DefaultTheme = "classic"

// maxThemeRunes bounds the theme name; real names are a word or two.
const maxThemeRunes = 64

// Defaults returns the settings of a new player.
func Defaults() Settings {
	return Settings{
		Theme:             DefaultTheme,
		Volume:            0.8,
		Muted:             false,
		AnimationSpeed:    SpeedNormal,
		InstantAnimations: false,
		Input:             InputTapAndDrag,
		ShowCoordinates:   true,
		ShowDestinations:  true,
		FlipForBlack:      true,
		NewGame:           NewGameChoice{Variant: VariantBashni, Opponent: OpponentComputer, Level: DefaultLevel, Side: White},
	}
}

// AnimationSpeed is how fast pieces move: "slow", "normal" or "fast".
type AnimationSpeed string

// The animation speeds.
const (
	SpeedSlow   AnimationSpeed = "slow"
	SpeedNormal AnimationSpeed = "normal"
	SpeedFast   AnimationSpeed = "fast"
)

// Multiplier is the factor to apply to animation playback rates: durations
// are divided by it. Unknown speeds count as normal.
func (a AnimationSpeed) Multiplier() float64 {
	switch a {
	case SpeedSlow:
		return 0.5
	case SpeedFast:
		return 2
	}
	return 1
}

// InputMode says which gestures move pieces.
type InputMode string

// The input modes. Both gestures are on by default: a tap on a piece and then
// on a square, or a drag from the piece to the square.
const (
	InputTapAndDrag InputMode = "tap-and-drag"
	InputTapOnly    InputMode = "tap"
	InputDragOnly   InputMode = "drag"
)

// AllowsTap reports whether tap-tap moves are on.
func (m InputMode) AllowsTap() bool { return m != InputDragOnly }

// AllowsDrag reports whether drag moves are on.
func (m InputMode) AllowsDrag() bool { return m != InputTapOnly }

// Normalize repairs out-of-range values in place: the volume is clamped to
// 0..1, unknown names fall back to their defaults. Settings are never
// rejected for their values; a bad value only resets that setting.
func (s *Settings) Normalize() {
	def := Defaults()
	s.Theme = shortText(s.Theme, maxThemeRunes)
	if s.Theme == "" {
		s.Theme = def.Theme
	}
	switch {
	case math.IsNaN(s.Volume) || math.IsInf(s.Volume, 0):
		s.Volume = def.Volume
	default:
		s.Volume = min(max(s.Volume, 0), 1)
	}
	switch speed := AnimationSpeed(strings.ToLower(string(s.AnimationSpeed))); speed {
	case SpeedSlow, SpeedNormal, SpeedFast:
		s.AnimationSpeed = speed
	default:
		s.AnimationSpeed = def.AnimationSpeed
	}
	switch input := InputMode(strings.ToLower(string(s.Input))); input {
	case InputTapAndDrag, InputTapOnly, InputDragOnly:
		s.Input = input
	default:
		s.Input = def.Input
	}
	s.NewGame.normalize(def.NewGame)
	s.OnlineServer = onlineServer(s.OnlineServer)
}

// Why CheckOnlineServer refuses a server address.
var (
	ErrServerScheme = errors.New("the address does not start with http://, https://, ws:// or wss://")
	ErrServerNoHost = errors.New("the address has nothing after its http://")
	ErrServerSpace  = errors.New("the address has a space in it")
	ErrServerLong   = fmt.Errorf("the address is longer than %d characters", MaxServerLen)
)

// MaxServerLen bounds an online server's address; real ones are a host
// and a port.
const MaxServerLen = 200

// CheckOnlineServer returns the server address s without the spaces around
// it when it looks like one (a scheme the online client dials, something
// after it, no spaces), else why not (ErrServer…).
func CheckOnlineServer(s string) (string, error) {
	s = strings.TrimSpace(s)
	lower := strings.ToLower(s)
	for _, scheme := range []string{"http://", "https://", "ws://", "wss://"} {
		if !strings.HasPrefix(lower, scheme) {
			continue
		}
		switch {
		case len(s) == len(scheme):
			return "", ErrServerNoHost
		case len(s) > MaxServerLen:
			return "", ErrServerLong
		case strings.ContainsAny(s, " \t\n"):
			return "", ErrServerSpace
		}
		return s, nil
	}
	return "", ErrServerScheme
}

// onlineServer keeps a server address that looks like one, else "".
func onlineServer(s string) string {
	s, err := CheckOnlineServer(s)
	if err != nil {
		return ""
	}
	return s
}

// normalize repairs a choice in place: unknown words become def's, the
// level is clamped (0, a choice never made, is def's).
func (c *NewGameChoice) normalize(def NewGameChoice) {
	if v, ok := parseVariant(string(c.Variant)); ok {
		c.Variant = v
	} else {
		c.Variant = def.Variant
	}
	if o, ok := parseOpponent(string(c.Opponent)); ok {
		c.Opponent = o
	} else {
		c.Opponent = def.Opponent
	}
	if c.Level == 0 {
		c.Level = def.Level
	}
	c.Level = min(max(c.Level, MinLevel), MaxLevel)
	if side, ok := parseColor(string(c.Side)); ok {
		c.Side = side
	} else if strings.EqualFold(strings.TrimSpace(string(c.Side)), string(SideRandom)) {
		c.Side = SideRandom
	} else {
		c.Side = def.Side
	}
}

// SettingsSchema is the schema version of the settings document.
const SettingsSchema = 1

// SettingsDocument describes the settings file ("settings.json").
func SettingsDocument() Document[Settings] {
	return Document[Settings]{
		Name:     "settings",
		Label:    "settings file",
		Schema:   SettingsSchema,
		Defaults: Defaults,
		Check: func(s *Settings) error {
			s.Normalize()
			return nil
		},
	}
}

// LoadSettings returns the saved settings, or Defaults() when there are none
// or they are unusable (the notice then says why).
func (s *Store) LoadSettings() (Settings, Notice) {
	settings, _, notice := SettingsDocument().Load(s)
	return settings, notice
}

// SaveSettings saves the settings (normalised first).
func (s *Store) SaveSettings(settings Settings) error {
	return SettingsDocument().Save(s, settings)
}
