package lessons

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"bashni/ai"
	"bashni/learn/explain"
	"bashni/learn/text"
	"bashni/rules"
)

func path(t *testing.T, v rules.Variant, names ...string) []rules.Square {
	t.Helper()
	var out []rules.Square
	for _, n := range names {
		out = append(out, rules.SquareAt(int(n[0]-'a'), int(n[1]-'1')))
	}
	return out
}

// TestCourseData checks every lesson against the rules: positions parse and
// are consistent, accepted moves, replies and refutations are legal where
// they are played, block steps really block, marks are squares, and every
// text is in the catalogue.
func TestCourseData(t *testing.T) {
	ids := map[string]bool{}
	hasText := func(id string) {
		t.Helper()
		if _, ok := text.Lookup(id); !ok {
			t.Errorf("text %q is not in the catalogue", id)
		}
	}
	for _, l := range All() {
		if ids[l.ID] {
			t.Errorf("lesson id %s used twice", l.ID)
		}
		ids[l.ID] = true
		hasText(l.Title)
		hasText(l.Intro)
		if len(l.Steps) == 0 || l.Steps[0].FEN == "" {
			t.Errorf("%s: the first step needs a position", l.ID)
			continue
		}
		var prev *rules.Position
		for i, st := range l.Steps {
			hasText(st.Text)
			hasText(st.Praise)
			if st.WrongText != "" {
				hasText(st.WrongText)
			}
			p := prev
			history := []*rules.Position{prev}
			if st.FEN != "" {
				var err error
				if p, err = rules.ParseFEN(l.Variant, st.FEN); err != nil {
					t.Fatalf("%s step %d: %v", l.ID, i+1, err)
				}
				if err := p.Validate(); err != nil {
					t.Fatalf("%s step %d: %v", l.ID, i+1, err)
				}
				history = []*rules.Position{p}
				for _, b := range st.Before {
					m, err := p.ParseMove(b)
					if err != nil {
						t.Fatalf("%s step %d: move before %s: %v", l.ID, i+1, b, err)
					}
					p = p.Play(m)
					history = append(history, p)
				}
			} else if len(st.Before) > 0 {
				t.Errorf("%s step %d: moves before a step without a position of its own", l.ID, i+1)
			}
			if out := rules.StatusOf(history); out.Over() {
				t.Fatalf("%s step %d: the game is over before the step: %v", l.ID, i+1, out)
			}
			if st.Goal == Practice {
				if st.FEN == "" || len(st.Before) > 0 {
					t.Errorf("%s step %d: a practice step needs a position of its own (it is set up again after a loss)", l.ID, i+1)
				}
				if st.Text == "" || st.Praise == "" || st.Level < 1 || st.Level > ai.MaxLevel {
					t.Errorf("%s step %d: a practice step needs its text, praise and a level 1–%d", l.ID, i+1, ai.MaxLevel)
				}
				if i+1 < len(l.Steps) && l.Steps[i+1].FEN == "" {
					t.Errorf("%s step %d: the step after a practice game needs a position of its own", l.ID, i+1)
				}
			}
			if p.SideToMove() != rules.White {
				t.Errorf("%s step %d: the player has White, but %v is to move", l.ID, i+1, p.SideToMove())
			}
			if (st.Goal == PlayOne || st.Goal == Block) && len(st.Accept) == 0 {
				t.Errorf("%s step %d: no accepted move", l.ID, i+1)
			}
			for _, a := range st.Accept {
				m, err := p.ParseMove(a)
				if err != nil || m.String() != a {
					t.Errorf("%s step %d: accepted move %s: %v (written %v)", l.ID, i+1, a, err, m)
					continue
				}
				if st.Goal == Block && p.Play(m).HasLegalMove() {
					t.Errorf("%s step %d: %s does not block", l.ID, i+1, a)
				}
				if out := rules.StatusOf(append(slices.Clone(history), p.Play(m))); st.Goal == Draw && out.Result != rules.Draw {
					t.Errorf("%s step %d: %s does not draw: %v", l.ID, i+1, a, out)
				}
			}
			for wrong, ref := range st.Refutations {
				m, err := p.ParseMove(wrong)
				if err != nil || slices.Contains(st.Accept, wrong) {
					t.Errorf("%s step %d: refuted move %s: %v", l.ID, i+1, wrong, err)
					continue
				}
				if _, err := p.Play(m).ParseMove(ref); err != nil {
					t.Errorf("%s step %d: refutation %s of %s: %v", l.ID, i+1, ref, wrong, err)
				}
			}
			for _, s := range st.WrongMarks {
				if _, err := rules.ParseSquare(l.Variant, s); err != nil {
					t.Errorf("%s step %d: mark %s: %v", l.ID, i+1, s, err)
				}
			}
			if (st.Goal == PlayOne || st.Goal == Draw) && len(st.Accept) == len(p.LegalMoves(nil)) && st.WrongText != "" {
				t.Errorf("%s step %d: every legal move is accepted, yet a wrong text is given", l.ID, i+1)
			}
			// Every reply must be legal after each accepted move; the next
			// step (if it continues) starts after the first one.
			var next *rules.Position
			for _, m := range p.LegalMoves(nil) {
				if st.Goal != PlayAny && st.Goal != Practice && !slices.Contains(st.Accept, m.String()) {
					continue
				}
				q := p.Play(m)
				if reply, ok := replyTo(&st, m); ok {
					rm, err := q.ParseMove(reply)
					if err != nil {
						t.Errorf("%s step %d: reply %s to %v: %v", l.ID, i+1, reply, m, err)
						continue
					}
					q = q.Play(rm)
				}
				if next == nil {
					next = q
				}
			}
			if next == nil {
				t.Fatalf("%s step %d: no accepted move", l.ID, i+1)
			}
			prev = next
		}
	}
	if len(ids) < 14 {
		t.Errorf("%d lessons, want at least fourteen", len(ids))
	}
}

