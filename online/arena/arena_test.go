package arena

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"bashni/online/protocol"
)

func TestSheetAdd(t *testing.T) {
	type g struct {
		o       Outcome
		berserk bool
		plies   int
	}
	tests := []struct {
		name   string
		games  []g
		points []int // each game's points
		total  int
		streak bool // on a streak after the games
	}{
		{"win draw loss", []g{{Win, false, 40}, {Draw, false, 40}, {Loss, false, 40}}, []int{2, 1, 0}, 3, false},
		{"two wins start a streak", []g{{Win, false, 40}, {Win, false, 40}}, []int{2, 2}, 4, true},
		{"the third win is doubled", []g{{Win, false, 40}, {Win, false, 40}, {Win, false, 40}, {Win, false, 40}}, []int{2, 2, 4, 4}, 12, true},
		{"a draw on a streak is doubled and ends it", []g{{Win, false, 40}, {Win, false, 40}, {Draw, false, 40}, {Win, false, 40}}, []int{2, 2, 2, 2}, 8, false},
		{"a loss on a streak ends it", []g{{Win, false, 40}, {Win, false, 40}, {Loss, false, 40}, {Win, false, 40}, {Win, false, 40}, {Win, false, 40}}, []int{2, 2, 0, 2, 2, 4}, 12, true},
		{"a draw breaks the run before the streak", []g{{Win, false, 40}, {Draw, false, 40}, {Win, false, 40}}, []int{2, 1, 2}, 5, false},
		{"berserk win earns a point", []g{{Win, true, 40}}, []int{3}, 3, false},
		{"berserk win on a streak: the point is not doubled", []g{{Win, false, 40}, {Win, false, 40}, {Win, true, 40}}, []int{2, 2, 5}, 9, true},
		{"berserk loss earns nothing", []g{{Loss, true, 40}}, []int{0}, 0, false},
		{"berserk draw earns no point", []g{{Draw, true, 40}}, []int{1}, 1, false},
		{"berserk win in a short game earns no point", []g{{Win, true, MinBerserkPlies - 1}}, []int{2}, 2, false},
		{"berserk win at the shortest length earns it", []g{{Win, true, MinBerserkPlies}}, []int{3}, 3, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var s Sheet
			var got []int
			for i, x := range tc.games {
				got = append(got, s.Add(fmt.Sprint(i), x.o, x.berserk, x.plies).Points)
			}
			if !slices.Equal(got, tc.points) || s.Points != tc.total || s.OnStreak() != tc.streak {
				t.Fatalf("points %v total %d streak %v, want %v %d %v", got, s.Points, s.OnStreak(), tc.points, tc.total, tc.streak)
			}
		})
	}
}

var t0 = time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)

func at(min int) time.Time { return t0.Add(time.Duration(min) * time.Minute) }

