package analysis

import (
	"errors"
	"fmt"
	"strconv"

	"bashni/ai"
	"bashni/rules"
)

// Tree is what the analysis board explores: the game's moves (the main
// line) and the variations the player tries from any position of it. A
// move played on the board from the position shown either follows a move
// already in the tree or starts a branch; the main line never changes.
//
// Positions searched later (by the report of the whole game, or by the
// screen's engine for a position off the main line) are kept on their
// nodes (SetEval), so the move list shows marks on branch moves too and
// the board the best move of every position shown.
//
// A Tree is not safe for concurrent use: the screen owns it on its frame
// loop and hands searches positions and histories (History), never nodes.
type Tree struct {
	root *Node
	cur  *Node
}

// Node is one position of the tree and the move that led to it.
type Node struct {
	Move     rules.Move // the move from Parent (zero at the root)
	Position *rules.Position
	Parent   *Node
	// Children are the moves played from here; on the main line the
	// first is the game's next move.
	Children []*Node
	Ply      int  // moves from the start
	Main     bool // on the game's main line
	// Eval is the search of this position, once there is one.
	Eval *Eval
	// visited is the child last shown, so that Forward after Back goes
	// back into the line the player came from.
	visited *Node
}

// Eval is a search of one position.
type Eval struct {
	Score int        // centipawns from White's view (ai's forced-win scores kept)
	Best  rules.Move // the best move (zero when the game is over here)
	PV    []rules.Move
	Depth int
}

// NewTree makes the tree of a game: its start and its moves, the current
// position the start. An illegal move is an error naming it.
func NewTree(start *rules.Position, moves []rules.Move) (*Tree, error) {
	if start == nil {
		return nil, errors.New("analysis: a tree needs a start position")
	}
	root := &Node{Position: start, Main: true}
	t := &Tree{root: root, cur: root}
	n := root
	for i, m := range moves {
		if !isLegal(n.Position, m) {
			return nil, fmt.Errorf("analysis: move %d (%v) is not legal in %s", i+1, m, n.Position.FEN())
		}
		c := &Node{Move: m, Position: n.Position.Play(m), Parent: n, Ply: n.Ply + 1, Main: true}
		n.Children = append(n.Children, c)
		n = c
	}
	return t, nil
}

func isLegal(p *rules.Position, m rules.Move) bool {
	for _, l := range p.LegalMoves(nil) {
		if l == m {
			return true
		}
	}
	return false
}

// Root is the start; Current the position shown.
func (t *Tree) Root() *Node    { return t.root }
func (t *Tree) Current() *Node { return t.cur }

// MainLine is the game's nodes, the start first.
func (t *Tree) MainLine() []*Node {
	var out []*Node
	for n := t.root; n != nil; n = n.mainChild() {
		out = append(out, n)
	}
	return out
}

// mainChild is the game's next node from a main-line node, or nil.
func (n *Node) mainChild() *Node {
	if len(n.Children) > 0 && n.Children[0].Main {
		return n.Children[0]
	}
	return nil
}

// Play plays m from the current position: the node of m if the tree has
// it already, else a new branch. It returns the node now current. An
// illegal move is an error and changes nothing.
func (t *Tree) Play(m rules.Move) (*Node, error) {
	for _, c := range t.cur.Children {
		if c.Move == m {
			t.show(c)
			return c, nil
		}
	}
	if !isLegal(t.cur.Position, m) {
		return nil, fmt.Errorf("analysis: %v is not legal in %s", m, t.cur.Position.FEN())
	}
	c := &Node{Move: m, Position: t.cur.Position.Play(m), Parent: t.cur, Ply: t.cur.Ply + 1}
	t.cur.Children = append(t.cur.Children, c)
	t.show(c)
	return c, nil
}

// show makes n current and remembers the way to it.
func (t *Tree) show(n *Node) {
	for a := n; a.Parent != nil; a = a.Parent {
		a.Parent.visited = a
	}
	t.cur = n
}

// GoTo shows n, which must be a node of this tree.
func (t *Tree) GoTo(n *Node) error {
	for a := n; a != nil; a = a.Parent {
		if a == t.root {
			t.show(n)
			return nil
		}
	}
	return errors.New("analysis: the node is not in this tree")
}

// Back shows the position before the current one; false at the start.
func (t *Tree) Back() bool {
	if t.cur.Parent == nil {
		return false
	}
	t.cur = t.cur.Parent
	return true
}