// TestLessonsSolved plays every lesson through with its hints: every step
// is passed, the praise is said, and the run ends finished.
func TestLessonsSolved(t *testing.T) {
	for _, l := range All() {
		r := l.Start()
		for steps := 0; !r.Finished(); steps++ {
			if steps > len(l.Steps) {
				t.Fatalf("%s: not finished after %d steps", l.ID, steps)
			}
			i := r.StepIndex()
			if r.Practising() {
				if !playPractice(t, l, r) {
					t.Fatalf("%s step %d: the practice game was not won", l.ID, i+1)
				}
				continue
			}
			m := r.Hint()
			ans := r.Try(m.Path())
			if !ans.Correct {
				t.Fatalf("%s step %d: the hint %v is refused: %+v", l.ID, i+1, m, ans.Why)
			}
			if ans.Move != m || ans.Praise.English() == "" {
				t.Errorf("%s step %d: answer %+v", l.ID, i+1, ans)
			}
			if ans.Finished != (i == len(l.Steps)-1) || ans.NextStep == ans.Finished {
				t.Errorf("%s step %d: finished %v, next step %v", l.ID, i+1, ans.Finished, ans.NextStep)
			}
		}
		if ans := r.Try(nil); ans.Correct || ans.Why == nil {
			t.Errorf("%s: a try after the end is not refused", l.ID)
		}
	}
}

