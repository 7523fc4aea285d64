package scenes

import (
	"image"

	"bashni/rules"
	"bashni/storage"
)

// savedGameOf turns a match into the storage document.
func savedGameOf(m *Match) storage.SavedGame {
	g := m.Game
	sg := storage.SavedGame{
		Variant:  storage.VariantBashni,
		Opponent: storage.OpponentComputer,
		Level:    m.Cfg.Level,
		Human:    storage.White,
		Ply:      g.Ply(),
	}
	if g.Variant() == rules.Lasca {
		sg.Variant = storage.VariantLasca
	}
	if m.Cfg.Opponent == OpponentFriend {
		sg.Opponent = storage.OpponentFriend
		sg.Level = 0
	}
	if m.Cfg.Human == rules.Black {
		sg.Human = storage.Black
	}
	if start := g.Start(); !start.Equal(rules.NewPosition(g.Variant())) || start.FullmoveNumber() != 1 {
		sg.StartFEN = start.FEN()
	}
	for _, mv := range g.AllMoves() {
		sg.Moves = append(sg.Moves, mv.String())
	}
	if o := g.Outcome(); o.Over() {
		sg.Result = storage.Result(o.Result.Score())
		sg.ResultReason = o.Explain()
	}
	return sg
}

// configOfSaved turns a saved game back into a game configuration.
func configOfSaved(sg storage.SavedGame) (GameConfig, error) {
	cfg := GameConfig{Variant: rules.Bashni, Opponent: OpponentComputer, Level: sg.Level, Human: rules.White,
		Moves: sg.Moves, Ply: sg.Ply}
	if sg.Variant == storage.VariantLasca {
		cfg.Variant = rules.Lasca
	}
	if sg.Opponent == storage.OpponentFriend {
		cfg.Opponent = OpponentFriend
	}
	if sg.Human == storage.Black {
		cfg.Human = rules.Black
	}
	if sg.StartFEN != "" {
		p, err := rules.ParseFEN(cfg.Variant, sg.StartFEN)
		if err != nil {
			return cfg, err
		}
		cfg.Start = p
	}
	return cfg, nil
}

func toImageRect(r Rect) image.Rectangle {
	return image.Rect(int(r.X), int(r.Y), int(r.X+r.W+0.999), int(r.Y+r.H+0.999))
}
