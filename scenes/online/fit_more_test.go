package online

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"bashni/i18n"
	"bashni/online/remote"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

// The lobby's boxes known not to fit yet (its layout is issue 24's work,
// scenes/online): a failure whose place contains one is logged, not
// failed, and a debt that fits now fails the test (strike it off).
var (
	// sideDebts: a phone on its side (844×390). The lobby has three
	// columns there (shortLobbyLayout), but its first is narrow: a named
	// player's line (You: name · rating) beside "Another device" needs
	// 182 dp in Japanese and has 158, "Другое устройство" 109 dp and has
	// 101, and "Товарищеская" (casual) 87 dp of quick pairing's 78. The
	// live list has room for 5 games (they do not scroll).
	sideDebts = []string{
		"844x390 lobby: me",
		`844x390 lobby: button "Другое устройство"`,
		`844x390 lobby: choice "Товарищеская"`,
		"844x390 lists: room",
	}
)

// TestLobbyFitsOnItsSide completes TestLobbyFits (1280×800 and 390×844):
// the lobby, a profile and the lists on a phone on its side.
func TestLobbyFitsOnItsSide(t *testing.T) {
	scenetest.MeasureFits(t, [][2]float64{{844, 390}},
		[]scenetest.FitScreen{{Name: "lobby", Fits: fitLobbyOnItsSide}, {Name: "profile", Fits: fitProfileAnyWay}, {Name: "lists", Fits: fitListsAnyWay}}, sideDebts...)
}

// TestLobbyRowsFit: at every size, the words the lobby shows only at
// moments — a seek's row, the status under the name card, a leaderboard's
// and a live game's row — with names as long as the server allows.
func TestLobbyRowsFit(t *testing.T) {
	scenetest.MeasureFits(t, scenetest.FitSizes,
		[]scenetest.FitScreen{{Name: "lobby rows", Fits: fitLobbyRows}, {Name: "list rows", Fits: fitListRows}})
}

// fitProfileAnyWay is fitProfile with what has no room reported through
// the fitter (so that it can be a debt).
func fitProfileAnyWay(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	s := &Profile{name: longName, wait: make(chan func(*Profile), 1)}
	s.btnBack = ui.Button{Label: f.Cat.T("lobby.back"), Icon: ui.IconBack, TextSize: 15}
	s.btnWatch = ui.Button{Label: f.Cat.T("lobby.watch_game"), TextSize: 15}
	s.Layout(a, w, h, 1)
	p := sampleProfile()
	s.show(a, p)
	r := s.rects
	if len(r.Games) < 3 || r.Graph.H < 120 {
		f.Errorf(f.Where+": room", "%s: %d games' rows, a graph %v", f.Where, len(r.Games), r.Graph)
	}
	if len(r.Games) == 0 {
		return
	}
	f.Buttons(&s.btnBack, &s.btnWatch)
	f.Controls("rating", s.rating.Fits(f.P))
	room := r.Card.W - 2*r.pad
	f.Line("since", ui.TextFit{Text: f.Cat.F("profile.since", "Date", f.Cat.Date(p.Since)), Size: 14, Weight: sprites.Medium, Room: room})
	f.Line("wdl", ui.TextFit{Text: f.Cat.F("profile.wdl", "Wins", 1000, "Draws", 1000, "Losses", 1000), Size: 15, Weight: sprites.Medium, Room: room})
	f.Line("games", ui.TextFit{Text: f.Cat.T("profile.games"), Size: 15, Weight: sprites.Medium, Room: r.Games[0].W})
	f.Shrinking("game", ui.TextFit{Text: s.gameWords(a, p.Games[0]), Size: 14, Weight: sprites.Medium, Room: r.Games[0].W - f.P.DP(12)}, 12)
}

// fitListsAnyWay is fitLists with what has no room reported through the
// fitter.
func fitListsAnyWay(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
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
		f.Errorf(f.Where+": room", "%s: room for %d games only", f.Where, len(lv.rects.Rows))
	}
}