// TestWrongTries: one wrong try in every step is answered with the right
// reason and squares, leaves the position as it was, and the correct move is
// still accepted afterwards.
func TestWrongTries(t *testing.T) {
	tests := []struct {
		lesson string
		step   int // 1-based
		try    []string
		code   explain.Code
		marks  []string
		route  []string
	}{
		{"start-and-goal", 1, []string{"c3", "d4", "e5"}, explain.QuietEnds, []string{"d4"}, nil},
		{"start-and-goal", 2, []string{"c3", "b4"}, explain.CaptureCompulsory, []string{"c3"}, []string{"c3", "e5"}},
		{"start-and-goal", 3, []string{"c3", "b4"}, explain.CanStillMove, []string{"a5"}, []string{"a5", "c3"}},
		{"start-and-goal", 4, []string{"c3", "b2"}, explain.ManForward, []string{"b2"}, nil},
		{"men-move-forward", 1, []string{"c3", "b2"}, explain.ManForward, []string{"b2"}, nil},
		{"men-move-forward", 2, []string{"d4", "e5", "f6"}, explain.QuietEnds, []string{"e5"}, nil},
		{"men-move-forward", 3, []string{"a1"}, explain.CannotMove, []string{"b2"}, nil},
		{"men-move-forward", 4, []string{"c3", "e5"}, explain.ManOneStep, []string{"e5"}, nil},
		{"capture-compulsory", 1, []string{"g3", "h4"}, explain.CaptureCompulsory, []string{"c3"}, []string{"c3", "e5"}},
		{"capture-compulsory", 2, []string{"d4", "e3"}, explain.CaptureCompulsory, []string{"d4"}, []string{"d4", "f6"}},
		{"capture-compulsory", 3, []string{"a3", "c5", "e7"}, explain.Refuted, nil, []string{"f8", "d6"}},
		{"capture-compulsory", 4, []string{"c3", "d2"}, explain.ManForward, []string{"d2"}, nil},
		{"captured-goes-under", 1, []string{"c3", "b4"}, explain.CaptureCompulsory, []string{"c3"}, []string{"c3", "e5"}},
		{"captured-goes-under", 2, []string{"e5", "d4"}, explain.ManForward, []string{"d4"}, nil},
		{"captured-goes-under", 3, []string{"e5", "d6"}, explain.CaptureCompulsory, []string{"e5"}, []string{"e5", "g7"}},
		{"captured-goes-under", 4, []string{"c3", "e5"}, explain.ManOneStep, []string{"e5"}, nil},
		{"top-only", 1, []string{"h4", "f6"}, explain.NotTheGoal, []string{"d4"}, nil},
		{"top-only", 2, []string{"a3", "c5"}, explain.NotTheGoal, []string{"b4", "f4"}, nil},
		{"top-only", 3, []string{"e3", "g5"}, explain.NotTheGoal, []string{"d4"}, nil},
		{"top-only", 4, []string{"g3", "h4"}, explain.CaptureCompulsory, []string{"e3"}, []string{"e3", "c5"}},
		{"flying-king", 1, []string{"g7", "h6"}, explain.ManForward, []string{"h6"}, nil},
		{"flying-king", 2, []string{"h8", "e5"}, explain.NotTheGoal, []string{"a1"}, nil},
		{"flying-king", 3, []string{"a1", "b2"}, explain.CaptureCompulsory, []string{"a1"}, []string{"a1", "d4"}},
		{"flying-king", 4, []string{"a1", "c3"}, explain.Occupied, []string{"c3"}, nil},
		{"buried-king", 1, []string{"c3", "b4"}, explain.CaptureCompulsory, []string{"c3"}, []string{"c3", "e5"}},
		{"buried-king", 2, []string{"e5", "f6"}, explain.CaptureCompulsory, []string{"d4"}, []string{"d4", "a7"}},
		{"buried-king", 3, []string{"h2", "g3"}, explain.NotTheGoal, []string{"c7"}, nil},
		{"buried-king", 4, []string{"c3", "e5"}, explain.ManOneStep, []string{"e5"}, nil},
		{"buried-king", 5, []string{"c3", "b4"}, explain.CaptureCompulsory, []string{"c3"}, []string{"c3", "e5", "g7"}},
		{"chains-turkish-strike", 1, []string{"a3", "c5"}, explain.MustContinue, []string{"e7"}, []string{"a3", "c5", "e7", "g5"}},
		{"chains-turkish-strike", 2, []string{"h4", "f6", "h8", "d4"}, explain.TurkishStrike, []string{"g7"}, nil},
		{"chains-turkish-strike", 3, []string{"a1", "e5", "g3", "c7"}, explain.TurkishStrike, []string{"f4"}, nil},
		{"chains-turkish-strike", 4, []string{"e3", "e5"}, explain.NotDiagonal, []string{"e5"}, nil},
		{"promotion-in-capture", 1, []string{"b6", "d8"}, explain.MustContinueKing, []string{"g5", "h4"}, []string{"b6", "d8", "g5"}},
		{"promotion-in-capture", 2, []string{"f6", "h8"}, explain.NotTheGoal, []string{"d8"}, nil},
		{"promotion-in-capture", 3, []string{"b6", "d8", "h4"}, explain.KingLanding, []string{"g5"}, []string{"b6", "d8", "g5", "c1"}},
		{"promotion-in-capture", 4, []string{"e5", "f6"}, explain.CaptureCompulsory, []string{"c5", "e5"}, []string{"e5", "c7"}},
		{"king-landing", 1, []string{"a1", "f6"}, explain.KingLanding, []string{"e5"}, []string{"a1", "e5", "g3"}},
		{"king-landing", 2, []string{"h2", "d6"}, explain.KingLanding, []string{"e5"}, []string{"h2", "e5", "b2"}},
		{"king-landing", 3, []string{"a1", "d4", "g1"}, explain.NotTheGoal, []string{"e5", "g3"}, nil},
		{"king-landing", 3, []string{"a1", "f6"}, explain.KingLanding, []string{"d4", "e5"}, []string{"a1", "d4", "g1"}},
		{"king-landing", 4, []string{"e1", "e3"}, explain.NotDiagonal, []string{"e3"}, nil},
		{"win-by-blocking", 1, []string{"c5", "d6"}, explain.CanStillMove, []string{"a7"}, []string{"a7", "b6"}},
		{"win-by-blocking", 2, []string{"g7", "f8"}, explain.CaptureCompulsory, []string{"c3"}, []string{"c3", "e5"}},
		{"win-by-blocking", 3, []string{"d8", "c7"}, explain.CanStillMove, []string{"a7"}, []string{"a7", "b6"}},
		{"win-by-blocking", 4, []string{"a5", "b4"}, explain.ManForward, []string{"b4"}, nil},
		{"draws", 1, []string{"g1", "f2"}, explain.NotTheGoal, nil, nil},
		{"draws", 2, []string{"c3", "e5"}, explain.ManOneStep, []string{"e5"}, nil},
		{"draws", 3, []string{"h2", "e5"}, explain.NotTheGoal, []string{"g7"}, nil},
		{"draws", 4, []string{"c3", "e5"}, explain.ManOneStep, []string{"e5"}, nil},
		{"first-strategy", 1, []string{"h2", "g3"}, explain.Refuted, nil, []string{"c5", "e3", "c1"}},
		{"first-strategy", 2, []string{"a3", "c5"}, explain.NotTheGoal, []string{"f4"}, nil},
		{"first-strategy", 3, []string{"e1", "f2"}, explain.NotTheGoal, []string{"d4"}, nil},
		{"first-strategy", 4, []string{"e1", "f2"}, explain.CaptureCompulsory, []string{"d2"}, []string{"d2", "b4"}},
		{"first-strategy", 5, []string{"c3", "b2"}, explain.ManForward, []string{"b2"}, nil},
		{"lasca", 1, []string{"c3", "a1"}, explain.ForwardCapture, []string{"b2"}, nil},
		{"lasca", 2, []string{"d4", "f6"}, explain.KingOneStep, []string{"f6"}, nil},
		{"lasca", 3, []string{"c5", "e7", "g5"}, explain.PromotionEnds, []string{"e7"}, nil},
		{"lasca", 4, []string{"c3", "b2"}, explain.ManForward, []string{"b2"}, nil},
	}
	covered := map[string]map[int]bool{}
	for _, tc := range tests {
		l := ByID(tc.lesson)
		if l == nil {
			t.Fatalf("no lesson %s", tc.lesson)
		}
		r := l.StartAt(tc.step - 1)
		if r.StepIndex() != tc.step-1 {
			t.Fatalf("%s: could not reach step %d", tc.lesson, tc.step)
		}
		before := r.Position().FEN()
		ans := r.Try(path(t, l.Variant, tc.try...))
		if ans.Correct || ans.Why == nil {
			t.Errorf("%s step %d: try %v accepted", tc.lesson, tc.step, tc.try)
			continue
		}
		if ans.Why.Code != tc.code {
			t.Errorf("%s step %d: try %v: %s (%s), want %s", tc.lesson, tc.step, tc.try, ans.Why.Code, ans.Why.Text.English(), tc.code)
		}
		if got, want := ans.Why.Marks, path(t, l.Variant, tc.marks...); !slices.Equal(got, want) {
			t.Errorf("%s step %d: marks %v, want %v", tc.lesson, tc.step, got, want)
		}
		if got, want := ans.Why.Route, path(t, l.Variant, tc.route...); !slices.Equal(got, want) {
			t.Errorf("%s step %d: route %v, want %v", tc.lesson, tc.step, got, want)
		}
		if s := ans.Why.Text.English(); s == "" || s[0] == '[' {
			t.Errorf("%s step %d: why renders as %q", tc.lesson, tc.step, s)
		}
		if r.Position().FEN() != before || r.WrongTries() != 1 {
			t.Errorf("%s step %d: a wrong try changed the position or was not counted", tc.lesson, tc.step)
		}
		m := r.Hint()
		if ans := r.Try(m.Path()); !ans.Correct {
			t.Errorf("%s step %d: the correct move %v refused after a wrong try: %+v", tc.lesson, tc.step, m, ans.Why)
		}
		if covered[tc.lesson] == nil {
			covered[tc.lesson] = map[int]bool{}
		}
		covered[tc.lesson][tc.step] = true
	}
	for _, l := range All() {
		for i := range l.Steps {
			if !covered[l.ID][i+1] {
				t.Errorf("%s step %d has no wrong try in the table", l.ID, i+1)
			}
		}
	}
}

