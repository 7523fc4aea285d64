package puzzles

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"strconv"
	"strings"

	"bashni/rules"
)

// FormatVersion is the version of the data files' format (doc.go).
const FormatVersion = 2

// File is one data file: the puzzles of one variant.
type File struct {
	Variant rules.Variant
	// Check says how the puzzles were verified (the deep search's limits
	// and margin), for people reading the file.
	Check   string
	Puzzles []*Puzzle
}

// The columns of a puzzle's line in a data file, tab-separated (doc.go).
const fileColumns = 11

// Encode writes f as a data file: gzip-compressed text, a header line, then
// one puzzle a line (doc.go). The game embeds these files, so they are kept
// small: FEN and moves in the notation, no generator notes.
func (f *File) Encode() ([]byte, error) {
	var text bytes.Buffer
	fmt.Fprintf(&text, "bashni-puzzles\t%d\t%v\t%s\n", FormatVersion, f.Variant, strings.ReplaceAll(f.Check, "\t", " "))
	for _, p := range f.Puzzles {
		themes := make([]string, len(p.Themes))
		for i, t := range p.Themes {
			themes[i] = string(t)
		}
		fmt.Fprintf(&text, "%s\t%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\n",
			p.ID, p.FEN, p.Setup, strings.Join(p.Line, " "), strings.Join(themes, ","),
			p.Rating, p.Eval, p.Margin, p.Depth, p.Found, p.Gain)
	}
	var out bytes.Buffer
	w, err := gzip.NewWriterLevel(&out, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(text.Bytes()); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// ParseFile reads a data file (gzip-compressed, as Encode writes it) and
// prepares every puzzle in it: every move must be legal in turn, and ids
// must be unique.
func ParseFile(data []byte) (*File, error) {
	r, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("puzzle file: not gzip-compressed: %w", err)
	}
	text, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("puzzle file: not gzip-compressed: %w", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	if !sc.Scan() {
		return nil, fmt.Errorf("puzzle file: empty")
	}
	head := strings.Split(sc.Text(), "\t")
	if len(head) != 4 || head[0] != "bashni-puzzles" {
		return nil, fmt.Errorf("puzzle file: the first line is not a bashni-puzzles header")
	}
	if head[1] != strconv.Itoa(FormatVersion) {
		return nil, fmt.Errorf("puzzle file: format %s, want %d", head[1], FormatVersion)
	}
	v, err := rules.ParseVariant(head[2])
	if err != nil {
		return nil, fmt.Errorf("puzzle file: %w", err)
	}
	f := &File{Variant: v, Check: head[3]}
	seen := map[string]bool{}
	for n := 2; sc.Scan(); n++ {
		p, err := parseLine(sc.Text())
		if err != nil {
			return nil, fmt.Errorf("puzzle file, line %d: %w", n, err)
		}
		if err := p.Prepare(v); err != nil {
			return nil, fmt.Errorf("puzzle file, line %d: %w", n, err)
		}
		if seen[p.ID] {
			return nil, fmt.Errorf("puzzle file, line %d: id %s used twice", n, p.ID)
		}
		seen[p.ID] = true
		f.Puzzles = append(f.Puzzles, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("puzzle file: %w", err)
	}
	return f, nil
}

func parseLine(s string) (*Puzzle, error) {
	c := strings.Split(s, "\t")
	if len(c) != fileColumns {
		return nil, fmt.Errorf("%d columns, want %d", len(c), fileColumns)
	}
	p := &Puzzle{ID: c[0], FEN: c[1], Setup: c[2], Line: strings.Fields(c[3])}
	if c[4] != "" {
		for _, t := range strings.Split(c[4], ",") {
			p.Themes = append(p.Themes, Theme(t))
		}
	}
	ints := []*int{&p.Rating, &p.Eval, &p.Margin, &p.Depth, &p.Found, &p.Gain}
	for i, dst := range ints {
		n, err := strconv.Atoi(c[5+i])
		if err != nil {
			return nil, fmt.Errorf("puzzle %s: column %d: %w", p.ID, 6+i, err)
		}
		*dst = n
	}
	return p, nil
}
