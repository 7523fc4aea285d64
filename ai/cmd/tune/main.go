// Command tune fits the evaluation weights of package ai to game results
// (Texel's method) and checks the fit by matches. See ai/TUNING.md.
//
//	tune gen   -variant bashni -games 2000 -nodes 4000 -out games.txt
//	    plays fast self-play games and writes every quiet position (the side
//	    to move has no capture) with the game's result, one "FEN;result" a
//	    line (result from White's view: 1, 0.5 or 0);
//	tune fit   -variant bashni -data games.txt -out weights.go
//	    fits the weights: minimises the mean squared error between the
//	    result and sigmoid(eval) over the positions, by Adam on the
//	    (linear) evaluation, and writes them as Go source;
//	tune match -variant bashni -games 200 -nodes 20000 -a initial -b tuned
//	    plays the two weight sets against each other on shared openings.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"go/format"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"bashni/ai"
	"bashni/rules"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: tune gen|fit|match [flags]")
		os.Exit(2)
	}
	cmd, args := os.Args[1], os.Args[2:]
	switch cmd {
	case "gen":
		gen(args)
	case "fit":
		fit(args)
	case "match":
		match(args)
	default:
		fmt.Fprintln(os.Stderr, "usage: tune gen|fit|match [flags]")
		os.Exit(2)
	}
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "tune:", err)
		os.Exit(1)
	}
}

func variantFlag(fs *flag.FlagSet) *string {
	return fs.String("variant", "bashni", "bashni or lasca")
}

// gen plays self-play games and writes quiet positions with results.
func gen(args []string) {
	fs := flag.NewFlagSet("gen", flag.ExitOnError)
	vname := variantFlag(fs)
	games := fs.Int("games", 1000, "games to play")
	nodes := fs.Int64("nodes", 4000, "nodes a move")
	out := fs.String("out", "games.txt", "output file")
	seed := fs.Uint64("seed", 1, "random seed")
	workers := fs.Int("workers", 1, "games played at once")
	must(fs.Parse(args))
	v, err := rules.ParseVariant(*vname)
	must(err)
	f, err := os.Create(*out)
	must(err)
	defer f.Close()
	w := bufio.NewWriter(f)
	defer w.Flush()
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := 0
	positions, results := 0, [3]int{}
	start := time.Now()
	for k := 0; k < *workers; k++ {
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			e := ai.NewEngine(ai.Options{HashMiB: 8, Seed: *seed*1000 + uint64(k)})
			rng := rand.New(rand.NewPCG(*seed, uint64(k)))
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= *games {
					return
				}
				fens, res := selfPlay(e, rng, v, *nodes)
				mu.Lock()
				for _, fen := range fens {
					fmt.Fprintf(w, "%s;%s\n", fen, res)
				}
				positions += len(fens)
				switch res {
				case "1":
					results[0]++
				case "0.5":
					results[1]++
				default:
					results[2]++
				}
				if (i+1)%100 == 0 {
					fmt.Fprintf(os.Stderr, "%d games, %d positions, W/D/B %v, %v\n", i+1, positions, results, time.Since(start).Round(time.Second))
				}
				mu.Unlock()
			}
		}(k)
	}
	wg.Wait()
	fmt.Fprintf(os.Stderr, "done: %d games, %d positions, White wins/draws/Black wins %v, %v\n", *games, positions, results, time.Since(start).Round(time.Second))
}

// selfPlay plays one game: 2–9 random plies, then the engine at a small node
// budget with some randomness among near-equal moves, and returns the quiet
// positions after the opening and the result.
func selfPlay(e *ai.Engine, rng *rand.Rand, v rules.Variant, nodes int64) ([]string, string) {
	e.NewGame()
	g := rules.NewGame(v)
	random := 2 + rng.IntN(8)
	lv := ai.Level{Nodes: nodes, Margin: 15, OpeningPlies: 20, OpeningMargin: 40}
	var fens []string
	for g.Ply() < 300 && !g.Outcome().Over() {
		p := g.Position()
		var m rules.Move
		if g.Ply() < random {
			ms := g.LegalMoves()
			m = ms[rng.IntN(len(ms))]
		} else {
			if len(p.AppendCaptures(nil)) == 0 {
				fens = append(fens, p.FEN())
			}
			m = e.Play(context.Background(), g.History(), lv, ai.Limits{}, nil).Best
		}
		must(g.Play(m))
	}
	switch g.Outcome().Result {
	case rules.WhiteWins:
		return fens, "1"
	case rules.BlackWins:
		return fens, "0"
	}
	return fens, "0.5"
}

