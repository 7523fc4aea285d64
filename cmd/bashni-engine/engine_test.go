package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"bashni/version"
	"bashni/version/stamp"
)

// runLines feeds lines to a fresh engine and returns its output lines.
func runLines(t *testing.T, lines ...string) []string {
	t.Helper()
	var buf bytes.Buffer
	e := newEngine(newLineWriter(&buf))
	for _, l := range lines {
		e.handle(l)
	}
	out := strings.TrimRight(buf.String(), "\n")
	if out == "" {
		return nil
	}
	return strings.Split(out, "\n")
}

func TestProtocol(t *testing.T) {
	startFEN := "W:Wa1-0,c1-0,e1-0,g1-0,b2-0,d2-0,f2-0,h2-0,a3-0,c3-0,e3-0,g3-0:Bb6-0,d6-0,f6-0,h6-0,a7-0,c7-0,e7-0,g7-0,b8-0,d8-0,f8-0,h8-0:H0:F1"
	tests := []struct {
		name  string
		input []string
		want  []string // expected output lines; a trailing "*" in a line matches any rest
	}{
		{"isready", []string{"isready"}, []string{"readyok"}},
		{"fen of start", []string{"fen"}, []string{"fen " + startFEN}},
		{"variant", []string{"variant lasca", "perft 3"}, []string{"variant lasca", "perft 3 18 *"}},
		{"variant back", []string{"variant lasca", "variant BASHNI", "fen"}, []string{"variant lasca", "variant bashni", "fen " + startFEN}},
		{"perft", []string{"perft 4"}, []string{"perft 4 1469 *"}},
		{"legal start", []string{"legal"}, []string{"legal 7 *"}},
		{"position with moves", []string{"position startpos moves c3-b4 b6-c5 b4-a5 a7-b6 b2-c3 c5-b4", "legal"}, []string{"legal 1 a3:c5:a7"}},
		{"short capture accepted", []string{"position startpos moves c3-b4 b6-c5 b4-a5 a7-b6 b2-c3 c5-b4 a3:a7", "fen"}, []string{"fen B:*a7-0/00*"}},
		{"position fen", []string{"position fen W:Wa1-1:Bc3,g3", "legal"}, []string{"legal 1 a1:e5:h2"}},
		{"readable fen", []string{"position fen White: a1 – 1. Black: c3, g3. White to move.", "legal"}, []string{"legal 1 a1:e5:h2"}},
		{"status ongoing", []string{"status"}, []string{"status ongoing"}},
		{"status no moves", []string{"position fen B:Wa1-1:Bh8-0", "status"}, []string{"status ongoing"}},
		{"capture is compulsory", []string{"position fen B:Wc3:Bd4 moves d4-e3", "status"}, []string{"error move 1: illegal move 'd4-e3': a capture is compulsory (d4:b2)", "status ongoing"}},
		{"status win", []string{"position fen B:Wc3:Bd4 moves d4:b2", "status"}, []string{"status win B no-moves"}},
		{"win by capture of last", []string{"position fen W:Wc3:Bd4 moves c3:e5", "status"}, []string{"status win W no-moves"}},
		{"blocked side loses", []string{"position fen B:Wa1,c1:Bb2", "status"}, []string{"status win W no-moves"}},
		{"blocked", []string{"position fen B:Wa3,b2:Bb4-0/0", "status"}, []string{"status ongoing"}},
		{"repetition", []string{"position fen W:Wa1-1:Bh6-1 moves a1-b2 h6-g5 b2-a1 g5-h6 a1-b2 h6-g5 b2-a1 g5-h6", "status"}, []string{"status draw repetition"}},
		{"no repetition yet", []string{"position fen W:Wa1-1:Bh6-1 moves a1-b2 h6-g5 b2-a1 g5-h6", "status"}, []string{"status ongoing"}},
		{"no progress", []string{"position fen W:Wa1-1:Bh8-1:H29:F40 moves a1-b2", "status"}, []string{"status draw no-progress"}},
		{"setoption", []string{"setoption name hash value 16", "setoption name seed value 7", "setoption name level value 3"}, nil},
		{"divide", []string{"divide 1"}, []string{"* 1", "* 1", "* 1", "* 1", "* 1", "* 1", "* 1", "perft 1 7 *"}},
		{"blank lines ignored", []string{"", "   ", "isready"}, []string{"readyok"}},
		{"unknown", []string{"hello"}, []string{`error unknown command "hello"`}},
		{"bad variant", []string{"variant chess"}, []string{`error unknown variant "chess" (want bashni or lasca)`}},
		{"bad perft", []string{"perft -1", "perft x", "perft"}, []string{"error perft depth \"-1\"*", "error perft depth \"x\"*", "error usage: perft <depth>"}},
		{"bad fen", []string{"position fen W:Wz9:B"}, []string{`error bad FEN: column "z9": bad square "z9"*`}},
		{"bad option", []string{"setoption name color value red", "setoption name level"}, []string{`error unknown option "color"*`, "error usage: setoption*"}},
		{"ambiguous", []string{"position fen W:We3:Bd4,f4,d6,f6 moves e3:e3"}, []string{"error move 1: ambiguous move 'e3:e3': *"}},
		{"d", []string{"d"}, []string{"*a*", "*"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := runLines(t, tc.input...)
			if tc.name == "d" {
				if len(got) < 10 || !strings.HasPrefix(got[len(got)-1], "fen ") {
					t.Fatalf("d output = %q, want a diagram then a fen line", got)
				}
				return
			}
			if len(got) != len(tc.want) {
				t.Fatalf("output %q, want %q", got, tc.want)
			}
			for i := range got {
				if !matchLine(got[i], tc.want[i]) {
					t.Errorf("line %d = %q, want %q", i, got[i], tc.want[i])
				}
			}
		})
	}
}