func TestProgress(t *testing.T) {
	var p Progress
	if !p.Newcomer() || p.Next() != All()[0] {
		t.Fatal("a newcomer's next lesson is not the first")
	}
	p.Complete(All()[0].ID)
	p.Complete(All()[0].ID)
	p.Complete("a-lesson-since-removed")
	if p.Count() != 1 || p.Newcomer() || p.Next() != All()[1] || !p.IsDone(All()[0].ID) {
		t.Fatalf("after one lesson: %+v", p)
	}
	for _, l := range All() {
		p.Complete(l.ID)
	}
	if p.Next() != nil || p.Count() != len(All()) {
		t.Fatalf("after all lessons: next %v, count %d", p.Next(), p.Count())
	}
}

// TestPracticeWon plays every practice position out (playPractice): the
// target must be reached, never a restart.
func TestPracticeWon(t *testing.T) {
	for _, l := range All() {
		for i, st := range l.Steps {
			if st.Goal != Practice {
				continue
			}
			r := l.StartAt(i)
			if !r.Practising() || r.StepIndex() != i {
				t.Fatalf("%s step %d: not a practice game", l.ID, i+1)
			}
			if !playPractice(t, l, r) {
				t.Errorf("%s step %d: target not reached in %d plies (%s)", l.ID, i+1, practicePlies, r.Position().FEN())
			}
		}
	}
}