// sample is one position's features and result from the side to move's view.
type sample struct {
	f ai.FeatureVector
	y float64
}

func load(path string, v rules.Variant) []sample {
	f, err := os.Open(path)
	must(err)
	defer f.Close()
	var out []sample
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fen, res, ok := strings.Cut(sc.Text(), ";")
		if !ok {
			continue
		}
		p, err := rules.ParseFEN(v, fen)
		must(err)
		y, err := strconv.ParseFloat(res, 64)
		must(err)
		if p.SideToMove() == rules.Black {
			y = 1 - y
		}
		out = append(out, sample{ai.Features(p), y})
	}
	must(sc.Err())
	return out
}

// The weights as one vector: for each scalar feature and each man square,
// a middlegame and an endgame weight.
const nParams = 2 * (ai.NumScalar + 32)

func toVector(w *ai.Weights) []float64 {
	x := make([]float64, 0, nParams)
	for i := range w.Scalar {
		x = append(x, float64(w.Scalar[i][0]), float64(w.Scalar[i][1]))
	}
	for i := range w.Man {
		x = append(x, float64(w.Man[i][0]), float64(w.Man[i][1]))
	}
	return x
}

func fromVector(x []float64) *ai.Weights {
	w := &ai.Weights{}
	k := 0
	for i := range w.Scalar {
		w.Scalar[i] = [2]int32{int32(math.Round(x[k])), int32(math.Round(x[k+1]))}
		k += 2
	}
	for i := range w.Man {
		w.Man[i] = [2]int32{int32(math.Round(x[k])), int32(math.Round(x[k+1]))}
		k += 2
	}
	return w
}

// inputs spreads a sample's features over the parameter vector.
func inputs(s *sample, buf []float64) []float64 {
	buf = buf[:0]
	mg := float64(s.f.Phase) / 24
	eg := 1 - mg
	for _, v := range s.f.Scalar {
		buf = append(buf, float64(v)*mg, float64(v)*eg)
	}
	for _, v := range s.f.Man {
		buf = append(buf, float64(v)*mg, float64(v)*eg)
	}
	return buf
}

func sigmoid(e, k float64) float64 { return 1 / (1 + math.Exp(-k*e)) }

// loss is the mean squared error of the predictions.
func loss(data []sample, x []float64, k float64) float64 {
	var sum float64
	buf := make([]float64, 0, nParams)
	for i := range data {
		in := inputs(&data[i], buf)
		var e float64
		for j, v := range in {
			e += v * x[j]
		}
		d := data[i].y - sigmoid(e, k)
		sum += d * d
	}
	return sum / float64(len(data))
}

