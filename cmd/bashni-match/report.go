package main

import (
	"fmt"
	"math"
	"os"
	"sort"
	"strings"

	"bashni/internal/elo"
	"bashni/rules"
)

func (s *summary) report(c *config) string {
	sort.Slice(s.results, func(i, j int) bool { return s.results[i].index < s.results[j].index })
	var w, d, l int
	var asWhite, asBlack [3]int
	var scores []float64
	var faults []string
	plies := 0
	reasons := map[string]int{}
	for _, r := range s.results {
		scores = append(scores, r.score1)
		k := 1
		switch r.score1 {
		case 1:
			w++
			k = 0
		case 0:
			l++
			k = 2
		default:
			d++
		}
		if r.white == 0 {
			asWhite[k]++
		} else {
			asBlack[k]++
		}
		plies += r.plies
		for _, f := range r.faults {
			if f != "" {
				faults = append(faults, fmt.Sprintf("game %d: %s", r.index+1, f))
			}
		}
		reason := r.reason
		if strings.HasPrefix(reason, "fault") {
			reason = "fault"
		}
		reasons[reason]++
	}
	n := len(s.results)
	est, lo, hi := elo.Stats(scores)
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d games, %d openings of %d random plies (seed %d)\n", c.variant, n, n/2, c.plies, c.seed)
	fmt.Fprintf(&b, "engine 1: %s\nengine 2: %s\n", c.name[0], c.name[1])
	fmt.Fprintf(&b, "engine 1: +%d =%d -%d  score %.1f/%d (%.1f%%)\n", w, d, l, float64(w)+float64(d)/2, n, 100*(float64(w)+float64(d)/2)/math.Max(1, float64(n)))
	fmt.Fprintf(&b, "  as White +%d =%d -%d, as Black +%d =%d -%d\n", asWhite[0], asWhite[1], asWhite[2], asBlack[0], asBlack[1], asBlack[2])
	fmt.Fprintf(&b, "Elo of engine 1 over engine 2: %s (95%% interval %s to %s)\n", elo.Text(est), elo.Text(lo), elo.Text(hi))
	var rs []string
	for k, v := range reasons {
		rs = append(rs, fmt.Sprintf("%s %d", k, v))
	}
	sort.Strings(rs)
	fmt.Fprintf(&b, "endings: %s; average length %.0f plies\n", strings.Join(rs, ", "), float64(plies)/math.Max(1, float64(n)))
	if len(faults) == 0 {
		b.WriteString("faults: none (no crash, no illegal move, no time loss)\n")
	} else {
		fmt.Fprintf(&b, "faults: %d\n", len(faults))
		for _, f := range faults {
			b.WriteString("  " + f + "\n")
		}
	}
	return b.String()
}

// writePGN writes every game as a record of PROTOCOL.md.
func writePGN(c *config, s *summary) error {
	f, err := os.Create(c.pgn)
	if err != nil {
		return err
	}
	defer f.Close()
	for _, r := range s.results {
		g := rules.NewGame(c.variant)
		for _, m := range r.moves {
			if err := g.Play(m); err != nil {
				return err
			}
		}
		if !g.Outcome().Over() {
			// Adjudicated draws and faults end the record as agreement and
			// resignation.
			if w, ok := r.outcome.Winner(); ok {
				g.Resign(w.Opponent())
			} else {
				g.AgreeDraw()
			}
		}
		white, black := c.name[r.white], c.name[1-r.white]
		result := r.outcome.Result.Score()
		tags := []rules.Tag{
			{Name: "Event", Value: fmt.Sprintf("bashni-match game %d", r.index+1)},
			{Name: "White", Value: white},
			{Name: "Black", Value: black},
			{Name: "Variant", Value: c.variant.String()},
			{Name: "Result", Value: result},
			{Name: "Termination", Value: r.reason},
		}
		fmt.Fprintln(f, rules.FormatRecord(g, tags))
	}
	return nil
}