// practicePlies bounds a practice game: a practice position is short and
// clearly won.
const practicePlies = 60

// playPractice plays the practice step r is at: the engine for the player
// (50,000 nodes a move) against the computer at the step's level, through
// the Run's Try and Respond, as a screen drives them. It reports whether
// the target was reached within practicePlies, after at least the
// player's second move (a practice is not won in one move).
func playPractice(t *testing.T, l *Lesson, r *Run) bool {
	t.Helper()
	i := r.StepIndex()
	player := ai.NewEngine(ai.Options{Seed: 1})
	computer := ai.NewEngine(ai.Options{Seed: 2})
	for ply := 0; ply < practicePlies; ply++ {
		var ans Answer
		if r.WaitingForOpponent() {
			if !r.Hint().IsZero() {
				t.Errorf("%s step %d: a hint while the computer is to move", l.ID, i+1)
			}
			m := computer.ChooseMove(context.Background(), r.History(), r.Level())
			var err error
			if ans, err = r.Respond(m); err != nil {
				t.Fatalf("%s step %d: %v", l.ID, i+1, err)
			}
			if ans2 := r.Try(nil); ans2.Why == nil || ans2.Why.Code != explain.NotYourTurn && !ans.NextStep && !ans.Finished && !ans.Restarted && r.WaitingForOpponent() {
				t.Errorf("%s step %d: a try while the computer is to move is not refused", l.ID, i+1)
			}
		} else {
			res := player.Search(context.Background(), r.History(), ai.Limits{Nodes: 50_000}, nil)
			ans = r.Try(res.Best.Path())
			if !ans.Correct {
				t.Fatalf("%s step %d: the player's %v refused: %+v", l.ID, i+1, res.Best, ans.Why)
			}
		}
		if ans.Restarted {
			t.Errorf("%s step %d: the practice game ended without the target: %s", l.ID, i+1, ans.Why.Text.English())
			return false
		}
		if ans.NextStep || ans.Finished {
			if ply < 2 {
				t.Errorf("%s step %d: won in %d plies: too short to practise", l.ID, i+1, ply+1)
			}
			if ans.Praise.English() == "" || ans.Praise.English()[0] == '[' {
				t.Errorf("%s step %d: praise %q", l.ID, i+1, ans.Praise.English())
			}
			t.Logf("%s step %d: reached in %d plies", l.ID, i+1, ply+1)
			return true
		}
	}
	return false
}

