package online

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/i18n"
	"bashni/internal/text"
	"bashni/online/remote"
	"bashni/rules"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// playerNames are players' names in the scripts of the game's languages:
// each language's font subset has the letters of its messages only, so
// a Korean name on an English screen, or 김 (no message has it) on a
// Korean one, needs the names fonts.
var playerNames = []string{"김철수", "たろう", "山田太郎", "Иван_Петров", "ㅋㅋㅋ"}

// TestNamesDrawInEveryLanguage: the lobby's seeks and a profile with its
// games draw every player's name with glyphs of the faces they are drawn
// in, not boxes, whatever the screen's language: drawing the screen puts
// the fonts the names need in use.
func TestNamesDrawInEveryLanguage(t *testing.T) {
	defer sprites.UseLanguage(i18n.English)
	const w, h = 1280, 800
	for _, lang := range i18n.Langs() {
		a := scenetest.LangApp(t, lang)
		dst := ebiten.NewImage(w, h)
		l := NewLobby(a)
		l.Layout(a, w, h, 1)
		for i, name := range playerNames {
			l.view.Seeks = append(l.view.Seeks, remote.LobbySeek{ID: string(rune('a' + i)), Variant: rules.Bashni, Clock: remote.Blitz5, Rated: true, Name: name, Rating: 1500 + 10*i})
		}
		l.view.Version++
		l.Draw(a, dst)
		l.leave()

		s := &Profile{name: playerNames[0], wait: make(chan func(*Profile), 1)}
		s.btnBack = ui.Button{Label: a.Text().T("lobby.back"), Icon: ui.IconBack, TextSize: 15}
		s.btnWatch = ui.Button{Label: a.Text().T("lobby.watch_game"), TextSize: 15}
		s.Layout(a, w, h, 1)
		p := remote.Profile{Name: playerNames[0], Since: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), Wins: 3, Draws: 1, Losses: 2,
			Ratings: []remote.Rating{{Variant: rules.Bashni, Speed: remote.Blitz, Rating: 1600}}}
		for _, other := range playerNames[1:] {
			p.Games = append(p.Games, remote.ProfileGame{Variant: rules.Bashni, Speed: remote.Blitz, White: playerNames[0], Black: other, Status: remote.Over, Result: rules.WhiteWins})
		}
		s.show(a, p)
		s.Draw(a, dst)
		dst.Deallocate()

		// The rows are drawn at 14 dp (Medium), the profile's title larger
		// and bold: every weight's face has every letter.
		fonts := a.Painter().Fonts
		for _, wt := range []sprites.Weight{sprites.Regular, sprites.Medium, sprites.Bold} {
			face := fonts.Face(14, wt)
			for _, name := range playerNames {
				for _, r := range name {
					if !text.HasGlyph(face, r) {
						t.Errorf("%s, weight %d: %q is drawn without a glyph for %c (U+%04X)", lang, wt, name, r, r)
					}
				}
			}
		}
	}
}
