package online

import (
	"testing"
	"time"

	"bashni/online/remote"
	"bashni/rules"

	"bashni/i18n"
	"bashni/platform"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

// lobbySizes are the sizes the lobby is made for: a desktop window and a
// phone held upright.
var lobbySizes = [][2]float64{{1280, 800}, {390, 844}}

// TestLobbyFits: every word of the lobby fits its box in every language,
// and every control is on the screen.
func TestLobbyFits(t *testing.T) {
	scenetest.MeasureFits(t, lobbySizes, []scenetest.FitScreen{{Name: "lobby", Fits: fitLobby}, {Name: "profile", Fits: fitProfile}, {Name: "lists", Fits: fitLists}})
}

// fitProfile measures a profile with a game and a rating of every speed.
func fitProfile(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	s := &Profile{name: "Ivan_Petrovich", wait: make(chan func(*Profile), 1)}
	s.btnBack = ui.Button{Label: f.Cat.T("lobby.back"), Icon: ui.IconBack, TextSize: 15}
	s.btnWatch = ui.Button{Label: f.Cat.T("lobby.watch_game"), TextSize: 15}
	s.Layout(a, w, h, 1)
	p := remote.Profile{Name: "Ivan_Petrovich", Since: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), Wins: 1000, Draws: 1000, Losses: 1000}
	for _, sp := range remote.Speeds[:3] {
		p.Ratings = append(p.Ratings, remote.Rating{Variant: rules.Bashni, Speed: sp, Rating: 1500})
	}
	p.Games = []remote.ProfileGame{{Variant: rules.Lasca, Speed: remote.CorrespondenceSpeed, White: "Ivan_Petrovich", Black: "Konstantin_Ivanov", Status: remote.Over, Result: rules.WhiteWins,
		Ratings: &[2]remote.RatingChange{{Change: 162}, {Change: -162}}}}
	s.show(a, p)
	r := s.rects
	if len(r.Games) < 3 || r.Graph.H < 120 {
		t.Errorf("%s: %d games' rows, a graph %v", f.Where, len(r.Games), r.Graph)
	}
	f.Buttons(&s.btnBack, &s.btnWatch)
	f.Controls("rating", s.rating.Fits(f.P))
	room := r.Card.W - 2*r.pad
	f.Line("since", ui.TextFit{Text: f.Cat.F("profile.since", "Date", f.Cat.Date(p.Since)), Size: 14, Weight: sprites.Medium, Room: room})
	f.Line("wdl", ui.TextFit{Text: f.Cat.F("profile.wdl", "Wins", 1000, "Draws", 1000, "Losses", 1000), Size: 15, Weight: sprites.Medium, Room: room})
	f.Line("games", ui.TextFit{Text: f.Cat.T("profile.games"), Size: 15, Weight: sprites.Medium, Room: r.Games[0].W})
	f.Shrinking("game", ui.TextFit{Text: s.gameWords(a, p.Games[0]), Size: 14, Weight: sprites.Medium, Room: r.Games[0].W - f.P.DP(12)}, 12)
}

// fitLists measures the leaderboard and the games being played.
func fitLists(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	cat := f.Cat
	l := &Leaders{list: newList(a, nil, cat.T("leaders.refresh"))}
	l.variant = ui.Segmented{Options: []string{cat.T("online.bashni"), cat.T("online.lasca")}}
	for _, sp := range remote.Speeds {
		l.speed.Options = append(l.speed.Options, cat.T("profile.speed_"+sp.String()))
	}
	l.Layout(a, w, h, 1)
	f.Controls("variant", l.variant.Fits(f.P))
	f.Controls("speed", l.speed.Fits(f.P))
	f.Buttons(&l.btnBack, &l.btnAct)
	room := l.rects.Card.W - 2*l.rects.pad
	f.Wrapped("none", ui.TextFit{Text: cat.T("leaders.none"), Size: 14, Weight: sprites.Regular, Room: room}, 4)
	f.Line("title", ui.TextFit{Text: cat.T("leaders.title"), Size: 24, Weight: sprites.Bold, Room: room - f.P.DP(30)})
	lv := &Live{list: newList(a, nil, cat.T("live.watch_top"))}
	lv.Layout(a, w, h, 1)
	f.Buttons(&lv.btnBack, &lv.btnAct)
	f.Line("title", ui.TextFit{Text: cat.T("live.title"), Size: 24, Weight: sprites.Bold, Room: room - f.P.DP(30)})
	f.Line("none", ui.TextFit{Text: cat.T("live.none"), Size: 14, Weight: sprites.Regular, Room: room})
	if len(lv.rects.Rows) < 8 {
		t.Errorf("%s: room for %d games only", f.Where, len(lv.rects.Rows))
	}
}