// fitLobbyOnItsSide is fitLobby for a phone on its side, where the lobby
// does not fit yet: what is off the screen, or has no room, is reported
// through the fitter, so that it can stand in sideDebts.
func fitLobbyOnItsSide(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	l := NewLobby(a)
	defer l.leave()
	l.Layout(a, w, h, 1)
	r := l.rects
	p, cat := f.P, f.Cat
	screen := scenes.Rect{W: w, H: h}
	if len(r.Seeks) < 4 {
		f.Errorf(f.Where+": seeks", "%s: room for %d seeks only", f.Where, len(r.Seeks))
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
			f.Errorf(f.Where+": off the screen", "%s: %q %v is off the screen", f.Where, b.Label, b.Rect)
		}
	}
	for _, sg := range []*ui.Segmented{&l.variant, &l.kind, &l.clock, &l.colour, &l.rng} {
		if !scenetest.Inside(sg.Rect, screen) {
			f.Errorf(f.Where+": off the screen", "%s: the choice %q %v is off the screen", f.Where, sg.Name, sg.Rect)
		}
		f.Controls("choice", sg.Fits(p))
	}
	f.Buttons(buttons...)
	f.Placeholder("name", l.nameField)
	f.Placeholder("transfer code", l.claimField)
	if r.Command.W > 0 {
		f.Placeholder("command", l.cmdField)
	} else if !r.Compact {
		f.Errorf(f.Where+": command line", "%s: no room for the command line", f.Where)
	}
	room := r.Card.W - 2*r.pad
	if r.Short {
		room = r.statusW // the first column's
	}
	f.Shrinking("title", ui.TextFit{Text: cat.T("lobby.title"), Size: 24, Weight: sprites.Bold, Room: r.Profile.X - r.Card.X - r.pad - p.DP(8)}, 16)
	f.Line("counts", ui.TextFit{Text: cat.F("lobby.counts", "Players", 10000, "Games", 1000), Size: 14, Weight: sprites.Medium, Room: room})
	if r.whyW > 0 {
		f.Wrapped("why", ui.TextFit{Text: cat.T("lobby.why_name"), Size: 12, Weight: sprites.Regular, Room: room}, 2)
	}
	f.Shrinking("me", ui.TextFit{Text: cat.F("lobby.me_rating", "Name", "Ivan_Petrovich", "Rating", "1500?"), Size: 17, Weight: sprites.Bold, Room: r.Transfer.X - r.Card.X - r.pad - p.DP(4)}, 12)
	for k, col := range map[string]scenes.Rect{"lobby.quick": r.Variant, "lobby.create": r.Clock, "lobby.seeks": r.Clock} {
		f.Line(k, ui.TextFit{Text: cat.T(k), Size: 15, Weight: sprites.Medium, Room: col.W})
	}
	for _, k := range []string{"lobby.bad_name", "lobby.name_taken", "lobby.too_soon", "lobby.bad_code", "lobby.key_moved",
		"lobby.rate_limited", "lobby.name_required", "lobby.own_seek", "lobby.seek_gone", "lobby.already_seeking",
		"lobby.out_of_range", "lobby.lobby_full", "lobby.nobody", "lobby.while_notice", "lobby.paired", "lobby.connecting", "lobby.moved_here", "lobby.busy"} {
		f.Wrapped(k, ui.TextFit{Text: cat.T(k), Size: 13, Weight: sprites.Medium, Room: r.statusW}, 3)
	}
}

// longName is a name as long as the server allows (20).
const longName = "Konstantin_Ivanovich"

// sampleSeeks are seeks whose rows are as long as they get, by name.
func sampleSeeks(name string) []remote.LobbySeek {
	return []remote.LobbySeek{
		{Variant: rules.Lasca, Clock: remote.LobbyClocks[3], Rated: true, Name: name, Rating: 1500, Provisional: true},
		{Variant: rules.Bashni, Clock: remote.LobbyClocks[5], Rated: false, Seat: remote.BlackSeat, Name: name, Rating: 2250},
		{Variant: rules.Lasca, Clock: remote.LobbyClocks[4], Rated: false, Seat: remote.WhiteSeat},
	}
}

// longNames are names as long as the server allows (20 letters) in the
// scripts players write them in: a row must fit each, cut if it must.
var longNames = []string{longName, "Александр_Великий_12", "東西南北春夏秋冬天地日月星山川海空雲花鳥", "가나다라마바사아자차카타파하거너더러머버서"}