// Forward goes one move on along the line last shown from here (after
// Back, the way back into a branch), else the first move played from here
// (on the main line the game's move); false at the line's end.
func (t *Tree) Forward() bool {
	switch {
	case t.cur.visited != nil:
		t.cur = t.cur.visited
	case len(t.cur.Children) > 0:
		t.show(t.cur.Children[0])
	default:
		return false
	}
	return true
}

// InBranch reports whether the position shown is off the main line.
func (t *Tree) InBranch() bool { return !t.cur.Main }

// BackToMain shows the main-line position the current branch left from
// (the one tap back to the game); on the main line it does nothing.
func (t *Tree) BackToMain() *Node {
	n := t.cur
	for !n.Main {
		n = n.Parent
	}
	if n != t.cur {
		// Forward from here follows the game again, not the branch left.
		n.visited = n.mainChild()
		t.cur = n
	}
	return n
}

// History is the positions from the start to the current one, for an
// engine (repetitions count) and for rules.StatusOf.
func (t *Tree) History() []*rules.Position { return t.cur.History() }

// History is the positions from the start to n.
func (n *Node) History() []*rules.Position {
	out := make([]*rules.Position, n.Ply+1)
	for a := n; a != nil; a = a.Parent {
		out[a.Ply] = a.Position
	}
	return out
}

// Outcome is the rules' verdict on the position of n (with its history).
func (n *Node) Outcome() rules.Outcome { return rules.StatusOf(n.History()) }

// SetEval keeps a search of n's position.
func (t *Tree) SetEval(n *Node, e Eval) { n.Eval = &e }

// Fill keeps the report's searches on the main line's nodes (positions
// not searched yet are left as they are). A report of another game is an
// error.
func (t *Tree) Fill(r *Report) error {
	main := t.MainLine()
	if len(r.Positions) != len(main) {
		return fmt.Errorf("analysis: the report has %d positions, the game %d", len(r.Positions), len(main))
	}
	for i, n := range main {
		p := r.Positions[i]
		if !p.Done {
			continue
		}
		e := Eval{Score: p.Score, Depth: p.Depth}
		if p.Best != "" {
			m, err := n.Position.ParseMove(p.Best)
			if err != nil {
				return fmt.Errorf("analysis: the report's best move %q at ply %d: %w", p.Best, i, err)
			}
			e.Best = m
		}
		q := n.Position
		for _, s := range p.PV {
			m, err := q.ParseMove(s)
			if err != nil {
				break // a line the position no longer allows is cut there
			}
			e.PV = append(e.PV, m)
			q = q.Play(m)
		}
		n.Eval = &e
	}
	return nil
}

// Best is the best move from n's position, when it has been searched and
// the game goes on there.
func (n *Node) Best() (rules.Move, bool) {
	if n.Eval == nil || n.Eval.Best.IsZero() {
		return rules.Move{}, false
	}
	return n.Eval.Best, true
}

// Verdict says who stands better at n, when it has been searched: a forced
// end already reached is "has won", never "wins in 0".
func (n *Node) Verdict() (ai.Verdict, bool) {
	if out := n.Outcome(); out.Over() {
		if w, ok := out.Winner(); ok {
			return ai.Verdict{Kind: ai.VerdictHasWon, Leader: w}, true
		}
		return ai.Verdict{Kind: ai.VerdictEqual, Leader: rules.White}, true
	}
	if n.Eval == nil {
		return ai.Verdict{}, false
	}
	return ai.VerdictOf(n.Eval.Score, rules.White), true
}

// Review judges the move that led to n, once n and its parent have been
// searched: what it lost against the best move, in the report's terms.
func (n *Node) Review() (Review, bool) {
	if n.Parent == nil || n.Eval == nil || n.Parent.Eval == nil {
		return Review{}, false
	}
	mover := n.Parent.Position.SideToMove()
	rv := Review{Done: true, Move: n.Move.String(), Side: mover.Letter()}
	if n.Parent.Eval.Best == n.Move {
		return rv, true
	}
	best := fromWhite(n.Parent.Eval.Score, mover)
	got := fromWhite(n.Eval.Score, mover)
	rv.Loss = max(0, clampCP(best)-clampCP(got))
	rv.Drop = max(0, Expected(best)-Expected(got))
	rv.Class = Classify(rv.Drop)
	if rv.Loss > 0 && !n.Parent.Eval.Best.IsZero() {
		rv.Best = n.Parent.Eval.Best.String()
	}
	return rv, true
}

// Mark is the sign written after a move in the move list: "?!" an
// inaccuracy, "?" a mistake, "??" a blunder, "" otherwise.
func (c Class) Mark() string {
	switch c {
	case Inaccuracy:
		return "?!"
	case Mistake:
		return "?"
	case Blunder:
		return "??"
	}
	return ""
}

