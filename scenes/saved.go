package scenes

import (
	"bashni/rules"
	"bashni/session"
	"bashni/storage"
)

// savedGameOf turns a game into the storage document; human is the side
// at the bottom of the board between friends. ok is false for a game
// nobody at this device plays (the computer against itself).
func savedGameOf(s *session.Session, human rules.Color) (storage.SavedGame, bool) {
	g := s.Game()
	sg := storage.SavedGame{
		Variant:  storage.VariantOf(g.Variant()),
		Opponent: storage.OpponentComputer,
		Ply:      g.Ply(),
	}
	if local, one := s.Local(); one {
		human = local
		sg.Level, _ = ComputerLevel(s, local.Opponent())
	} else if Friends(s) {
		sg.Opponent = storage.OpponentFriend
	} else {
		return storage.SavedGame{}, false
	}
	sg.Human = storage.ColorOf(human)
	if start := g.Start(); !start.Equal(rules.NewPosition(g.Variant())) || start.FullmoveNumber() != 1 {
		sg.StartFEN = start.FEN()
	}
	for _, mv := range g.AllMoves() {
		sg.Moves = append(sg.Moves, mv.String())
	}
	if o := g.Outcome(); o.Over() {
		sg.Result = storage.Result(o.Result.Score())
		sg.ResultReason = storage.ReasonOf(o.Reason)
	}
	return sg, true
}

// configOfSaved turns a saved game back into a game configuration.
func configOfSaved(sg storage.SavedGame) (GameConfig, error) {
	cfg := GameConfig{Variant: sg.Variant.Rules(), Level: sg.Level, Human: sg.Human.Rules(),
		Friend: sg.Opponent == storage.OpponentFriend, Moves: sg.Moves, Ply: sg.Ply}
	if sg.StartFEN != "" {
		p, err := rules.ParseFEN(cfg.Variant, sg.StartFEN)
		if err != nil {
			return cfg, err
		}
		cfg.Start = p
	}
	return cfg, nil
}