// checkRow measures a row fitted to room: one line at rowMin or larger,
// or two at rowTwo; each of the names keeps at least 6 letters, and the
// whole words (the row's Tab stop, said and mirrored) hold every name.
func checkRow(f *scenetest.Fitter, what string, r rowParts, size, room float64) {
	rt := fitRow(f.P, r, size, room, sprites.Medium)
	f.Line(what, ui.TextFit{Text: rt.one, Size: rt.size, Weight: sprites.Medium, Room: room})
	if rt.two != "" {
		f.Line(what+" (second line)", ui.TextFit{Text: rt.two, Size: rt.size, Weight: sprites.Medium, Room: room})
	}
	shown := rt.one + rt.two
	for _, n := range r.names {
		if !strings.Contains(r.words, n) {
			f.Errorf(f.Where+": "+what, "%s: %s: the row's words %q lack the name %q", f.Where, what, r.words, n)
		}
		if !strings.Contains(shown, firstRunes(n, 6)) {
			f.Errorf(f.Where+": "+what, "%s: %s: %q shows less than 6 letters of %q", f.Where, what, shown, n)
		}
	}
}

func fitLobbyRows(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	l := NewLobby(a)
	defer l.leave()
	l.Layout(a, w, h, 1)
	r := l.rects
	p, cat := f.P, f.Cat
	for _, name := range longNames {
		l.view.Seeks = sampleSeeks(name)
		if len(r.Seeks) > 0 {
			for i := range l.view.Seeks {
				checkRow(f, "seek row", l.seekParts(a, i), 14, r.Seeks[0].W-p.DP(16))
			}
		}
	}
	// The status: three lines at 13 under the name card.
	room := r.statusW
	long := gameWords(a, rules.Lasca, remote.LobbyClocks[3], true)
	for what, msg := range map[string]string{
		"transfer code":  cat.F("lobby.transfer_shown", "Code", "ABCDEFGHJK"),
		"seeking":        cat.F("lobby.seeking", "Game", long),
		"human seek":     cat.F("lobby.human_seek", "Name", longName, "Game", long),
		"failed":         cat.F("lobby.failed", "Error", "dial tcp 192.168.1.5:8080: connection refused"),
		"not understood": cat.F("lobby.not_understood", "Help", cat.T("lobby.help")),
		"no such seek":   cat.F("lobby.no_such_seek", "Number", 12),
		"no such arena":  cat.F("lobby.no_such_arena", "Number", 12),
	} {
		f.Wrapped(what, ui.TextFit{Text: msg, Size: 13, Weight: sprites.Medium, Room: room}, 3)
	}
	for what, msg := range letterRefusals(cat) {
		f.Wrapped(what, ui.TextFit{Text: msg, Size: 13, Weight: sprites.Medium, Room: room}, 3)
	}
}

func fitListRows(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	cat := f.Cat
	l := &Leaders{list: newList(a, nil, cat.T("leaders.refresh"))}
	l.Layout(a, w, h, 1)
	if len(l.rects.Rows) == 0 {
		t.Fatalf("%s: no leaderboard rows", f.Where)
	}
	row := l.rects.Rows[0]
	lv := &Live{list: newList(a, nil, cat.T("live.watch_top"))}
	lv.Layout(a, w, h, 1)
	for _, name := range longNames {
		// Leaders' and live games' rows: drawn at 15, shrunk to 12, or
		// two lines.
		checkRow(f, "leader row", leaderParts(a, remote.Leader{Rank: 100, Name: name, Rating: 2250, Games: 1000}), 15, row.W-f.P.DP(16))
		for _, other := range longNames {
			g := remote.LiveGame{Variant: rules.Lasca, Clock: remote.LobbyClocks[3], Rated: true,
				Players: [2]remote.Card{{Name: name, Rating: 2250}, {Name: other, Rating: 1500, Provisional: true}}}
			checkRow(f, "live row", liveParts(a, g), 15, lv.rects.Rows[0].W-f.P.DP(16))
		}
	}
}

