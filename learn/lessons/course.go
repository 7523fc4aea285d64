package lessons

import "bashni/rules"

// course is every lesson, in the order a newcomer takes them. Each position
// and move is checked against the rules by the tests (every accepted move,
// reply and refutation legal; every step solvable; every wrong try
// answered). The player has White throughout; texts are message IDs of
// package text ("lesson.<lesson>.<part>").
var course = []*Lesson{
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
				FEN: "W:Wa3,e3:Bb4,d6,f4,f8", Goal: PlayOne, Text: "lesson.capture.step2",
				Accept:      []string{"e3:g5"},
				Refutations: map[string]string{"a3:c5:e7": "f8:d6"},
				WrongText:   "lesson.capture.wrong2",
				Praise:      "lesson.capture.praise2",
			},
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