// Bar is what the vertical evaluation bar shows for a node.
type Bar struct {
	Known bool
	// White is White's share of the bar, 0–1 (White's expected score; 1
	// or 0 once the game is decided).
	White float64
	// Label is the number written on the bar: the evaluation in men from
	// White's view ("+1.5", "-0.3", "0.0"), "M3" for a forced win in three
	// moves (the bar's fill says whose), or the result once the game is
	// over ("1-0", "0-1", "=" a draw). Never "M0". ASCII only: the game's
	// font subsets have no typographic minus.
	Label   string
	Verdict ai.Verdict
}

// BarOf is the evaluation bar at n.
func BarOf(n *Node) Bar {
	v, ok := n.Verdict()
	if !ok {
		return Bar{White: 0.5}
	}
	b := Bar{Known: true, Verdict: v}
	if out := n.Outcome(); out.Over() {
		switch out.Result {
		case rules.WinFor(rules.White):
			b.White, b.Label = 1, "1-0"
		case rules.WinFor(rules.Black):
			b.White, b.Label = 0, "0-1"
		default:
			b.White, b.Label = 0.5, "="
		}
		return b
	}
	b.White = Expected(n.Eval.Score)
	switch {
	case v.Kind == ai.VerdictWinsIn:
		b.Label = "M" + strconv.Itoa(v.Moves)
	case v.Kind == ai.VerdictHasWon: // the engine saw the end at the root: the game is over
		b.Label = "1-0"
		if v.Leader == rules.Black {
			b.Label = "0-1"
		}
	default:
		b.Label = menText(n.Eval.Score)
	}
	return b
}

// menText writes centipawns as men with one decimal and a sign ("+1.5",
// "-0.3", "0.0").
func menText(cp int) string {
	tenths := (abs(cp) + 5) / 10
	s := strconv.Itoa(tenths/10) + "." + strconv.Itoa(tenths%10)
	switch {
	case tenths == 0:
		return "0.0"
	case cp > 0:
		return "+" + s
	}
	return "-" + s
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Row is one move of the move list: the main line with each branch
// written right after the move it branches from, indented by its depth.
type Row struct {
	Node  *Node
	Depth int    // 0 the main line, 1 a variation of it, …
	Num   string // "12." before White's move, "12…" before Black's where the list needs it, else ""
	Text  string // the move in notation
	Mark  string // "?!", "?", "??" or ""
	// Current: the position shown is the one after this move.
	Current bool
	// VariationStart: the first move of a branch (the list draws an
	// opening bracket or a line before it).
	VariationStart bool
}

// Rows is the move list. A main-line move's mark comes from the report
// (Reviews) when given, else from its node's searches, as a branch
// move's does.
func (t *Tree) Rows(r *Report) []Row {
	var out []Row
	var walk func(n *Node, depth int, first bool)
	walk = func(n *Node, depth int, first bool) {
		// n's move is written, then its line goes on.
		for n != nil {
			out = append(out, t.row(n, r, depth, first))
			first = false
			// The other moves from n's parent are written after n, the
			// line's own move first, as on a score sheet.
			if p := n.Parent; len(p.Children) > 1 && p.Children[0] == n {
				for _, alt := range p.Children[1:] {
					walk(alt, depth+1, true)
				}
				first = true // the line's next move needs its number again
			}
			if len(n.Children) == 0 {
				return
			}
			next := n.Children[0]
			if n.Main && !next.Main {
				// Moves tried after the game's last move: variations too.
				for _, alt := range n.Children {
					walk(alt, depth+1, true)
				}
				return
			}
			n = next
		}
	}
	if len(t.root.Children) > 0 {
		walk(t.root.Children[0], 0, true)
	}
	return out
}

func (t *Tree) row(n *Node, r *Report, depth int, first bool) Row {
	mover := n.Parent.Position.SideToMove()
	row := Row{Node: n, Depth: depth, Text: n.Move.String(), Current: n == t.cur, VariationStart: first && depth > 0}
	num := n.Parent.Position.FullmoveNumber()
	switch {
	case mover == rules.White:
		row.Num = strconv.Itoa(num) + "."
	case first:
		row.Num = strconv.Itoa(num) + "…"
	}
	if n.Main && r != nil && n.Ply-1 < len(r.Reviews) && r.Reviews[n.Ply-1].Done {
		row.Mark = r.Reviews[n.Ply-1].Class.Mark()
	} else if rv, ok := n.Review(); ok {
		row.Mark = rv.Class.Mark()
	}
	return row
}