func fit(args []string) {
	fs := flag.NewFlagSet("fit", flag.ExitOnError)
	vname := variantFlag(fs)
	data := fs.String("data", "games.txt", "positions with results (tune gen)")
	out := fs.String("out", "", "write the weights as Go source here (ai/weights_<variant>.go)")
	jsonOut := fs.String("json", "", "also write them as JSON here (for tune match -a json:FILE)")
	epochs := fs.Int("epochs", 300, "passes of Adam over the data")
	lambda := fs.Float64("l2", 1e-7, "L2 penalty on square-table weights")
	holdout := fs.Float64("holdout", 0.1, "share of games' positions kept aside to check the fit")
	must(fs.Parse(args))
	v, err := rules.ParseVariant(*vname)
	must(err)
	all := load(*data, v)
	// Hold out a fixed, evenly spread share to check for over-fitting.
	var train, test []sample
	step := int(math.Max(2, 1 / *holdout))
	for i := range all {
		if i%step == 0 {
			test = append(test, all[i])
		} else {
			train = append(train, all[i])
		}
	}
	fmt.Fprintf(os.Stderr, "%d positions: %d to fit, %d held out\n", len(all), len(train), len(test))
	x := toVector(ai.InitialWeights(v))
	// The scale K of the sigmoid, fitted for the initial weights.
	k := 0.004
	best := loss(train, x, k)
	for _, kk := range []float64{0.001, 0.0015, 0.002, 0.0025, 0.003, 0.004, 0.005, 0.006, 0.008, 0.01, 0.012} {
		if l := loss(train, x, kk); l < best {
			best, k = l, kk
		}
	}
	fmt.Fprintf(os.Stderr, "K = %.4f; initial loss %.5f (held out %.5f)\n", k, best, loss(test, x, k))
	// Adam on mini-batches.
	m := make([]float64, nParams)
	vv := make([]float64, nParams)
	const lr, b1, b2, eps = 1.0, 0.9, 0.999, 1e-8
	batch := 4096
	t := 0
	rng := rand.New(rand.NewPCG(1, 1))
	grad := make([]float64, nParams)
	buf := make([]float64, 0, nParams)
	scalarParams := 2 * ai.NumScalar
	workers := runtime.GOMAXPROCS(0)
	_ = workers
	for ep := 0; ep < *epochs; ep++ {
		rng.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
		for s := 0; s < len(train); s += batch {
			end := min(s+batch, len(train))
			clear(grad)
			for i := s; i < end; i++ {
				in := inputs(&train[i], buf)
				var e float64
				for j, v := range in {
					e += v * x[j]
				}
				p := sigmoid(e, k)
				g := -2 * (train[i].y - p) * p * (1 - p) * k
				for j, v := range in {
					if v != 0 {
						grad[j] += g * v
					}
				}
			}
			n := float64(end - s)
			t++
			for j := range x {
				gj := grad[j] / n
				if j >= scalarParams {
					gj += 2 * *lambda * x[j]
				}
				m[j] = b1*m[j] + (1-b1)*gj
				vv[j] = b2*vv[j] + (1-b2)*gj*gj
				mh := m[j] / (1 - math.Pow(b1, float64(t)))
				vh := vv[j] / (1 - math.Pow(b2, float64(t)))
				x[j] -= lr * mh / (math.Sqrt(vh) + eps)
			}
		}
		if ep%20 == 19 || ep == *epochs-1 {
			fmt.Fprintf(os.Stderr, "epoch %d: loss %.5f, held out %.5f\n", ep+1, loss(train, x, k), loss(test, x, k))
		}
	}
	// Put the scores back in centipawns: the mean weight of a man on top is
	// 100, and K scales the other way, so the predictions do not change.
	scale := 200 / (x[2*0] + x[2*0+1]) // fTopMan is the first scalar feature
	for j := range x {
		x[j] *= scale
	}
	k /= scale
	fmt.Fprintf(os.Stderr, "scaled by %.3f to a man of 100: K = %.5f\n", scale, k)
	w := fromVector(x)
	fmt.Fprintf(os.Stderr, "final: loss %.5f, held out %.5f (rounded weights)\n", loss(train, toVector(w), k), loss(test, toVector(w), k))
	if *jsonOut != "" {
		b, err := json.Marshal(w)
		must(err)
		must(os.WriteFile(*jsonOut, b, 0o644))
	}
	src := goSource(v, w)
	if *out == "" {
		fmt.Print(src)
		return
	}
	must(os.WriteFile(*out, []byte(src), 0o644))
}

// goSource writes the weights as a Go file of package ai declaring the
// variable the engine uses (ai/weights_<variant>.go).
func goSource(v rules.Variant, w *ai.Weights) string {
	var b strings.Builder
	name := "tuned" + v.String()
	fmt.Fprintf(&b, "// Code generated by ai/cmd/tune fit -variant %s (TUNING.md); DO NOT EDIT.\n\npackage ai\n\n", strings.ToLower(v.String()))
	fmt.Fprintf(&b, "// %s are the evaluation weights of %s fitted by ai/cmd/tune (see TUNING.md).\n", name, v)
	fmt.Fprintf(&b, "var %s = Weights{\n\tScalar: [nScalar][2]int32{\n", name)
	for i := range w.Scalar {
		fmt.Fprintf(&b, "\t\tf%s: {%d, %d},\n", ai.FeatureName(i), w.Scalar[i][0], w.Scalar[i][1])
	}
	b.WriteString("\t},\n\tMan: [maxSquares][2]int32{\n")
	sqs := v.Squares()
	for i := range w.Man {
		if i >= len(sqs) {
			break
		}
		fmt.Fprintf(&b, "\t\t{%d, %d}, // %v\n", w.Man[i][0], w.Man[i][1], sqs[i])
	}
	b.WriteString("\t},\n}\n")
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		panic(fmt.Sprintf("the weights' Go source does not parse: %v", err))
	}
	return string(src)
}