func TestStandings(t *testing.T) {
	players := []Player{{"a", "Anna", 1500}, {"b", "Boris", 1600}, {"c", "Chen", 1700}, {"d", "Dana", 1500}}
	end := at(60)
	games := []Game{
		{ID: "g1", White: "a", Black: "b", Result: "1-0", Plies: 30, Ended: at(5)},
		{ID: "g2", White: "c", Black: "d", Result: "1/2-1/2", Plies: 30, Ended: at(6)},
		// Out of order on purpose: standings go by the end time.
		{ID: "g4", White: "a", Black: "c", Result: "1-0", Plies: 30, Berserk: [2]bool{true, false}, Ended: at(20)},
		{ID: "g3", White: "d", Black: "a", Result: "0-1", Plies: 30, Ended: at(10)},
		{ID: "g5", White: "b", Black: "d", Result: "0-1", Plies: 30, Ended: at(12)},
		// Not counted: aborted, still playing, ended after the end.
		{ID: "g6", White: "b", Black: "c", Result: "*", Plies: 0, Ended: at(21)},
		{ID: "g7", White: "b", Black: "c", Result: "*"},
		{ID: "g8", White: "d", Black: "a", Result: "1-0", Plies: 30, Ended: at(61)},
	}
	rows := Standings(players, games, end)
	var got []string
	for _, r := range rows {
		var b strings.Builder
		for _, s := range r.Sheet.Scores {
			fmt.Fprintf(&b, "%c%d", s.Outcome, s.Points)
			if s.Streak {
				b.WriteString("*")
			}
		}
		got = append(got, fmt.Sprintf("%d %s %d %s", r.Rank, r.Player.ID, r.Sheet.Points, b.String()))
	}
	want := []string{
		// a: win 2, win 2, then a berserk win on a streak 4+1.
		"1 a 9 W2W2W5*",
		// d: draw 1, loss 0, win 2; c has 1 point but higher rating than nobody tied.
		"2 d 3 D1L0W2",
		"3 c 1 D1L0",
		"4 b 0 L0L0",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("standings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestStandingsTies(t *testing.T) {
	// Equal points: more wins first, then the higher rating, then the name.
	players := []Player{{"x", "Xena", 1500}, {"y", "Yuri", 1700}, {"z", "Zoe", 1700}, {"w", "Wim", 1500}}
	games := []Game{
		{ID: "1", White: "x", Black: "w", Result: "1-0", Plies: 20, Ended: at(1)},
		{ID: "2", White: "y", Black: "z", Result: "1/2-1/2", Plies: 20, Ended: at(2)},
		{ID: "3", White: "y", Black: "z", Result: "1/2-1/2", Plies: 20, Ended: at(3)},
	}
	rows := Standings(players, games, at(60))
	var ids []string
	for _, r := range rows {
		ids = append(ids, r.Player.ID)
	}
	if want := []string{"x", "y", "z", "w"}; !slices.Equal(ids, want) {
		t.Fatalf("order %v, want %v", ids, want)
	}
}

func TestPair(t *testing.T) {
	now := at(30)
	long := now.Add(-RematchWait)
	short := now.Add(-time.Second)
	tests := []struct {
		name    string
		waiting []Waiting
		want    []string // "white-black"
	}{
		{"nobody", nil, nil},
		{"one waits", []Waiting{{ID: "a", Since: short}}, nil},
		{"two meet", []Waiting{{ID: "a", Since: short}, {ID: "b", Since: short}}, []string{"b-a"}},
		{"similar scores meet",
			[]Waiting{{ID: "a", Points: 10, Since: short}, {ID: "b", Points: 0, Since: short}, {ID: "c", Points: 9, Since: short}, {ID: "d", Points: 1, Since: short}},
			[]string{"c-a", "b-d"}},
		{"equal scores go by rating",
			[]Waiting{{ID: "a", Rating: 1500, Since: short}, {ID: "b", Rating: 1900, Since: short}, {ID: "c", Rating: 1550, Since: short}, {ID: "d", Rating: 1850, Since: short}},
			[]string{"d-b", "a-c"}},
		{"no immediate rematch",
			[]Waiting{{ID: "a", Points: 4, Last: "b", Since: short}, {ID: "b", Points: 4, Last: "a", Since: short}, {ID: "c", Points: 2, Since: short}},
			[]string{"c-a"}},
		{"two left alone wait for a rematch", []Waiting{{ID: "a", Last: "b", Since: short}, {ID: "b", Last: "a", Since: long}}, nil},
		{"after the wait they meet again", []Waiting{{ID: "a", Last: "b", Since: long}, {ID: "b", Last: "a", Since: long}}, []string{"b-a"}},
		{"colours even out",
			[]Waiting{{ID: "a", Points: 5, Colour: 1, Since: short}, {ID: "b", Points: 4, Colour: -1, Since: short}},
			[]string{"b-a"}},
		{"colours even out the other way",
			[]Waiting{{ID: "a", Points: 5, Colour: -1, Since: short}, {ID: "b", Points: 4, Colour: 1, Since: short}},
			[]string{"a-b"}},
		{"a player listed twice is paired once", []Waiting{{ID: "a", Since: short}, {ID: "a", Since: short}, {ID: "b", Since: short}}, []string{"b-a"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, p := range Pair(tc.waiting, now) {
				got = append(got, p.White+"-"+p.Black)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("pairs %v, want %v", got, tc.want)
			}
		})
	}
}

// TestPairMany: every waiting player but at most one is paired, nobody
// twice, and nobody with their last opponent while others wait.
func TestPairMany(t *testing.T) {
	now := at(30)
	var ws []Waiting
	for i := range 1001 {
		last := ""
		if i%2 == 0 {
			last = fmt.Sprint(i + 1)
		} else {
			last = fmt.Sprint(i - 1)
		}
		ws = append(ws, Waiting{ID: fmt.Sprint(i), Points: (i * 7) % 23, Rating: 1200 + (i*37)%800, Last: last, Since: now})
	}
	pairs := Pair(ws, now)
	if len(pairs) != 500 {
		t.Fatalf("%d pairs of 1001 players, want 500", len(pairs))
	}
	seen := map[string]bool{}
	last := map[string]string{}
	for _, w := range ws {
		last[w.ID] = w.Last
	}
	for _, p := range pairs {
		if seen[p.White] || seen[p.Black] || p.White == p.Black {
			t.Fatalf("%v: a player twice", p)
		}
		seen[p.White], seen[p.Black] = true, true
		if last[p.White] == p.Black {
			t.Fatalf("%v: an immediate rematch", p)
		}
	}
}

func TestSchedule(t *testing.T) {
	hourly, daily := DefaultSchedules()[0], DefaultSchedules()[1]
	tests := []struct {
		s     Schedule
		after time.Time
		want  time.Time
	}{
		{hourly, time.Date(2026, 12, 1, 21, 30, 0, 0, time.UTC), time.Date(2026, 12, 1, 22, 0, 0, 0, time.UTC)},
		{hourly, time.Date(2026, 12, 1, 22, 0, 0, 0, time.UTC), time.Date(2026, 12, 1, 22, 0, 0, 0, time.UTC)},
		{daily, time.Date(2026, 12, 1, 17, 59, 0, 0, time.UTC), time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)},
		{daily, time.Date(2026, 12, 1, 18, 0, 1, 0, time.UTC), time.Date(2026, 12, 2, 18, 0, 0, 0, time.UTC)},
		{daily, time.Date(2026, 12, 1, 3, 0, 0, 0, time.UTC), time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)},
	}
	for _, tc := range tests {
		if got := tc.s.Next(tc.after); !got.Equal(tc.want) {
			t.Errorf("%s after %v: %v, want %v", tc.s.Key, tc.after, got, tc.want)
		}
	}
	for _, s := range DefaultSchedules() {
		if err := s.Check(); err != nil {
			t.Errorf("default schedule: %v", err)
		}
	}
}