func fitLobby(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	l := NewLobby(a)
	defer l.leave()
	l.Layout(a, w, h, 1)
	r := l.rects
	p := f.P
	screen := scenes.Rect{W: w, H: h}
	if len(r.Seeks) < 4 {
		t.Errorf("%s: room for %d seeks only", f.Where, len(r.Seeks))
	}
	buttons := []*ui.Button{&l.btnSaveName, &l.btnTransfer, &l.btnClaim, &l.btnOpen, &l.btnCancel, &l.btnBack, &l.btnFriend, &l.btnProfile, &l.btnLeaders, &l.btnLive, &l.btnWhile}
	if r.Compact {
		buttons = append(buttons, &l.btnCreate, &l.btnClose)
	}
	for i := range l.quick {
		buttons = append(buttons, &l.quick[i])
	}
	for _, b := range buttons {
		if !scenetest.Inside(b.Rect, screen) {
			t.Errorf("%s: %q %v is off the screen", f.Where, b.Label, b.Rect)
		}
	}
	for _, s := range r.Seeks {
		if !scenetest.Inside(s, r.Card) {
			t.Errorf("%s: a seek's row %v is off the card", f.Where, s)
		}
	}
	f.Buttons(buttons...)
	for _, sg := range []*ui.Segmented{&l.variant, &l.kind, &l.clock, &l.colour, &l.rng} {
		f.Controls("choice", sg.Fits(p))
	}
	f.Placeholder("name", l.nameField)
	f.Placeholder("transfer code", l.claimField)
	if r.Command.W > 0 {
		f.Placeholder("command", l.cmdField)
	} else if !r.Compact {
		t.Errorf("%s: no room for the command line", f.Where)
	}
	room := r.Card.W - 2*r.pad
	if w >= 900 {
		room = r.Quick[2].X + r.Quick[2].W - r.Card.X - r.pad
	}
	cat := f.Cat
	f.Shrinking("title", ui.TextFit{Text: cat.T("lobby.title"), Size: 24, Weight: sprites.Bold, Room: r.Profile.X - r.Card.X - r.pad - p.DP(8)}, 16)
	f.Line("counts", ui.TextFit{Text: cat.F("lobby.counts", "Players", 10000, "Games", 1000), Size: 14, Weight: sprites.Medium, Room: room})
	f.Wrapped("why", ui.TextFit{Text: cat.T("lobby.why_name"), Size: 12, Weight: sprites.Regular, Room: room}, 2)
	f.Shrinking("me", ui.TextFit{Text: cat.F("lobby.me_rating", "Name", "Ivan_Petrovich", "Rating", "1500?"), Size: 17, Weight: sprites.Bold, Room: r.Transfer.X - r.Card.X - r.pad - p.DP(4)}, 12)
	for _, k := range []string{"lobby.quick", "lobby.create", "lobby.seeks"} {
		f.Line(k, ui.TextFit{Text: cat.T(k), Size: 15, Weight: sprites.Medium, Room: room})
	}
	for _, k := range []string{"lobby.no_seeks"} {
		f.Line(k, ui.TextFit{Text: cat.T(k), Size: 14, Weight: sprites.Regular, Room: r.Seeks[0].W - p.DP(8)})
	}
	for _, k := range []string{"lobby.bad_name", "lobby.name_taken", "lobby.too_soon", "lobby.bad_code", "lobby.key_moved",
		"lobby.rate_limited", "lobby.name_required", "lobby.own_seek", "lobby.seek_gone", "lobby.already_seeking",
		"lobby.out_of_range", "lobby.lobby_full", "lobby.nobody", "lobby.while_notice", "lobby.paired", "lobby.connecting", "lobby.moved_here", "lobby.busy"} {
		f.Wrapped(k, ui.TextFit{Text: cat.T(k), Size: 13, Weight: sprites.Medium, Room: room}, 3)
	}
}

// TestLobbyCommandNotUnderstood: a line that is no command is answered
// in the status, as an error, with the commands to type.
func TestLobbyCommandNotUnderstood(t *testing.T) {
	a, _ := scenetest.CardApp(t, 1280, 800, 1)
	l := NewLobby(a)
	defer l.leave()
	scenetest.ShowCard(t, a, l)
	l.PageCommand(a, "dance")
	if !l.isErr || l.status != a.Text().F("lobby.not_understood", "Help", a.Text().T("lobby.help")) {
		t.Fatalf("an unknown command: status %q (error %v)", l.status, l.isErr)
	}
	l.PageCommand(a, "accept 3")
	if !l.isErr || l.status != a.Text().F("lobby.no_such_seek", "Number", 3) {
		t.Fatalf("accept 3 of no seeks: status %q (error %v)", l.status, l.isErr)
	}
}