// matchLine compares with "*" as a wildcard for any run of characters.
func matchLine(got, pattern string) bool {
	ok, _ := filepath.Match(strings.ReplaceAll(pattern, "/", "\x00"), strings.ReplaceAll(got, "/", "\x00"))
	return ok
}

// TestErrorsLeaveStateUnchanged: after any bad command the FEN, history and
// options are what they were.
func TestErrorsLeaveStateUnchanged(t *testing.T) {
	bad := []string{
		"position startpos moves c3-d4 d6-c5 zz-yy",
		"position fen W:Wa1-1/:Bh8",
		"position fen",
		"position",
		"position startpos extra",
		"variant",
		"variant xiangqi",
		"setoption name hash value 0",
		"setoption name level value 8",
		"setoption name level value 0",
		"setoption name seed value -3",
		"perft 0",
		"divide 99",
		"legal now",
		"fen please",
		"go depth x",
		"\x00\x01",
	}
	for _, line := range bad {
		var buf bytes.Buffer
		e := newEngine(newLineWriter(&buf))
		e.handle("position startpos moves c3-d4 f6-e5")
		e.handle("setoption name level value 2")
		beforeFEN, beforeLen, beforeOpts, beforeVariant := e.current().FEN(), len(e.game.recent), e.options, e.variant
		buf.Reset()
		e.handle(line)
		if !strings.HasPrefix(buf.String(), "error ") || strings.Count(buf.String(), "\n") != 1 {
			t.Errorf("%q answered %q, want one error line", line, buf.String())
		}
		if e.current().FEN() != beforeFEN || len(e.game.recent) != beforeLen || e.options != beforeOpts || e.variant != beforeVariant {
			t.Errorf("%q changed the engine's state", line)
		}
	}
}

// TestBinary runs the real command: replies are flushed line by line, a
// command sent while another runs is answered after it, and at the end of
// the input the running command finishes before the engine exits with
// status 0.
func TestBinary(t *testing.T) {
	p := startEngine(t)
	p.send("isready")
	if l := p.next(hang); l != "readyok" {
		t.Fatalf("isready answered %q", l)
	}
	p.send("bogus", "perft 3", "isready")
	for _, want := range []string{`error unknown command "bogus"`, "perft 3 302 ", "readyok"} {
		if l := p.next(hang); !strings.HasPrefix(l, want) {
			t.Fatalf("got %q, want %q", l, want)
		}
	}
	p.send("perft 6")
	p.stdin.Close()
	if l := p.next(hang); !strings.HasPrefix(l, "perft 6 37908 ") {
		t.Fatalf("at the end of the input, perft answered %q", l)
	}
	if code := p.exitCode(hang); code != 0 {
		t.Fatalf("exit status %d at the end of the input", code)
	}
}

// FuzzProtocolLine: no line makes the engine panic, every line gets at most
// the replies of its command, and an error leaves the state unchanged.
func FuzzProtocolLine(f *testing.F) {
	for _, s := range []string{
		"isready", "variant lasca", "position startpos moves c3-d4", "position fen W:Wa1-1:Bc3,g3 moves a1:h2",
		"legal", "perft 2", "divide 1", "status", "fen", "d", "setoption name hash value 8", "go depth 1",
		"position fen White: a1 – 1/0000. Black: h8. White to move.", "quit",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.HasPrefix(strings.TrimSpace(line), "perft") || strings.HasPrefix(strings.TrimSpace(line), "divide") || strings.HasPrefix(strings.TrimSpace(line), "go") {
			// Deep perft or search is slow, not wrong; keep the fuzzer fast.
			if fs := strings.Fields(line); len(fs) > 1 && len(fs[1]) == 1 && fs[1] > "3" {
				return
			}
		}
		var buf bytes.Buffer
		e := newEngine(newLineWriter(&buf))
		e.handle("position startpos moves c3-d4")
		before, opts := e.current().FEN(), e.options
		e.handle(line)
		if strings.HasPrefix(buf.String(), "error ") {
			if e.current().FEN() != before || e.options != opts {
				t.Fatalf("error on %q changed the state", line)
			}
			if strings.Count(buf.String(), "\n") != 1 {
				t.Fatalf("error on %q is not one line: %q", line, buf.String())
			}
		}
	})
}

// TestVersionStamp builds the engine the way cmd/release does, with the
// version stamped by the linker, and asks it for -version.
func TestVersionStamp(t *testing.T) {
	// The number is version/VERSION's, which every build embeds; the stamped
	// git description follows it in brackets.
	number := version.EmbeddedNumber()
	info := version.Info{Version: "v" + number + "-3-ge97c113", Commit: "e97c113abcdef0123456789abcdef0123456789a", Date: time.Date(2026, 12, 1, 1, 4, 5, 0, time.UTC)}
	bin := filepath.Join(t.TempDir(), "bashni-engine")
	build := exec.Command("go", "build", "-trimpath", "-ldflags="+stamp.LDFlags(info), "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "-version").CombinedOutput()
	if err != nil {
		t.Fatalf("-version: %v\n%s", err, out)
	}
	want := fmt.Sprintf("bashni-engine %s (v%s-3-ge97c113, commit e97c113abcde, 2026-12-01) %s %s/%s\n", number, number, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	if string(out) != want {
		t.Errorf("-version printed %q, want %q", out, want)
	}
}