func TestSettingsCheck(t *testing.T) {
	ok := Settings{Name: "Friday blitz", Variant: "bashni", Clock: protocol.Clock{Kind: protocol.ClockLive, Initial: 180, Increment: 2}, Minutes: 30}
	tests := []struct {
		name string
		edit func(*Settings)
		want string // in the error; "" for none
	}{
		{"fine", func(*Settings) {}, ""},
		{"variant", func(s *Settings) { s.Variant = "chess" }, `"variant"`},
		{"no clock", func(s *Settings) { s.Clock = protocol.Clock{Kind: protocol.ClockNone} }, "live clock"},
		{"correspondence", func(s *Settings) { s.Clock = protocol.Clock{Kind: protocol.ClockCorrespondence, Days: 1} }, "live clock"},
		{"bad clock", func(s *Settings) { s.Clock.Initial = 5 }, "initial"},
		{"short", func(s *Settings) { s.Minutes = MinMinutes - 1 }, `"minutes"`},
		{"long", func(s *Settings) { s.Minutes = MaxMinutes + 1 }, `"minutes"`},
		{"no name", func(s *Settings) { s.Name = "" }, `"name"`},
		{"long name", func(s *Settings) { s.Name = strings.Repeat("x", MaxNameLen+1) }, `"name"`},
		{"two lines", func(s *Settings) { s.Name = "a\nb" }, "U+000A"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := ok
			tc.edit(&s)
			err := s.Check()
			if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Fatalf("Check: %v, want %q", err, tc.want)
			}
		})
	}
}

func TestStatusAt(t *testing.T) {
	s := Settings{Minutes: 30}
	for _, tc := range []struct {
		now  time.Time
		want Status
	}{{at(-1), Coming}, {at(0), Running}, {at(29), Running}, {at(30), Finished}} {
		if got := s.StatusAt(t0, tc.now); got != tc.want {
			t.Errorf("at %v: %s, want %s", tc.now, got, tc.want)
		}
	}
}

func TestParseSchedules(t *testing.T) {
	good := `[{"key":"weekly","every":"168h","offset":"20h","name":"Weekly Lasca","variant":"lasca",
		"clock":{"kind":"live","initial":300,"increment":3},"minutes":90,"rated":true}]`
	ss, err := ParseSchedules([]byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if len(ss) != 1 || ss[0].Every != 168*time.Hour || ss[0].Offset != 20*time.Hour || ss[0].Settings.Minutes != 90 || ss[0].Settings.Schedule != "weekly" {
		t.Fatalf("parsed %+v", ss)
	}
	for _, tc := range []struct{ name, json, want string }{
		{"not a list", `{}`, "reading arena schedules"},
		{"unknown field", `[{"key":"a","every":"1h","colour":"red"}]`, "colour"},
		{"bad every", `[{"key":"a","every":"hourly"}]`, `"every"`},
		{"too often", `[{"key":"a","every":"30m","name":"x","variant":"bashni","clock":{"kind":"live","initial":60,"increment":0},"minutes":20}]`, "less than an hour"},
		{"overlapping", `[{"key":"a","every":"1h","name":"x","variant":"bashni","clock":{"kind":"live","initial":60,"increment":0},"minutes":90}]`, "overlap"},
		{"twice", `[{"key":"a","every":"1h","name":"x","variant":"bashni","clock":{"kind":"live","initial":60,"increment":0},"minutes":30},
			{"key":"a","every":"2h","name":"y","variant":"bashni","clock":{"kind":"live","initial":60,"increment":0},"minutes":30}]`, "twice"},
	} {
		if _, err := ParseSchedules([]byte(tc.json)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}
