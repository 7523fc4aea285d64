package lessons

import "bashni/rules"

// course is every lesson, in the order a newcomer takes them: each idea is
// practised in at least three exercises, from easy to harder, and each
// lesson ends with a practice position against the computer. Kings are
// taught (flying-king) before any later lesson puts one on the board. Each
// position and move is checked against the rules by the tests (every
// accepted move, reply and refutation legal; every step solvable; every
// wrong try answered; every rule a text states, TestRuleClaims; every
// practice position won by the engine against the lesson's level). The
// player has White throughout; texts are message IDs of package text
// ("lesson.<lesson>.<part>").
var course = []*Lesson{
	{
		ID: "start-and-goal", Variant: rules.Bashni,
		Title: "lesson.goal.title", Intro: "lesson.goal.intro",
		Steps: []Step{
			{
				FEN:  "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
				Goal: PlayAny, Text: "lesson.goal.step1",
				Replies: map[string]string{"*": "b6-a5"},
				Praise:  "lesson.goal.praise1",
			},
			{
				FEN: "W:Wc3:Bd4", Goal: Block, Text: "lesson.goal.step2",
				Accept: []string{"c3:e5"},
				Praise: "lesson.goal.praise2",
			},
			{
				FEN: "W:Wa3,c3:Ba5", Goal: Block, Text: "lesson.goal.step3",
				Accept: []string{"a3-b4"},
				Praise: "lesson.goal.praise3",
			},
			practice("W:Wc3,e3,g3:Bb6", Win),
		},
	},
	{
		ID: "men-move-forward", Variant: rules.Bashni,
		Title: "lesson.forward.title", Intro: "lesson.forward.intro",
		Steps: []Step{
			{
				FEN: "W:Wc3:Bf8", Goal: PlayAny, Text: "lesson.forward.step1",
				Replies: map[string]string{"*": "f8-g7"},
				Praise:  "lesson.forward.praise1",
			},
			{
				Goal: PlayAny, Text: "lesson.forward.step2",
				Praise: "lesson.forward.praise2",
			},
			{
				FEN: "W:Wa1,b2,a3,c3:Bh8", Goal: PlayAny, Text: "lesson.forward.step3",
				Praise: "lesson.forward.praise3",
			},
			practice("W:Wc3,g3:Bd8,f8", Crown),
		},
	},
	{
		ID: "capture-compulsory", Variant: rules.Bashni,
		Title: "lesson.capture.title", Intro: "lesson.capture.intro",
		Steps: []Step{
			{
				FEN: "W:Wc3,g3:Bd4,h8", Goal: PlayOne, Text: "lesson.capture.step1",
				Accept:  []string{"c3:e5"},
				Replies: map[string]string{"c3:e5": "h8-g7"},
				Praise:  "lesson.capture.praise1",
			},
			{
				FEN: "W:Wd4:Bc5,e5,h8", Goal: PlayAny, Text: "lesson.capture.step3",
				Praise: "lesson.capture.praise3",
			},
			{
				FEN: "W:Wa3,e3:Bb4,d6,f4,f8", Goal: PlayOne, Text: "lesson.capture.step2",
				Accept:      []string{"e3:g5"},
				Refutations: map[string]string{"a3:c5:e7": "f8:d6"},
				WrongText:   "lesson.capture.wrong2",
				Praise:      "lesson.capture.praise2",
			},
			practice("W:Wc3,e3,g3:Bd6,f6", Win),
		},
	},
	{
		ID: "captured-goes-under", Variant: rules.Bashni,
		Title: "lesson.under.title", Intro: "lesson.under.intro",
		Steps: []Step{
			{
				FEN: "W:Wc3:Bd4,h8", Goal: PlayOne, Text: "lesson.under.step1",
				Accept:  []string{"c3:e5"},
				Replies: map[string]string{"c3:e5": "h8-g7"},
				Praise:  "lesson.under.praise1",
			},
			{
				Goal: PlayAny, Text: "lesson.under.step2",
				Praise: "lesson.under.praise2",
			},
			{
				FEN: "W:We5-0/0:Bf6,b8", Goal: PlayOne, Text: "lesson.under.step3",
				Accept: []string{"e5:g7"},
				Praise: "lesson.under.praise3",
			},
			practice("W:Wc3-0/0,e3,g3:Bd6,h6", Win),
		},
	},
	{
		ID: "top-only", Variant: rules.Bashni,
		Title: "lesson.top.title", Intro: "lesson.top.intro",
		Steps: []Step{
			{
				FEN: "W:Wc3,h4:Bd4-0/0,g5", Goal: PlayOne, Text: "lesson.top.step1",
				Accept:     []string{"c3:e5"},
				WrongText:  "lesson.top.wrong1",
				WrongMarks: []string{"d4"},
				Replies:    map[string]string{"c3:e5": "g5-f4"},
				Praise:     "lesson.top.praise1",
			},
			{
				FEN: "W:Wa3,e3:Bb4-00/0,f4-0/000,h8", Goal: PlayOne, Text: "lesson.top.step2",
				Accept:     []string{"e3:g5"},
				WrongText:  "lesson.top.wrong2",
				WrongMarks: []string{"b4", "f4"},
				Praise:     "lesson.top.praise2",
			},
			{
				FEN: "W:Wc3,e3:Bd4-0/00,f4,h8", Goal: PlayOne, Text: "lesson.top.step3",
				Accept:     []string{"c3:e5:g3", "e3:c5"},
				WrongText:  "lesson.top.wrong3",
				WrongMarks: []string{"d4"},
				Praise:     "lesson.top.praise3",
			},
			practice("W:We3,g3:Bd4-0/00,h6", Win),
		},
	},
	{
		ID: "flying-king", Variant: rules.Bashni,
		Title: "lesson.king.title", Intro: "lesson.king.intro",
		Steps: []Step{
			{
				FEN: "W:Wg7:Ba5", Goal: PlayAny, Text: "lesson.king.step1",
				Replies: map[string]string{"*": "a5-b4"},
				Praise:  "lesson.king.praise1",
			},
			{
				FEN: "W:Wh8-1:Bb4", Goal: PlayOne, Text: "lesson.king.step2",
				Accept:     []string{"h8-a1"},
				WrongText:  "lesson.king.wrong2",
				WrongMarks: []string{"a1"},
				Replies:    map[string]string{"h8-a1": "b4-c3"},
				Praise:     "lesson.king.praise2",
			},
			{
				Goal: PlayAny, Text: "lesson.king.step3",
				Praise: "lesson.king.praise3",
			},
			practice("W:Wa1-1,c3:Bd6,f6", Win),
		},
	},
	{
		ID: "buried-king", Variant: rules.Bashni,
		Title: "lesson.buried.title", Intro: "lesson.buried.intro",
		Steps: []Step{
			{
				FEN: "W:Wc3:Bd4-0/1,b6,h8", Goal: PlayOne, Text: "lesson.buried.step1",
				Accept:  []string{"c3:e5"},
				Replies: map[string]string{"c3:e5": "h8-g7"},
				Praise:  "lesson.buried.praise1",
			},
			{
				Goal: PlayOne, Text: "lesson.buried.step2",
				Accept: []string{"d4:a7"},
				Praise: "lesson.buried.praise2",
			},
			{
				FEN: "W:Wc7-0/0,h2:Bh8", Goal: PlayOne, Text: "lesson.buried.step3",
				Accept:     []string{"c7-d8", "c7-b8"},
				WrongText:  "lesson.buried.wrong3",
				WrongMarks: []string{"c7"},
				Praise:     "lesson.buried.praise3",
			},
			{
				FEN: "W:Wc3-01:Bh8", Goal: PlayAny, Text: "lesson.buried.step4",
				Praise: "lesson.buried.praise4",
			},
			practice("W:Wc3:Bd4-0/1,f6,h6", Win),
		},
	},
	{
		ID: "chains-turkish-strike", Variant: rules.Bashni,
		Title: "lesson.chain.title", Intro: "lesson.chain.intro",
		Steps: []Step{
			{
				FEN: "W:Wa3:Bb4,d6,f6,h8", Goal: PlayOne, Text: "lesson.chain.step1",
				Accept: []string{"a3:c5:e7:g5"},
				Praise: "lesson.chain.praise1",
			},
			{
				FEN: "W:Wh4:Bb2,e5,g5,g7", Goal: PlayOne, Text: "lesson.chain.step2",
				Accept:     []string{"h4:f6:h8"},
				WrongText:  "lesson.chain.wrong2",
				WrongMarks: []string{"h8"},
				Praise:     "lesson.chain.praise2",
			},
			{
				FEN: "W:Wa1-1:Bc3,f4,d6,h8", Goal: PlayAny, Text: "lesson.chain.step3",
				Praise: "lesson.chain.praise3",
			},
			practice("W:Wc3,e3,g3:Bd6,f6,b6", Win),
		},
	},
	{
		ID: "promotion-in-capture", Variant: rules.Bashni,
		Title: "lesson.crown.title", Intro: "lesson.crown.intro",
		Steps: []Step{
			{
				FEN: "W:Wb6:Ba3,c7,f6", Goal: PlayAny, Text: "lesson.crown.step1",
				Praise: "lesson.crown.praise1",
			},
			{
				FEN: "W:Wf6:Be7,b6,g7,h2", Goal: PlayOne, Text: "lesson.crown.step2",
				Accept:     []string{"f6:d8:a5"},
				WrongText:  "lesson.crown.wrong2",
				WrongMarks: []string{"d8"},
				Praise:     "lesson.crown.praise2",
			},
			{
				FEN: "W:Wb6:Bc7,f6,d2,h8", Goal: PlayOne, Text: "lesson.crown.step3",
				Accept: []string{"b6:d8:g5:c1"},
				Praise: "lesson.crown.praise3",
			},
			practice("W:Wc5,e5:Bd6,h8", Crown),
		},
	},
	{
		ID: "king-landing", Variant: rules.Bashni,
		Title: "lesson.landing.title", Intro: "lesson.landing.intro",
		Steps: []Step{
			{
				FEN: "W:Wa1-1:Bc3,f4,b8", Goal: PlayAny, Text: "lesson.landing.step1",
				Praise: "lesson.landing.praise1",
			},
			{
				FEN: "W:Wh2-1:Bf4,c3,h8", Goal: PlayAny, Text: "lesson.landing.step2",
				Praise: "lesson.landing.praise2",
			},
			{
				FEN: "W:Wa1-1:Bc3,f4,f2,b8", Goal: PlayOne, Text: "lesson.landing.step3",
				Accept:     []string{"a1:e5:g3:e1"},
				WrongText:  "lesson.landing.wrong3",
				WrongMarks: []string{"e5", "g3"},
				Praise:     "lesson.landing.praise3",
			},
			practice("W:Wa1-1,e1:Bc7,e7,h6", Win),
		},
	},
	{
		ID: "win-by-blocking", Variant: rules.Bashni,
		Title: "lesson.block.title", Intro: "lesson.block.intro",
		Steps: []Step{
			{
				FEN: "W:Wa5,c5,f6,g7:Ba7,h8", Goal: Block, Text: "lesson.block.step1",
				Accept: []string{"a5-b6"},
				Praise: "lesson.block.praise1",
			},
			{
				FEN: "W:Wc3,f6,g7:Bd4-0/0,h8", Goal: Block, Text: "lesson.block.step2",
				Accept: []string{"c3:e5"},
				Praise: "lesson.block.praise2",
			},
			{
				FEN: "W:Wd8-1,c5,f6,g7:Ba7,h8", Goal: Block, Text: "lesson.block.step3",
				Accept: []string{"d8-b6"},
				Praise: "lesson.block.praise3",
			},
			practice("W:Wa5,c5,g5:Ba7,h8", Win),
		},
	},
	{
		ID: "draws", Variant: rules.Bashni,
		Title: "lesson.draw.title", Intro: "lesson.draw.intro",
		Steps: []Step{
			{
				FEN:    "W:We5-1:Ba7-1",
				Before: []string{"e5-h2", "a7-b8", "h2-g1", "b8-a7", "g1-h2", "a7-b8", "h2-g1", "b8-a7"},
				Goal:   Draw, Text: "lesson.draw.step1",
				Accept:    []string{"g1-h2"},
				WrongText: "lesson.draw.wrong1",
				Praise:    "lesson.draw.praise1",
			},
			{
				FEN: "W:Wh2-1,c3:Ba7-1,h8:H29:F40", Goal: Draw, Text: "lesson.draw.step2",
				Accept: []string{"c3-d4"},
				Praise: "lesson.draw.praise2",
			},
			{
				FEN: "W:Wg7,h2-1:Ba7-1:H29:F40", Goal: PlayOne, Text: "lesson.draw.step3",
				Accept:     []string{"g7-h8", "g7-f8"},
				WrongText:  "lesson.draw.wrong3",
				WrongMarks: []string{"g7"},
				Praise:     "lesson.draw.praise3",
			},
			practice("W:Wc3,e3,g3:Bd6,h6:H14:F30", Win).saying("lesson.draw.practice"),
		},
	},
	{
		ID: "first-strategy", Variant: rules.Bashni,
		Title: "lesson.plan.title", Intro: "lesson.plan.intro",
		Steps: []Step{
			{
				FEN: "W:Wd4-0/000,d2,h2:Bc5,b6,f6,h8", Goal: PlayOne, Text: "lesson.plan.step1",
				Accept:      []string{"d2-e3"},
				Refutations: map[string]string{"d4-e5": "f6:d4", "d2-c3": "c5:e3", "h2-g3": "c5:e3:c1"},
				WrongText:   "lesson.plan.wrong1",
				Praise:      "lesson.plan.praise1",
			},
			{
				FEN: "W:Wa3,e3:Bb4,f4-0/00,h8", Goal: PlayOne, Text: "lesson.plan.step2",
				Accept:     []string{"e3:g5"},
				WrongText:  "lesson.plan.wrong2",
				WrongMarks: []string{"f4"},
				Praise:     "lesson.plan.praise2",
			},
			{
				FEN: "W:Wc3,d2,e1:Be5,h8", Goal: PlayOne, Text: "lesson.plan.step3",
				Accept:     []string{"c3-d4"},
				WrongText:  "lesson.plan.wrong3",
				WrongMarks: []string{"d4"},
				Replies:    map[string]string{"c3-d4": "e5:c3"},
				Praise:     "lesson.plan.praise3",
			},
			{
				Goal: PlayOne, Text: "lesson.plan.step4",
				Accept: []string{"d2:b4"},
				Praise: "lesson.plan.praise4",
			},
			practice("W:Wc3-0/0,e3,g3-00:Bd6,f6-0/0", Win),
		},
	},
	{
		ID: "lasca", Variant: rules.Lasca,
		Title: "lesson.lasca.title", Intro: "lesson.lasca.intro",
		Steps: []Step{
			{
				FEN: "W:Wc3:Bb2,d4,g7", Goal: PlayOne, Text: "lesson.lasca.step1",
				Accept: []string{"c3:e5"},
				Praise: "lesson.lasca.praise1",
			},
			{
				FEN: "W:Wd4-1:Bg7", Goal: PlayAny, Text: "lesson.lasca.step2",
				Praise: "lesson.lasca.praise2",
			},
			{
				FEN: "W:Wc5:Ba1,d6,f6", Goal: PlayOne, Text: "lesson.lasca.step3",
				Accept: []string{"c5:e7"},
				Praise: "lesson.lasca.praise3",
			},
			practice("W:Wa3,c3,e3:Bc5", Win),
		},
	},
}

// All returns the lessons in course order.
func All() []*Lesson { return append([]*Lesson(nil), course...) }

// ByID finds a lesson, or returns nil.
func ByID(id string) *Lesson {
	for _, l := range course {
		if l.ID == id {
			return l
		}
	}
	return nil
}

// practice is a lesson's closing step: the position fen played out against
// the computer at level 1 until target, with the course's words for it.
func practice(fen string, target Target) Step {
	st := Step{FEN: fen, Goal: Practice, Target: target, Level: 1, Text: "lesson.practice.win", Praise: "lesson.practice.won"}
	if target == Crown {
		st.Text, st.Praise = "lesson.practice.crown", "lesson.practice.crowned"
	}
	return st
}

// saying is st with its task told by the message text instead.
func (st Step) saying(text string) Step {
	st.Text = text
	return st
}
