package learn

import (
	"math"
	"strconv"
	"strings"

	"bashni/learn/puzzles"
	lt "bashni/learn/text"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// words looks up the texts: the buttons' labels, the heading, and the
// panel's paragraphs (the themes, the prompt or the solution's step, what
// the last try did, the player's record).
func (s *PuzzleScene) words(c scenes.Context) {
	cat := c.Text()
	s.title = scenes.LearnWord(c, lt.ScreenPuzzles)
	s.btns[PuzzleBack].Label = cat.T("common.back")
	s.btns[PuzzleHint].Label = scenes.LearnWord(c, lt.ScreenHint)
	s.btns[PuzzleRetry].Label = scenes.LearnWord(c, lt.ScreenRetry)
	s.btns[PuzzleNext].Label = scenes.LearnWord(c, lt.ScreenNextPuzzle)
	s.btns[PuzzleNext].Kind = ui.Flat
	if s.solved {
		s.btns[PuzzleNext].Kind = ui.Primary
	}
	s.btns[PuzzleHint].Disabled = s.pz == nil || s.solved || !s.wrong.IsZero() || s.viewing || s.hint >= puzzles.HintMove
	s.btns[PuzzleRetry].Disabled = s.pz == nil
	s.btnVar.Label = cat.T("common.bashni")
	if s.variant == rules.Lasca {
		s.btnVar.Label = cat.T("common.lasca")
	}
	s.btnTier.Label = scenes.LearnWord(c, lt.ScreenAllTiers)
	if s.tier != 0 {
		s.btnTier.Label = scenes.LearnWord(c, s.tier.TextID())
	}
	s.btnTheme.Label = scenes.LearnWord(c, lt.ScreenAllThemes)
	if s.theme != "" {
		s.btnTheme.Label = scenes.LearnWord(c, s.theme.TextID())
	}
	s.btnSol.Label = scenes.LearnWord(c, lt.ScreenViewSolution)
	s.btnSol.Icon = nil
	s.btnSol.Disabled = false
	s.btnAn.Label = scenes.LearnWord(c, lt.ScreenAnalysePosition)
	s.btnAn.Disabled = c.Pages().Analysis == nil
	if s.viewing {
		s.btnPrev.Label = scenes.LearnWord(c, lt.ScreenPrevStep)
		s.btnPrev.Disabled = s.step == 0
		s.btnSol.Label = scenes.LearnWord(c, lt.ScreenNextStep)
		s.btnSol.Disabled = s.step >= len(s.steps)
		s.btnAn.Label = scenes.LearnWord(c, lt.ScreenAnalyse)
	}
	st := s.statsOf()
	rating := strconv.Itoa(int(math.Round(st.Rating.R)))
	s.stats = scenes.LearnWord(c, lt.ScreenPuzzleStats, "Solved", strconv.Itoa(st.Solved), "Streak", strconv.Itoa(st.Streak), "Rating", rating)
	var ps []para
	switch {
	case s.loadError != "":
		s.heading = ""
		ps = append(ps, para{s: s.loadError, size: 15, weight: sprites.Medium, tone: toneBad})
	case s.pz == nil:
		s.heading = scenes.LearnWord(c, lt.ScreenPuzzles)
		ps = append(ps, para{s: scenes.LearnWord(c, lt.ScreenNoPuzzles), size: 16, weight: sprites.Medium, tone: toneText})
	default:
		s.heading = scenes.LearnWord(c, lt.ScreenPuzzleInfo, "Tier", scenes.LearnWord(c, s.pz.Tier().TextID()), "Rating", strconv.Itoa(s.pz.Rating))
		var themes []string
		for _, th := range s.pz.Themes {
			themes = append(themes, scenes.LearnWord(c, th.TextID()))
		}
		if !s.compact() {
			ps = append(ps, para{s: strings.Join(themes, cat.T("common.list_separator")), size: 13, weight: sprites.Regular, tone: toneDim})
		}
		if s.viewing {
			ps = append(ps, s.solutionWords(c)...)
			break
		}
		if !s.solved && s.wrong.IsZero() {
			ps = append(ps, para{s: scenes.LearnWord(c, puzzles.PromptID(s.me)), size: 17, weight: sprites.Medium, tone: toneText})
		}
		msg := scenes.LearnSay(c, s.say)
		switch s.say.ID {
		case lt.PuzzleSolved, lt.PuzzleSolvedHint, lt.PuzzleSolvedMistake:
			msg += "  " + scenes.LearnWord(c, lt.PuzzleRating, "Rating", rating, "Change", s.sayExtra)
		default:
			if s.sayExtra != "" {
				msg += " " + s.sayExtra
			}
		}
		ps = append(ps, para{s: msg, size: 17, weight: sprites.Bold, tone: s.sayTone})
	}
	if !s.compact() {
		ps = append(ps, para{s: s.stats, size: 14, weight: sprites.Regular, tone: toneDim})
	}
	s.info.set(ps...)
	c.Invalidate()
}

// compact reports whether the texts' box is short (a phone on its side):
// the puzzle's themes and the player's record are left out, the theme
// button and the heading say enough.
func (s *PuzzleScene) compact() bool { return s.layout.Text.H < s.layout.DP(130) }

// solutionWords are the viewer's paragraphs: the move shown (or the
// start), the whole line, and that seeing it counts as not solved.
func (s *PuzzleScene) solutionWords(c scenes.Context) []para {
	var step string
	if s.step == 0 {
		step = scenes.LearnWord(c, lt.ScreenSolutionStart)
	} else {
		st := s.steps[s.step-1]
		id := lt.ScreenSolutionReply
		if st.Player {
			id = lt.ScreenSolutionMine
		}
		step = scenes.LearnWord(c, id, "N", strconv.Itoa(s.step), "Total", strconv.Itoa(len(s.steps)), "Move", st.Move.String())
	}
	ps := []para{
		{s: step, size: 17, weight: sprites.Bold, tone: toneText},
		{s: scenes.LearnWord(c, lt.ScreenSolutionLine, "Line", solutionLine(s.pz.Start(), s.steps)), size: 15, weight: sprites.Medium, tone: toneHint},
	}
	if !s.solved {
		ps = append(ps, para{s: scenes.LearnWord(c, lt.ScreenSolutionCounted), size: 13, weight: sprites.Regular, tone: toneDim})
	}
	return ps
}

// solutionLine writes the solution's moves with their numbers, as a
// record does: "1. c3:e5 f6:d4 2. …", or "1… f6:d4" when Black begins.
func solutionLine(start *rules.Position, steps []puzzles.Step) string {
	var b strings.Builder
	n := 1
	black := start.SideToMove() == rules.Black
	for i, st := range steps {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch {
		case i == 0 && black:
			b.WriteString(strconv.Itoa(n) + "… ")
			n++
		case !black && i%2 == 0, black && i%2 == 1:
			b.WriteString(strconv.Itoa(n) + ". ")
			n++
		}
		b.WriteString(st.Move.String())
	}
	return b.String()
}