// stackAt is the column on square s written as in a FEN ("W:0/1": a white
// man over a black king), or "" for an empty square.
func stackAt(p *rules.Position, s string) string {
	sq, err := rules.ParseSquare(p.Variant(), s)
	if err != nil {
		return "bad square " + s
	}
	c := p.Column(sq)
	if c.IsEmpty() {
		return ""
	}
	return c.Owner().Letter() + ":" + c.Stack()
}

// TestRuleClaims checks what the lessons' texts say about the rules against
// the rules package, step by step: the position after the step's first
// accepted move (and the scripted reply) or after a refutation, the game's
// status, the columns a text names.
func TestRuleClaims(t *testing.T) {
	type claim struct {
		lesson string
		step   int    // 1-based
		play   string // the player's move; "" for the step's first accepted move
		check  func(before, after *rules.Position, out rules.Outcome) string
	}
	col := func(s, want string) func(_, a *rules.Position, _ rules.Outcome) string {
		return func(_, a *rules.Position, _ rules.Outcome) string {
			if got := stackAt(a, s); got != want {
				return fmt.Sprintf("%s is %q, want %q", s, got, want)
			}
			return ""
		}
	}
	result := func(want rules.Outcome) func(_, _ *rules.Position, out rules.Outcome) string {
		return func(_, _ *rules.Position, out rules.Outcome) string {
			if out != want {
				return fmt.Sprintf("outcome %v, want %v", out, want)
			}
			return ""
		}
	}
	whiteWinsNoMoves := result(rules.Outcome{Result: rules.WinFor(rules.White), Reason: rules.NoMoves})
	claims := []claim{
		// "Each side starts with twelve men on the dark squares of its first three rows, and White moves first."
		{"start-and-goal", 1, "", func(b, _ *rules.Position, _ rules.Outcome) string {
			if !b.Equal(rules.NewPosition(rules.Bashni)) || b.SideToMove() != rules.White {
				return "the first step is not the start position with White to move"
			}
			return ""
		}},
		// "with no column of its own, Black cannot move and loses"
		{"start-and-goal", 2, "", whiteWinsNoMoves},
		// "Black still has a man, but it cannot move: a player who cannot move loses."
		{"start-and-goal", 3, "", func(_, a *rules.Position, out rules.Outcome) string {
			if stackAt(a, "a5") != "B:0" || out.Result != rules.WinFor(rules.White) {
				return fmt.Sprintf("a5 %q, outcome %v", stackAt(a, "a5"), out)
			}
			return ""
		}},
		{"captured-goes-under", 1, "c3:e5", col("e5", "W:0/0")},
		{"captured-goes-under", 3, "", col("g7", "W:0/00")},
		{"top-only", 1, "", col("d4", "W:0")},
		{"top-only", 2, "", col("f4", "W:000")},
		{"top-only", 3, "c3:e5:g3", col("d4", "W:00")},
		{"top-only", 3, "e3:c5", col("d4", "W:00")},
		// "Your king is on top again — and it is still a king."
		{"buried-king", 1, "", col("d4", "W:1")},
		// "Only your man on top was crowned. The prisoner under it is still a black man."
		{"buried-king", 3, "c7-d8", col("d8", "W:1/0")},
		{"buried-king", 3, "c7-b8", col("b8", "W:1/0")},
		// "It moved one square, like a man": every move of the column is one step.
		{"buried-king", 4, "", func(b, a *rules.Position, _ rules.Outcome) string {
			for _, m := range b.LegalMoves(nil) {
				if d := int(m.To().File()) - int(m.From().File()); d != 1 && d != -1 {
					return fmt.Sprintf("%v is not a step", m)
				}
			}
			return col("d4", "W:01")(b, a, rules.Outcome{})
		}},
		// "Three men in one move: crowned on d8, then on as a king over f6 and d2."
		{"promotion-in-capture", 3, "", col("c1", "W:1/000")},
		{"promotion-in-capture", 2, "", col("a5", "W:1/00")},
		{"win-by-blocking", 3, "", whiteWinsNoMoves},
		// The third occurrence of a position with the same side to move draws.
		{"draws", 1, "", result(rules.Outcome{Result: rules.Draw, Reason: rules.Repetition})},
		// 30 plies without capture or crowning draw.
		{"draws", 2, "", result(rules.Outcome{Result: rules.Draw, Reason: rules.NoProgress})},
		{"draws", 2, "h2-g1", result(rules.Outcome{Result: rules.Draw, Reason: rules.NoProgress})},
		// "A crowning, like a capture, starts the count of 30 plies from nothing."
		{"draws", 3, "", func(_, a *rules.Position, out rules.Outcome) string {
			if a.HalfmoveClock() != 0 || out.Over() {
				return fmt.Sprintf("after the crowning: clock %d, outcome %v", a.HalfmoveClock(), out)
			}
			return ""
		}},
		{"draws", 3, "h2-g1", result(rules.Outcome{Result: rules.Draw, Reason: rules.NoProgress})},
		// "The square behind your column is taken now, so nobody can jump it."
		{"first-strategy", 1, "", func(_, a *rules.Position, _ rules.Outcome) string {
			for _, m := range a.LegalMoves(nil) {
				if m.IsCapture() {
					return fmt.Sprintf("Black can still capture: %v", m)
				}
			}
			return ""
		}},
		{"first-strategy", 2, "", col("f4", "W:00")},
		// "Black had to capture": e5:c3 is Black's only move.
		{"first-strategy", 3, "", col("c3", "B:0/0")},
		// "You took Black's man and freed your own."
		{"first-strategy", 4, "", func(b, a *rules.Position, out rules.Outcome) string {
			if s := col("c3", "W:0")(b, a, out); s != "" {
				return s
			}
			return col("b4", "W:0/0")(b, a, out)
		}},
	}
	for _, c := range claims {
		l := ByID(c.lesson)
		r := l.StartAt(c.step - 1)
		before := r.Position()
		history := r.History()
		mv := c.play
		if mv == "" {
			mv = r.Hint().String()
		}
		m, err := before.ParseMove(mv)
		if err != nil {
			t.Errorf("%s step %d: %s: %v", c.lesson, c.step, mv, err)
			continue
		}
		after := before.Play(m)
		history = append(history, after)
		if rep, ok := replyTo(&l.Steps[c.step-1], m); ok && slices.Contains(l.Steps[c.step-1].Accept, m.String()) || ok && l.Steps[c.step-1].Goal == PlayAny {
			rm, err := after.ParseMove(rep)
			if err != nil {
				t.Fatalf("%s step %d: reply %s: %v", c.lesson, c.step, rep, err)
			}
			after = after.Play(rm)
			history = append(history, after)
		}
		if msg := c.check(before, after, rules.StatusOf(history)); msg != "" {
			t.Errorf("%s step %d after %s: %s", c.lesson, c.step, mv, msg)
		}
	}
	// The refutations of the strategy lesson's first step: one jump takes
	// the top, and the whole column becomes Black's.
	l := ByID("first-strategy")
	p := l.StartAt(0).Position()
	for wrong, ref := range l.Steps[0].Refutations {
		q := p.Play(mustMove(t, p, wrong))
		q = q.Play(mustMove(t, q, ref))
		where := "d4"
		if wrong == "d4-e5" {
			where = "e5" // the column moved there and was jumped there
		}
		if got := stackAt(q, where); got != "B:000" {
			t.Errorf("first-strategy step 1: after %s %s %s is %q, want Black's three men", wrong, ref, where, got)
		}
	}
}

func mustMove(t *testing.T, p *rules.Position, s string) rules.Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatalf("%s in %s: %v", s, p.FEN(), err)
	}
	return m
}
