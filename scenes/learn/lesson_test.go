package learn

import (
	"context"
	"fmt"
	"testing"

	"bashni/ai"
	"bashni/internal/testwait"
	"bashni/learn/lessons"
	"bashni/learn/record"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/session"
	"bashni/storage"
)

// lessonApp is an App whose computer plays (a real engine), with instant
// animations.
func lessonApp(t *testing.T) *scenes.App {
	st := storage.Defaults()
	st.InstantAnimations = true
	a, _ := scenetest.NewApp(t, nil, scenes.Options{Settings: st, Engine: func(seed uint64) session.Engine { return session.NewAIEngine(seed) }})
	return a
}

// tickUntil runs the lesson until cond holds; it fails after a minute of
// real time (the computer thinks on a goroutine), never sooner.
func tickUntil(t *testing.T, a *scenes.App, s *LessonScene, what string, cond func() bool) {
	t.Helper()
	testwait.Wait{
		Step: func() { _ = a.Update() },
		Failed: func() string {
			return fmt.Sprintf("step %d, pending %v, position %s", s.step, s.pending, s.sess.Game().Position().FEN())
		},
	}.For(t, what, cond)
}

// TestLessonStepStays: a finished step stays on the board, with its task
// and its explanation, until the player asks for the next step (the Next
// button or Enter); only then does the next step's position come.
func TestLessonStepStays(t *testing.T) {
	a := lessonApp(t)
	s := NewLessonScene(a, 0) // the start and the goal
	scenetest.Show(t, a, s)
	start := s.sess.Game().Position()
	if err := s.sess.Play(mustMove(t, start, "c3-d4")); err != nil {
		t.Fatal(err)
	}
	tickUntil(t, a, s, "the step done", func() bool { return s.pending })
	after := start.Play(mustMove(t, start, "c3-d4"))
	after = after.Play(mustMove(t, after, "b6-a5"))
	for i := 0; i < 30; i++ { // nothing moves on by itself
		_ = a.Update()
	}
	if !s.sess.Game().Position().Equal(after) || !s.pending || s.goal.ID != "lesson.goal.step1" || s.say.ID != "lesson.goal.praise1" {
		t.Fatalf("after step 1: %s, pending %v, goal %s, say %s", s.sess.Game().Position().FEN(), s.pending, s.goal.ID, s.say.ID)
	}
	if s.btns[LessonNext].Disabled || s.btns[LessonNext].Label != "Next step" {
		t.Errorf("the Next button while a step waits: %q disabled %v", s.btns[LessonNext].Label, s.btns[LessonNext].Disabled)
	}
	if s.board.Position() == nil || !s.board.Position().Equal(after) {
		t.Error("the board does not show the finished step's position")
	}
	s.press(a, LessonNext)
	want, _ := rules.ParseFEN(rules.Bashni, "W:Wc3:Bd4")
	if s.pending || !s.sess.Game().Position().Equal(want) || s.goal.ID != "lesson.goal.step2" || !s.say.IsZero() {
		t.Fatalf("after Next step: %s, pending %v, goal %s", s.sess.Game().Position().FEN(), s.pending, s.goal.ID)
	}
}

// TestLessonPractice: a lesson's last step is a game against the computer
// (the App's engine at the step's level), followed by the lesson move by
// move; the player's moves here are the engine's best, and the lesson ends
// done and saved.
func TestLessonPractice(t *testing.T) {
	a := lessonApp(t)
	s := NewLessonScene(a, 0)
	last := len(s.lesson.Steps) - 1
	s.run = s.lesson.StartAt(last)
	s.step, s.goal = last, s.run.Goal()
	s.newSession(a)
	scenetest.Show(t, a, s)
	if !s.practice {
		t.Fatal("the last step is not a practice game")
	}
	if s.sess.Kind(rules.Black) != session.Computer {
		t.Fatalf("the opponent is %v, not the computer", s.sess.Kind(rules.Black))
	}
	e := ai.NewEngine(ai.Options{Seed: 3})
	for moves := 0; !s.done; moves++ {
		if moves > 30 {
			t.Fatal("the practice game is not won in 30 moves")
		}
		tickUntil(t, a, s, "the player's turn", func() bool { return s.done || s.sess.PersonToMove() && !s.board.Animating() })
		if s.done {
			break
		}
		res := e.Search(context.Background(), s.sess.Game().History(), ai.Limits{Nodes: 50_000}, nil)
		if err := s.sess.Play(res.Best); err != nil {
			t.Fatalf("%v refused: %v (%s)", res.Best, err, s.sayText)
		}
		tickUntil(t, a, s, "the computer's answer", func() bool { return s.done || s.sess.PersonToMove() && !s.board.Animating() })
	}
	if s.say.ID != "lesson.practice.won" || !s.run.Finished() {
		t.Errorf("after the practice game: say %q, finished %v", s.say.ID, s.run.Finished())
	}
	if p := loadProgress(a); !p.IsDone(s.lesson.ID) {
		t.Error("the lesson is not saved as done")
	}
}

func mustMove(t *testing.T, p *rules.Position, s string) rules.Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func loadProgress(a *scenes.App) lessons.Progress {
	return record.Load(a.Store()).Lessons
}

// TestLessonsListFits: at every size of the layout test (a laptop, a
// phone both ways up: two columns of seven ran off a phone on its side)
// every lesson's row and the puzzles' buttons are on the screen, a touch
// target high, and apart. (The labels in every language: TestLearnFits.)
func TestLessonsListFits(t *testing.T) {
	for _, sz := range scenetest.FitSizes {
		n := len(lessons.All())
		checkLessonsRects(t, fmt.Sprintf("%gx%g", sz[0], sz[1]), LessonsLayout(sz[0], sz[1], 1, n), n, sz[0], sz[1])
	}
}