// TestLobbyCommands: the typed commands in English and in each language's
// own words.
func TestLobbyCommands(t *testing.T) {
	type want struct {
		verb                 lobbyVerb
		clock, variant, kind int
		number               int
		name                 string
	}
	for _, tc := range []struct {
		lang i18n.Lang
		line string
		ok   bool
		want want
	}{
		{i18n.English, "seek 5+3 bashni", true, want{verb: verbSeek, clock: 1, variant: 0, kind: -1}},
		{i18n.English, "SEEK lasca 15+10 casual", true, want{verb: verbSeek, clock: 3, variant: 1, kind: 1}},
		{i18n.English, "seek 3d rated", true, want{verb: verbSeek, clock: 5, variant: -1, kind: 0}},
		{i18n.English, "seek", true, want{verb: verbSeek, clock: -1, variant: -1, kind: -1}},
		{i18n.English, "seek 7+7", false, want{}},
		{i18n.English, "accept 2", true, want{verb: verbAccept, clock: -1, variant: -1, kind: -1, number: 2}},
		{i18n.English, "accept 0", false, want{}},
		{i18n.English, "accept two", false, want{}},
		{i18n.English, "cancel", true, want{verb: verbCancel, clock: -1, variant: -1, kind: -1}},
		{i18n.English, "name Anna", true, want{verb: verbName, clock: -1, variant: -1, kind: -1, name: "Anna"}},
		{i18n.English, "name", false, want{}},
		{i18n.English, "", false, want{}},
		{i18n.English, "profile Anna", true, want{verb: verbProfile, clock: -1, variant: -1, kind: -1, name: "Anna"}},
		{i18n.English, "profile", true, want{verb: verbProfile, clock: -1, variant: -1, kind: -1}},
		{i18n.English, "leaders", true, want{verb: verbLeaders, clock: -1, variant: -1, kind: -1}},
		{i18n.English, "live", true, want{verb: verbLive, clock: -1, variant: -1, kind: -1}},
		{i18n.English, "watch", true, want{verb: verbWatch, clock: -1, variant: -1, kind: -1}},
		{i18n.English, "watch 2", false, want{}},
		{i18n.Russian, "смотреть", true, want{verb: verbWatch, clock: -1, variant: -1, kind: -1}},
		{i18n.Korean, "순위", true, want{verb: verbLeaders, clock: -1, variant: -1, kind: -1}},
		{i18n.Japanese, "プロフィール 太郎", true, want{verb: verbProfile, clock: -1, variant: -1, kind: -1, name: "太郎"}},
		{i18n.Russian, "искать 5+3 башни", true, want{verb: verbSeek, clock: 1, variant: 0, kind: -1}},
		{i18n.Russian, "seek 10+5 ласка товарищеская", true, want{verb: verbSeek, clock: 2, variant: 1, kind: 1}},
		{i18n.Russian, "принять 3", true, want{verb: verbAccept, clock: -1, variant: -1, kind: -1, number: 3}},
		{i18n.Russian, "имя Иван", true, want{verb: verbName, clock: -1, variant: -1, kind: -1, name: "Иван"}},
		{i18n.Russian, "Отмена", true, want{verb: verbCancel, clock: -1, variant: -1, kind: -1}},
		{i18n.Korean, "찾기 3+2 바스니", true, want{verb: verbSeek, clock: 0, variant: 0, kind: -1}},
		{i18n.Korean, "수락 1", true, want{verb: verbAccept, clock: -1, variant: -1, kind: -1, number: 1}},
		{i18n.Japanese, "募集 1日 ラスカ", true, want{verb: verbSeek, clock: 4, variant: 1, kind: -1}},
		{i18n.Japanese, "受ける 2", true, want{verb: verbAccept, clock: -1, variant: -1, kind: -1, number: 2}},
		{i18n.Japanese, "名前 太郎", true, want{verb: verbName, clock: -1, variant: -1, kind: -1, name: "太郎"}},
	} {
		cat, err := i18n.Load(tc.lang)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := parseLobbyCommand(cat, tc.line)
		if ok != tc.ok {
			t.Errorf("%s %q: understood %v, want %v", tc.lang.Code(), tc.line, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		g := want(got)
		if g != tc.want {
			t.Errorf("%s %q: %+v, want %+v", tc.lang.Code(), tc.line, g, tc.want)
		}
	}
}

// TestLobbyTouchTargets: every control of the lobby, the profile and the
// lists, in every language, on a phone, is at least scenes.MinTouchDP
// either way.
func TestLobbyTouchTargets(t *testing.T) {
	for _, l := range i18n.Langs() {
		cat, err := i18n.Load(l)
		if err != nil {
			t.Fatal(err)
		}
		st := storage.Defaults()
		st.InstantAnimations = true
		a, _ := scenetest.NewApp(t, nil, scenes.Options{Text: cat, Settings: st, Clipboard: &platform.Memory{}})
		a.Resize(390, 844, 1)
		var hits []scenes.Rect
		a.SetTouch(&hits)
		lobby := NewLobby(a)
		screens := []scenes.Scene{lobby, &Leaders{list: newList(a, nil, "x")}, &Live{list: newList(a, nil, "x")}}
		for _, s := range screens {
			if n := scenetest.TouchTargets(t, a, &hits, l.Code()+" "+s.Name(), s, 390, 844, nil); n == 0 {
				t.Errorf("%s %s: no widget hit-tested anything", l.Code(), s.Name())
			}
		}
		lobby.leave()
	}
}
