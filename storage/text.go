package storage

import (
	"errors"
	"fmt"
	"strings"
	"time"
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

// validText replaces invalid UTF-8, as JSON encoding would, so that a text
// is the same before saving and after loading.
func validText(s string) string { return strings.ToValidUTF8(s, "\uFFFD") }

// shortText makes s fit a one-line label of at most n runes: control
// characters (line breaks, tabs) become spaces and the ends are trimmed. It
// trims after clipping so that applying it twice changes nothing.
func shortText(s string, n int) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, validText(s))
	return strings.TrimSpace(clip(strings.TrimSpace(s), n))
}

// savableTime returns t in UTC, or the zero time if JSON cannot hold it
// (years outside 0..9999), so a document that loads can always be saved.
// UTC also makes times compare equal after a round trip and drops the
// monotonic clock reading, which means nothing after a restart.
func savableTime(t time.Time) time.Time {
	t = t.UTC()
	if t.Year() < 0 || t.Year() > 9999 {
		return time.Time{}
	}
	return t
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
	if len(fen) > maxFENBytes || !utf8.ValidString(fen) || strings.ContainsFunc(fen, unicode.IsControl) {
		return "", errors.New("start position is not a position")
	}
	if side := strings.ToUpper(fen[:min(2, len(fen))]); side != "W:" && side != "B:" {
		return "", errors.New("start position is not a position")
	}
	return fen, nil
}

// maxFENBytes is far more than any legal position needs (24 columns).
const maxFENBytes = 1024
