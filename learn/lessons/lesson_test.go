package lessons

import (
	"slices"
	"testing"

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
			if st.FEN != "" {
				var err error
				if p, err = rules.ParseFEN(l.Variant, st.FEN); err != nil {
					t.Fatalf("%s step %d: %v", l.ID, i+1, err)
				}
				if err := p.Validate(); err != nil {
					t.Fatalf("%s step %d: %v", l.ID, i+1, err)
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
			if st.Goal == PlayOne && len(st.Accept) == len(p.LegalMoves(nil)) && st.WrongText != "" {
				t.Errorf("%s step %d: every legal move is accepted, yet a wrong text is given", l.ID, i+1)
			}
			// Every reply must be legal after each accepted move; the next
			// step (if it continues) starts after the first one.
			var next *rules.Position
			for _, m := range p.LegalMoves(nil) {
				if st.Goal != PlayAny && !slices.Contains(st.Accept, m.String()) {
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
	if len(ids) < 10 {
		t.Errorf("%d lessons, want at least ten", len(ids))
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
		{"men-move-forward", 1, []string{"c3", "b2"}, explain.ManForward, []string{"b2"}, nil},
		{"men-move-forward", 2, []string{"d4", "e5", "f6"}, explain.QuietEnds, []string{"e5"}, nil},
		{"capture-compulsory", 1, []string{"g3", "h4"}, explain.CaptureCompulsory, []string{"c3"}, []string{"c3", "e5"}},
		{"capture-compulsory", 2, []string{"a3", "c5", "e7"}, explain.Refuted, nil, []string{"f8", "d6"}},
		{"captured-goes-under", 1, []string{"c3", "b4"}, explain.CaptureCompulsory, []string{"c3"}, []string{"c3", "e5"}},
		{"captured-goes-under", 2, []string{"e5", "d4"}, explain.ManForward, []string{"d4"}, nil},
		{"captured-goes-under", 3, []string{"e5", "d6"}, explain.CaptureCompulsory, []string{"e5"}, []string{"e5", "g7"}},
		{"top-only", 1, []string{"h4", "f6"}, explain.NotTheGoal, []string{"d4"}, nil},
		{"top-only", 2, []string{"a3", "c5"}, explain.NotTheGoal, []string{"b4", "f4"}, nil},
		{"chains-turkish-strike", 1, []string{"a3", "c5"}, explain.MustContinue, []string{"e7"}, []string{"a3", "c5", "e7", "g5"}},
		{"chains-turkish-strike", 2, []string{"h4", "f6", "h8", "d4"}, explain.TurkishStrike, []string{"g7"}, nil},
		{"chains-turkish-strike", 3, []string{"a1", "e5", "g3", "c7"}, explain.TurkishStrike, []string{"f4"}, nil},
		{"flying-king", 1, []string{"g7", "h6"}, explain.ManForward, []string{"h6"}, nil},
		{"flying-king", 2, []string{"h8", "e5"}, explain.NotTheGoal, []string{"a1"}, nil},
		{"flying-king", 3, []string{"a1", "b2"}, explain.CaptureCompulsory, []string{"a1"}, []string{"a1", "d4"}},
		{"promotion-in-capture", 1, []string{"b6", "d8"}, explain.MustContinueKing, []string{"g5", "h4"}, []string{"b6", "d8", "g5"}},
		{"king-landing", 1, []string{"a1", "f6"}, explain.KingLanding, []string{"e5"}, []string{"a1", "e5", "g3"}},
		{"win-by-blocking", 1, []string{"c5", "d6"}, explain.CanStillMove, []string{"a7"}, []string{"a7", "b6"}},
		{"win-by-blocking", 2, []string{"g7", "f8"}, explain.CaptureCompulsory, []string{"c3"}, []string{"c3", "e5"}},
		{"lasca", 1, []string{"c3", "a1"}, explain.ForwardCapture, []string{"b2"}, nil},
		{"lasca", 2, []string{"d4", "f6"}, explain.KingOneStep, []string{"f6"}, nil},
		{"lasca", 3, []string{"c5", "e7", "g5"}, explain.PromotionEnds, []string{"e7"}, nil},
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
