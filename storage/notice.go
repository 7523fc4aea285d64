package storage

import (
	"cmp"
	"fmt"
	"strings"
)

// Notice tells the player what loading a document had to do: its file
// could not be read, was damaged or came from a newer version and was set
// aside; the backup was restored, or the game starts fresh. It is codes
// and values, not a sentence: a screen puts it in the player's language
// (String is for logs and tests). The zero Notice means all was well.
type Notice struct {
	// Doc is the document's name: "settings", "game" (or a slot's
	// "game-2"), "archive".
	Doc string
	// Main is what was wrong with the document's file; Backup what was
	// wrong with its backup, when that was tried and was no good either.
	Main, Backup Problem
	// Then is what loading did about it.
	Then Recovery
	// PutBackError says why the restored backup could not be written back
	// in place (Then is RestoredForNow).
	PutBackError string
	// label is the document's Label, for String only.
	label string
}

// Problem is what was wrong with one file, and whether it was set aside.
type Problem struct {
	Kind ProblemKind
	// Error is the reason in the words of the system or of the decoder
	// (Go's, English), as errors are shown everywhere.
	Error string
	// Found and Supported are the schemas of a newer file and the highest
	// this version reads (Newer).
	Found, Supported int
	// KeptAs is the name the file was set aside under; AsideError why it
	// could not be ("" for a file left in place, as an unreadable one is).
	KeptAs, AsideError string
}

// ProblemKind is what was wrong with a file.
type ProblemKind uint8

// The kinds of Problem.
const (
	NoProblem  ProblemKind = iota
	CannotRead             // the file is there but could not be read
	Damaged                // it could be read but not decoded or checked
	Newer                  // a newer version of the game wrote it
)

// Recovery is what loading did when the file was no good.
type Recovery uint8

// The recoveries.
const (
	// Restored: the previous save (the backup) is used and back in place.
	Restored Recovery = iota + 1
	// RestoredForNow: the backup is used but could not be put back.
	RestoredForNow
	// Fresh: nothing good was found; the defaults are used.
	Fresh
)

// IsZero reports whether there is nothing to tell.
func (n Notice) IsZero() bool { return n == Notice{} }

// String is the notice in English in one line, for logs and tests; the
// player reads the words a screen makes of it.
func (n Notice) String() string {
	if n.IsZero() {
		return ""
	}
	first := n.Main.describe(cmp.Or(n.label, n.Doc))
	switch n.Then {
	case Restored:
		return first + ", restored the previous save"
	case RestoredForNow:
		return first + ", restored the previous save for now; couldn't put it back (" + n.PutBackError + ")"
	}
	if n.Backup.Kind == NoProblem {
		return first + ", starting fresh"
	}
	return first + "; " + n.Backup.describe("its backup") + "; starting fresh"
}

// describe is the problem in English, for String.
func (p Problem) describe(what string) string {
	var s string
	switch p.Kind {
	case CannotRead:
		return fmt.Sprintf("couldn't read %s (%s)", what, p.Error)
	case Newer:
		s = fmt.Sprintf("%s is from a newer version of the game (schema %d, this version reads up to %d)", what, p.Found, p.Supported)
	default:
		s = fmt.Sprintf("%s was damaged (%s)", what, p.Error)
	}
	if p.AsideError != "" {
		return s + "; couldn't set it aside (" + p.AsideError + ")"
	}
	return s + "; kept as " + p.KeptAs
}

// oneLine makes an error's text fit a one-line notice: line breaks and
// runs of spaces become one space.
func oneLine(err error) string { return strings.Join(strings.Fields(err.Error()), " ") }