// TestLobbyTouchTargetsEveryWay completes TestLobbyTouchTargets (390×844,
// no profile): the lobby, a profile and the lists, in every language, on
// a phone held either way, every hit area at least scenes.MinTouchDP (a
// profile's recent games too, with a game, its arenas played, and the
// lobby's arenas' rows).
func TestLobbyTouchTargetsEveryWay(t *testing.T) {
	for _, l := range i18n.Langs() {
		cat, err := i18n.Load(l)
		if err != nil {
			t.Fatal(err)
		}
		st := storage.Defaults()
		st.InstantAnimations = true
		a, _ := scenetest.NewApp(t, nil, scenes.Options{Text: cat, Settings: st, Clipboard: &platform.Memory{}})
		for _, sz := range [][2]float64{{390, 844}, {844, 390}} {
			a.Resize(sz[0], sz[1], 1)
			var hits []scenes.Rect
			a.SetTouch(&hits)
			lobby := NewLobby(a)
			profile := &Profile{name: longName, wait: make(chan func(*Profile), 1)}
			profile.btnBack = ui.Button{Label: cat.T("lobby.back"), Icon: ui.IconBack, TextSize: 15}
			profile.btnWatch = ui.Button{Label: cat.T("lobby.watch_game"), TextSize: 15}
			arenas := &Profile{name: longName, wait: make(chan func(*Profile), 1)}
			arenas.btnBack, arenas.btnWatch = profile.btnBack, profile.btnWatch
			for _, sc := range []struct {
				s     scenes.Scene
				setup func()
			}{
				{lobby, func() {
					now := time.Now()
					lobby.setArenas(a, shownArenas(sampleArenas(now, longName), now), now)
				}},
				{profile, func() { profile.show(a, sampleProfile()) }},
				{arenas, func() { arenas.show(a, profileWithArenas()) }},
				{&Leaders{list: newList(a, nil, "x")}, nil},
				{&Live{list: newList(a, nil, "x")}, nil},
			} {
				name := l.Code() + " " + sc.s.Name() + " " + sizeName(sz)
				n := scenetest.TouchTargets(t, a, &hits, name, sc.s, sz[0], sz[1], sc.setup)
				if n == 0 {
					t.Errorf("%s: no widget hit-tested anything", name)
				}
				if sc.s == arenas {
					// The arenas' rows must be among what was checked, or
					// this test would pass without them.
					rows := arenas.rows().arenas
					if len(rows) == 0 {
						t.Errorf("%s: no arena row on the profile", name)
					}
					for i, r := range rows {
						if !hasRect(a.FocusStops(), r) {
							t.Errorf("%s: arena row %d %v is not a focus stop", name, i, r)
						}
					}
				}
			}
			lobby.leave()
		}
	}
}

// sampleProfile has a rating of three speeds, a game and a game going on
// (Watch the game shown).
func sampleProfile() remote.Profile {
	p := remote.Profile{Name: longName, Since: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), Wins: 1000, Draws: 1000, Losses: 1000, Playing: []string{"K7MP2Q"}}
	for _, sp := range remote.Speeds[:3] {
		p.Ratings = append(p.Ratings, remote.Rating{Variant: rules.Bashni, Speed: sp, Rating: 1500})
	}
	p.Games = []remote.ProfileGame{{Variant: rules.Lasca, Speed: remote.CorrespondenceSpeed, White: longName, Black: "Ivan_Petrovich_Smirn", Status: remote.Over, Result: rules.WhiteWins}}
	return p
}

func sizeName(sz [2]float64) string {
	return fmt.Sprintf("%gx%g", sz[0], sz[1])
}

func hasRect(rs []scenes.Rect, r scenes.Rect) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// profileWithArenas is sampleProfile with arenas as long as they come: the
// server's two schedules, a player's arena of a 40-byte name, the last
// place of a full arena, and one going on.
func profileWithArenas() remote.Profile {
	p := sampleProfile()
	ends := time.Date(2026, 12, 28, 19, 57, 0, 0, time.UTC)
	p.Arenas = []remote.ProfileArena{
		{ID: "K7MP2QAB", Name: "Daily Lasca Rapid", Schedule: "daily-lasca-rapid", Ends: ends, Rank: 1999, Players: 2000, Points: 122, Status: remote.ArenaFinished},
		{ID: "K7MP2QAC", Name: "Hourly Bashni Blitz", Schedule: "hourly-bashni-blitz", Ends: ends, Rank: 3, Players: 124, Points: 17, Status: remote.ArenaRunning},
		{ID: "K7MP2QAD", Name: "Friday Night Lasca Marathon for Everyone", Ends: ends, Rank: 12, Players: 1500, Points: 1, Status: remote.ArenaFinished},
		{ID: "K7MP2QAE", Name: "Турнир клуба «Ладья»", Starts: ends.Add(-90 * time.Minute), Ends: ends, Rank: 0, Players: 0, Points: 0, Status: remote.ArenaComing},
	}
	return p
}
