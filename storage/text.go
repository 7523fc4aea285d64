package storage

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// clip shortens s to at most n runes, never splitting a character.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// oneLine replaces control characters (line breaks, tabs) by spaces and
// trims, for short texts shown in lists.
func oneLine(s string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s))
}

// Shapes of the notation of shared/PROTOCOL.md. The storage package checks
// only the shape; the rules decide legality when the game is replayed.

// normalizeMove lower-cases a move, writes captures with ':' and checks that
// every square is a playable square of the variant. It accepts a quiet move
// "c3-d4" and a capture route "a3:c5:a7" (or "a3xc5xa7").
func normalizeMove(move string, v Variant) (string, error) {
	m := strings.ToLower(move)
	m = strings.ReplaceAll(m, "x", ":")
	var squares []string
	switch {
	case strings.Contains(m, "-"):
		squares = strings.Split(m, "-")
		if len(squares) != 2 {
			return "", fmt.Errorf("move %q is not a move", clip(move, 20))
		}
	default:
		squares = strings.Split(m, ":")
		if len(squares) < 2 {
			return "", fmt.Errorf("move %q is not a move", clip(move, 20))
		}
	}
	for _, sq := range squares {
		if !playableSquare(sq, v) {
			return "", fmt.Errorf("move %q is not a move", clip(move, 20))
		}
	}
	return m, nil
}

// playableSquare reports whether sq ("a1") names a dark square of the board.
func playableSquare(sq string, v Variant) bool {
	size := byte(8)
	if v == VariantLasca {
		size = 7
	}
	if len(sq) != 2 {
		return false
	}
	file, rank := sq[0]-'a', sq[1]-'1'
	return file < size && rank < size && (file+rank)%2 == 0
}

// checkFEN checks the rough shape of a position: one line, starting with
// the side to move. An empty string (the start position) is fine.
func checkFEN(fen string) (string, error) {
	fen = strings.TrimSpace(fen)
	if fen == "" {
		return "", nil
	}
	if len(fen) > maxFENBytes || strings.ContainsFunc(fen, unicode.IsControl) {
		return "", errors.New("start position is not a position")
	}
	if side := strings.ToUpper(fen[:min(2, len(fen))]); side != "W:" && side != "B:" {
		return "", errors.New("start position is not a position")
	}
	return fen, nil
}

// maxFENBytes is far more than any legal position needs (24 columns).
const maxFENBytes = 1024
