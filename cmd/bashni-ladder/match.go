package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"

	"bashni/ai"
	"bashni/internal/elo"
	"bashni/rules"
)

// pairing is one match: a against b.
type pairing struct{ a, b spec }

// settings are the match conditions shared by every pairing.
type settings struct {
	variant  rules.Variant
	games    int    // per pairing, even: each opening with both colours
	plies    int    // random plies of each opening
	seed     uint64 // of the openings and the players
	maxPlies int    // a game still going after this many plies is a draw
	workers  int    // games played at once
	// fair, if not zero, keeps only openings that a search of fairNodes
	// nodes scores within fair centipawns of even: random plies can leave
	// a side lost while the pieces are even (a man walked into a shot).
	fair int
}

// fairNodes is the search that judges an opening.
const fairNodes = 50_000

// game is the outcome of one game from a's view.
type game struct {
	index   int
	aWhite  bool
	score   float64 // 1, ½ or 0 for a
	plies   int
	reason  string
	illegal string // a move that was not legal, if any (the mover loses)
	record  string // the game in the notation of PROTOCOL.md
}

// openings returns n openings of plies random plies, each leaving both
// sides the same number of pieces (so that no opening starts a game won)
// and, if fair is not zero, scored within fair centipawns of even.
func openings(v rules.Variant, n, plies int, seed uint64, fair int) [][]rules.Move {
	rng := rand.New(rand.NewPCG(seed, 0x6f70656e))
	var judge *ai.Engine
	if fair > 0 {
		judge = ai.NewEngine(ai.Options{HashMiB: 8})
	}
	var out [][]rules.Move
	for len(out) < n {
		g := rules.NewGame(v)
		for g.Ply() < plies && !g.Outcome().Over() {
			ms := g.LegalMoves()
			if err := g.Play(ms[rng.IntN(len(ms))]); err != nil {
				panic(err) // a legal move of package rules
			}
		}
		if g.Outcome().Over() || !balanced(g.Position()) {
			continue
		}
		if judge != nil {
			judge.NewGame()
			r := judge.Search(context.Background(), g.History(), ai.Limits{Nodes: fairNodes}, nil)
			if r.Score > fair || r.Score < -fair {
				continue
			}
		}
		out = append(out, append([]rules.Move(nil), g.Moves()...))
	}
	return out
}

// balanced reports whether both sides own the same number of pieces
// (their own layers, wherever they stand).
func balanced(p *rules.Position) bool {
	var own [2]int
	for sq := rules.Square(0); sq < 64; sq++ {
		if !p.Variant().Playable(sq) {
			continue
		}
		c := p.Column(sq)
		for i := 0; i < c.Height(); i++ {
			own[c.Piece(i).Color()]++
		}
	}
	return own[0] == own[1]
}

// play plays the games of one pairing, workers at a time, and returns them
// in order. progress, if not nil, sees every game as it ends.
func play(pr pairing, s settings, progress func(game)) []game {
	ops := openings(s.variant, (s.games+1)/2, s.plies, s.seed, s.fair)
	out := make([]game, 2*len(ops))
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for w := 0; w < max(1, s.workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				g := playOne(pr, s, ops[i/2], i)
				out[i] = g
				if progress != nil {
					mu.Lock()
					progress(g)
					mu.Unlock()
				}
			}
		}()
	}
	for i := range out {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return out
}

// playOne plays game i: opening op, a White in even games. Every player is
// made for this game with seeds of its own.
func playOne(pr pairing, s settings, op []rules.Move, i int) (r game) {
	base := s.seed*1_000_003 + uint64(i)*2
	players := [2]player{newPlayer(pr.a, base+1), newPlayer(pr.b, base+2)}
	aWhite := i%2 == 0
	g := rules.NewGame(s.variant)
	for _, m := range op {
		if err := g.Play(m); err != nil {
			panic(err) // the opening was played legally once already
		}
	}
	r = game{index: i, aWhite: aWhite}
	defer func() { r.record = record(g, pr, s, i, aWhite) }()
	for !g.Outcome().Over() && g.Ply() < s.maxPlies {
		side := g.Position().SideToMove()
		who := 1
		if (side == rules.White) == aWhite {
			who = 0
		}
		m := players[who].move(g.History())
		if err := g.Play(m); err != nil {
			r.illegal = fmt.Sprintf("%s played %v at ply %d: %v", []spec{pr.a, pr.b}[who], m, g.Ply()+1, err)
			r.score = float64(who) // the other player wins
			r.plies = g.Ply()
			r.reason = "illegal move"
			return r
		}
	}
	r.plies = g.Ply()
	o := g.Outcome()
	if !o.Over() {
		r.score, r.reason = 0.5, "adjudicated draw"
		return r
	}
	r.reason = o.Status()
	if w, ok := o.Winner(); !ok {
		r.score = 0.5
	} else if (w == rules.White) == aWhite {
		r.score = 1
	}
	return r
}

// record writes game i as a record (PROTOCOL.md); a game stopped by the
// ply limit or an illegal move ends as an agreed draw or a resignation.
func record(g *rules.Game, pr pairing, s settings, i int, aWhite bool) string {
	white, black := pr.a.String(), pr.b.String()
	if !aWhite {
		white, black = black, white
	}
	tags := []rules.Tag{
		{Name: "Event", Value: fmt.Sprintf("bashni-ladder %v vs %v, seed %d, game %d", pr.a, pr.b, s.seed, i+1)},
		{Name: "White", Value: white},
		{Name: "Black", Value: black},
	}
	return rules.FormatRecord(g, tags)
}

// tally is a pairing's result from a's view.
type tally struct {
	w, d, l           int
	white, black      [3]int // a's wins, draws, losses with each colour
	plies             int
	illegal           []string
	elo, elolo, elohi float64
}

func count(gs []game) tally {
	var t tally
	scores := make([]float64, 0, len(gs))
	for _, g := range gs {
		k := 1
		switch g.score {
		case 1:
			t.w, k = t.w+1, 0
		case 0:
			t.l, k = t.l+1, 2
		default:
			t.d++
		}
		if g.aWhite {
			t.white[k]++
		} else {
			t.black[k]++
		}
		t.plies += g.plies
		if g.illegal != "" {
			t.illegal = append(t.illegal, g.illegal)
		}
		scores = append(scores, g.score)
	}
	t.elo, t.elolo, t.elohi = elo.Stats(scores)
	return t
}

func (t tally) games() int { return t.w + t.d + t.l }

func (t tally) score() float64 { return float64(t.w) + float64(t.d)/2 }
