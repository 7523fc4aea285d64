// Command bashni-puzzles makes the puzzles of package learn/puzzles: it
// finds them in computer self-play, random-ish playouts and recorded games
// (bashni-match -pgn, or any file of game records), keeps those with one
// clearly winning first move and a forced line to the point of the
// combination, tags their themes, rates them, and writes the compressed
// data files that the game embeds. It also re-verifies the shipped puzzles
// by a deeper search.
//
//	bashni-puzzles gen    -variant bashni -games 200 -seed 1 -random 0.1 -out found-bashni.jsonl
//	bashni-puzzles gen    -variant bashni -pdn match.pdn -out found-bashni.jsonl
//	bashni-puzzles build  -variant bashni -in found-bashni.jsonl -out learn/puzzles/data/bashni.tsv.gz
//	bashni-puzzles verify -file learn/puzzles/data/bashni.tsv.gz
//
// gen appends every puzzle it proves to its -out file as one JSON line at
// once, so a long run can be stopped at any time (Ctrl+C ends it after the
// current search). build merges such files, drops duplicates, continues
// lines that stop before the forced captures are over, recomputes themes
// and ratings, keeps at most -two of positions with two legal moves, and
// writes the data file (format: learn/puzzles/doc.go). verify searches every
// legal first move of every puzzle on its own (-alt nodes) and exits
// non-zero if one fails. The runs behind the shipped files:
// learn/puzzles/data/found/README.md. Run the long commands at low priority
// on a shared machine: nice -n 10 bashni-puzzles gen ….
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "gen":
		err = genCmd(os.Args[2:])
	case "build":
		err = buildCmd(os.Args[2:])
	case "verify":
		err = verifyCmd(os.Args[2:])
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bashni-puzzles:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, `usage: bashni-puzzles gen|build|verify [flags]   (-h after a command lists its flags)`)
	os.Exit(2)
}
