package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// StartFEN returns the FEN of v's start position.
func StartFEN(v Variant) string { return NewPosition(v).FEN() }

// FEN writes the position in the one-line form of PROTOCOL.md, canonical:
// squares in order a1, c1, … and every column with its stack, then H and F.
func (p *Position) FEN() string {
	var b strings.Builder
	b.WriteString(p.side.Letter())
	for _, c := range [2]Color{White, Black} {
		b.WriteByte(':')
		b.WriteString(c.Letter())
		first := true
		for _, sq := range p.variant.Squares() {
			col := p.cols[sq]
			if col == 0 || col.Owner() != c {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			b.WriteString(sq.String())
			b.WriteByte('-')
			b.WriteString(col.Stack())
		}
	}
	fmt.Fprintf(&b, ":H%d:F%d", p.halfmove, p.fullmove)
	return b.String()
}

// ReadableFEN writes the position in the form of the rules literature:
// "White: c1 – 1/0000, d6 – 000000. Black: a1 – 00. White to move."
func (p *Position) ReadableFEN() string {
	var b strings.Builder
	for _, c := range [2]Color{White, Black} {
		if c == Black {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
		b.WriteByte(':')
		n := 0
		for _, sq := range p.variant.Squares() {
			col := p.cols[sq]
			if col == 0 || col.Owner() != c {
				continue
			}
			if n > 0 {
				b.WriteByte(',')
			}
			n++
			fmt.Fprintf(&b, " %v – %s", sq, col.Stack())
		}
		if n == 0 {
			b.WriteString(" none")
		}
		b.WriteByte('.')
	}
	fmt.Fprintf(&b, " %v to move.", p.side)
	return b.String()
}

// ParseFEN reads a position of variant v in either form of PROTOCOL.md: the
// one-line FEN or the readable form. Errors name the offending part.
func ParseFEN(v Variant, text string) (*Position, error) {
	s := strings.TrimSpace(text)
	if s == "" {
		return nil, fmt.Errorf("bad FEN: empty")
	}
	if l := strings.ToLower(s); strings.HasPrefix(l, "white") || strings.HasPrefix(l, "black") {
		return parseReadableFEN(v, s)
	}
	return parseCompactFEN(v, s)
}

// positionBuilder collects columns while a FEN is read and checks them.
type positionBuilder struct {
	p      *Position
	seen   uint64
	pieces [2]int
}

func newPositionBuilder(v Variant) *positionBuilder {
	return &positionBuilder{p: EmptyPosition(v)}
}

// add parses one column "<square>[-<stack>]" owned by owner.
func (b *positionBuilder) add(owner Color, item string) error {
	item = strings.TrimSpace(item)
	sqText, stack, hasStack := strings.Cut(item, "-")
	if !hasStack {
		sqText, stack, hasStack = strings.Cut(item, "–")
	}
	sqText, stack = strings.TrimSpace(sqText), strings.TrimSpace(stack)
	if !hasStack {
		stack = "0"
	}
	sq, err := ParseSquare(b.p.variant, sqText)
	if err != nil {
		return fmt.Errorf("column %s: %w", Quote(item), err)
	}
	if b.seen&(1<<uint(sq)) != 0 {
		return fmt.Errorf("column %s: square %v given twice", Quote(item), sq)
	}
	col, err := parseStack(owner, stack)
	if err != nil {
		return fmt.Errorf("column %s: %w", Quote(item), err)
	}
	for i := 0; i < col.Height(); i++ {
		b.pieces[col.Piece(i).Color()]++
	}
	for c, n := range b.pieces {
		if n > b.p.variant.Pieces()/2 {
			return fmt.Errorf("column %s: more than %d %s pieces", Quote(item), b.p.variant.Pieces()/2, strings.ToLower(Color(c).String()))
		}
	}
	b.seen |= 1 << uint(sq)
	b.p.put(sq, col)
	return nil
}

// parseStack reads "<own>[/<prisoners>]", each piece 0 (man) or 1 (king), top
// first.
func parseStack(owner Color, stack string) (Column, error) {
	if stack == "" {
		return 0, fmt.Errorf("empty stack")
	}
	own, prisoners, hasPrisoners := strings.Cut(stack, "/")
	if strings.Contains(prisoners, "/") {
		return 0, fmt.Errorf("stack %s has more than one '/'", Quote(stack))
	}
	if own == "" {
		return 0, fmt.Errorf("stack %s has no piece of the owner on top", Quote(stack))
	}
	if hasPrisoners && prisoners == "" {
		return 0, fmt.Errorf("stack %s has an empty prisoner part after '/'", Quote(stack))
	}
	if len(own)+len(prisoners) > maxHeight {
		return 0, fmt.Errorf("stack %s is taller than %d pieces", Quote(stack), maxHeight)
	}
	var col Column
	for i, part := range [2]string{own, prisoners} {
		colour := owner
		if i == 1 {
			colour = owner.Opponent()
		}
		for _, r := range part {
			switch r {
			case '0':
				col = col.pushBottom(NewPiece(colour, false))
			case '1':
				col = col.pushBottom(NewPiece(colour, true))
			default:
				return 0, fmt.Errorf("stack %s: %q is not a piece (want 0 for a man, 1 for a king)", Quote(stack), r)
			}
		}
	}
	return col, nil
}

func (b *positionBuilder) finish() *Position {
	b.p.hash = b.p.computeHash()
	return b.p
}

func parseColor(s string) (Color, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "w", "white":
		return White, true
	case "b", "black":
		return Black, true
	}
	return 0, false
}

func parseCompactFEN(v Variant, s string) (*Position, error) {
	fields := strings.Split(s, ":")
	side, ok := parseColor(fields[0])
	if !ok || len(strings.TrimSpace(fields[0])) != 1 {
		return nil, fmt.Errorf("bad FEN: side to move %s is not W or B", Quote(fields[0]))
	}
	b := newPositionBuilder(v)
	b.p.side = side
	var haveList [2]bool
	haveH, haveF := false, false
	for _, f := range fields[1:] {
		f = strings.TrimSpace(f)
		if f == "" {
			return nil, fmt.Errorf("bad FEN: empty field")
		}
		tag, rest := strings.ToUpper(f[:1]), f[1:]
		switch tag {
		case "W", "B":
			owner, _ := parseColor(tag)
			if haveList[owner] {
				return nil, fmt.Errorf("bad FEN: %s's columns given twice", owner)
			}
			if haveH || haveF {
				return nil, fmt.Errorf("bad FEN: %s's columns after the counters", owner)
			}
			haveList[owner] = true
			if strings.TrimSpace(rest) == "" {
				continue
			}
			for _, item := range strings.Split(rest, ",") {
				if err := b.add(owner, item); err != nil {
					return nil, fmt.Errorf("bad FEN: %w", err)
				}
			}
		case "H", "F":
			n, err := strconv.Atoi(strings.TrimSpace(rest))
			if err != nil || n < 0 || n > MaxCounter {
				return nil, fmt.Errorf("bad FEN: counter %s is not a number from 0 to %d", Quote(f), MaxCounter)
			}
			if tag == "H" {
				if haveH || haveF {
					return nil, fmt.Errorf("bad FEN: counter %s out of place", Quote(f))
				}
				haveH = true
				b.p.halfmove = n
			} else {
				if haveF {
					return nil, fmt.Errorf("bad FEN: counter %s given twice", Quote(f))
				}
				if n < 1 {
					return nil, fmt.Errorf("bad FEN: full-move number %s must be at least 1", Quote(f))
				}
				haveF = true
				b.p.fullmove = n
			}
		default:
			return nil, fmt.Errorf("bad FEN: unknown field %s (want W…, B…, H<n> or F<n>)", Quote(f))
		}
	}
	if !haveList[White] || !haveList[Black] {
		return nil, fmt.Errorf("bad FEN: want both a W and a B field")
	}
	return b.finish(), nil
}

// parseReadableFEN reads "White: c1 – 1/0000, d6 – 0. Black: a1 – 00. White to move."
func parseReadableFEN(v Variant, s string) (*Position, error) {
	b := newPositionBuilder(v)
	var haveList [2]bool
	haveSide := false
	for _, sentence := range strings.Split(s, ".") {
		sentence = strings.TrimSpace(sentence)
		if sentence == "" {
			continue
		}
		if head, rest, ok := strings.Cut(sentence, ":"); ok {
			owner, ok := parseColor(head)
			if !ok {
				return nil, fmt.Errorf("bad position: %s is not White or Black", Quote(head))
			}
			if haveList[owner] {
				return nil, fmt.Errorf("bad position: %s's columns given twice", owner)
			}
			haveList[owner] = true
			rest = strings.TrimSpace(rest)
			if rest == "" || strings.EqualFold(rest, "none") {
				continue
			}
			for _, item := range strings.Split(rest, ",") {
				if err := b.add(owner, item); err != nil {
					return nil, fmt.Errorf("bad position: %w", err)
				}
			}
			continue
		}
		words := strings.Fields(sentence)
		if len(words) == 3 && strings.EqualFold(words[1], "to") && strings.EqualFold(words[2], "move") {
			side, ok := parseColor(words[0])
			if !ok {
				return nil, fmt.Errorf("bad position: %s: the side to move must be White or Black", Quote(sentence))
			}
			if haveSide {
				return nil, fmt.Errorf("bad position: %s: the side to move given twice", Quote(sentence))
			}
			haveSide = true
			b.p.side = side
			continue
		}
		return nil, fmt.Errorf("bad position: cannot read %s", Quote(sentence))
	}
	if !haveList[White] || !haveList[Black] {
		return nil, fmt.Errorf("bad position: want both \"White:\" and \"Black:\"")
	}
	if !haveSide {
		return nil, fmt.Errorf("bad position: missing \"White to move.\" or \"Black to move.\"")
	}
	return b.finish(), nil
}

// MaxCounter is the largest halfmove clock (H) and full-move number (F) a
// FEN may carry. Programs that play moves on from a FEN (bashni-engine)
// refuse a move that would carry a counter past it, so that every FEN they
// write can be read back.
const MaxCounter = 1_000_000