// match plays weight sets a and b against each other in-process.
func match(args []string) {
	fs := flag.NewFlagSet("match", flag.ExitOnError)
	vname := variantFlag(fs)
	games := fs.Int("games", 200, "games (each opening twice, colours swapped)")
	nodes := fs.Int64("nodes", 20000, "nodes a move")
	plies := fs.Int("openings", 6, "random plies of each opening")
	seed := fs.Uint64("seed", 7, "random seed of the openings")
	a := fs.String("a", "initial", "weights of engine A: initial, tuned, material or json:FILE")
	bw := fs.String("b", "tuned", "weights of engine B")
	workers := fs.Int("workers", 1, "games played at once")
	must(fs.Parse(args))
	v, err := rules.ParseVariant(*vname)
	must(err)
	opts := func(name string, seed uint64) ai.Options {
		o := ai.Options{HashMiB: 16, Seed: seed}
		switch {
		case strings.HasPrefix(name, "json:"):
			b, err := os.ReadFile(strings.TrimPrefix(name, "json:"))
			must(err)
			w := &ai.Weights{}
			must(json.Unmarshal(b, w))
			o.Weights[v] = w
		case name == "initial":
			o.Weights[v] = ai.InitialWeights(v)
		case name == "tuned":
		case name == "material":
			o.MaterialOnly = true
		default:
			must(fmt.Errorf("unknown weights %q", name))
		}
		return o
	}
	rng := rand.New(rand.NewPCG(*seed, 3))
	var ops [][]rules.Move
	for len(ops) < *games/2 {
		g := rules.NewGame(v)
		for g.Ply() < *plies && !g.Outcome().Over() {
			ms := g.LegalMoves()
			must(g.Play(ms[rng.IntN(len(ms))]))
		}
		if !g.Outcome().Over() {
			ops = append(ops, append([]rules.Move(nil), g.Moves()...))
		}
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := 0
	var wins, draws, losses int
	var scores []float64
	for k := 0; k < *workers; k++ {
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			ea := ai.NewEngine(opts(*a, uint64(k)))
			eb := ai.NewEngine(opts(*bw, uint64(k)+100))
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(ops)*2 {
					return
				}
				ea.NewGame()
				eb.NewGame()
				g := rules.NewGame(v)
				for _, m := range ops[i/2] {
					must(g.Play(m))
				}
				engines := [2]*ai.Engine{ea, eb} // White, Black
				if i%2 == 1 {
					engines = [2]*ai.Engine{eb, ea}
				}
				for g.Ply() < 400 && !g.Outcome().Over() {
					e := engines[g.Position().SideToMove()]
					r := e.Search(context.Background(), g.History(), ai.Limits{Nodes: *nodes}, nil)
					must(g.Play(r.Best))
				}
				// Score of B.
				s := 0.5
				if w, ok := g.Outcome().Winner(); ok {
					s = 0
					if (w == rules.White) == (i%2 == 1) {
						s = 1
					}
				}
				mu.Lock()
				scores = append(scores, s)
				switch s {
				case 1:
					wins++
				case 0:
					losses++
				default:
					draws++
				}
				if len(scores)%20 == 0 {
					fmt.Fprintf(os.Stderr, "%d games: B (%s) +%d =%d -%d\n", len(scores), *bw, wins, draws, losses)
				}
				mu.Unlock()
			}
		}(k)
	}
	wg.Wait()
	n := float64(len(scores))
	mean := (float64(wins) + float64(draws)/2) / n
	var vs float64
	for _, s := range scores {
		vs += (s - mean) * (s - mean)
	}
	se := math.Sqrt(vs/n) / math.Sqrt(n)
	elo := func(p float64) float64 {
		p = math.Min(math.Max(p, 1e-3), 1-1e-3)
		return -400 * math.Log10(1/p-1)
	}
	fmt.Printf("%v, %d games at %d nodes a move: B (%s) vs A (%s): +%d =%d -%d, score %.1f%%, Elo %+.0f ± %.0f\n",
		v, len(scores), *nodes, *bw, *a, wins, draws, losses, 100*mean, elo(mean), (elo(mean+1.96*se)-elo(mean-1.96*se))/2)
}
