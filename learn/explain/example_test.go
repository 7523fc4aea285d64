package explain_test

import (
	"fmt"

	"bashni/ai"
	"bashni/i18n"
	"bashni/learn/explain"
	"bashni/rules"
)

// A hint that gives a man: White plays b4-c5, Black must take it, and
// White's e3 jumps back twice, freeing the man on the way.
func ExampleTeach() {
	p, _ := rules.ParseFEN(rules.Bashni, "W:Wb4,e3,f2:Bb6,d6,h8")
	var pv []rules.Move
	q := p
	for _, s := range []string{"b4-c5", "b6:d4", "e3:c5:e7"} {
		m, _ := q.ParseMove(s)
		pv = append(pv, m)
		q = q.Play(m)
	}
	h, err := explain.Teach([]*rules.Position{p}, ai.Analysis{Best: pv[0], PV: pv, Score: 250})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range h.Line {
		fmt.Printf("%d. %v %v (%+d)\n", s.Number, s.Side, s.Move, s.Balance)
	}
	for _, l := range []i18n.Lang{i18n.English, i18n.Russian} {
		cat := i18n.New(l)
		for _, r := range h.Reasons {
			fmt.Println(r.Say(cat))
		}
	}
	// Output:
	// 1. White b4-c5 (+0)
	// 1. Black b6:d4 (-1)
	// 2. White e3:c5:e7 (+2)
	// Gives a piece and wins 3 back by move 2.
	// Отдаёт 1 шашку и к ходу 2 отыгрывает 3 шашки.
}
