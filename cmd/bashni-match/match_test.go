package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bashni/rules"
)

func buildEngine(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "bashni-engine")
	if out, err := exec.Command("go", "build", "-o", bin, "../bashni-engine").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// fakeEngine writes a shell script engine that gets ready and then answers
// every go with the given line, or exits if line is "exit", or never
// answers if line is "stall" (it sleeps until it is killed).
func fakeEngine(t *testing.T, line string) string {
	t.Helper()
	script := filepath.Join(t.TempDir(), "fake.sh")
	reply := `echo "` + line + `"`
	if line == "exit" {
		reply = "exit 3"
	} else if line == "stall" {
		reply = "while :; do sleep 3600; done"
	}
	body := `#!/bin/sh
while read cmd rest; do
  case "$cmd" in
    isready) echo readyok ;;
    variant) echo "variant $rest" ;;
    go) ` + reply + ` ;;
    quit) exit 0 ;;
  esac
done
`
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return script
}

// patient is the move deadline of the tests that do not test it: long
// enough that no engine answering at all, however loaded the machine, runs
// into it.
const patient = 10 * time.Minute

func testConfig(e1, e2 string) *config {
	c := &config{cmd: [2]string{e1, e2}, variant: rules.Bashni, games: 4, plies: 4, seed: 3, maxPlies: 300,
		timeout: patient, workers: 2}
	c.goArgs = [2]string{"nodes 2000", "nodes 2000"}
	c.name = [2]string{"one", "two"}
	return c
}

// TestMatch: two real engines play to the end by the rules; colours
// alternate; the report has W/D/L and an Elo line.
func TestMatch(t *testing.T) {
	bin := buildEngine(t)
	c := testConfig(bin, bin)
	c.opts[1] = [][2]string{{"eval", "material"}}
	c.goArgs[1] = "depth 1"
	s := run(c, os.Stderr)
	if len(s.results) != 4 {
		t.Fatalf("%d results", len(s.results))
	}
	for _, r := range s.results {
		if r.faults != [2]string{} {
			t.Fatalf("faults: %v", r.faults)
		}
		if r.white != r.index%2 {
			t.Fatalf("game %d: engine %d had White", r.index, r.white)
		}
	}
	rep := s.report(c)
	for _, want := range []string{"engine 1: +", "Elo of engine 1 over engine 2:", "faults: none"} {
		if !strings.Contains(rep, want) {
			t.Fatalf("report lacks %q:\n%s", want, rep)
		}
	}
	t.Log("\n" + rep)
}

// TestFaults: an engine that sends an illegal move, one that crashes and one
// that never answers lose every game, and the report names the faults. The
// deadline is the thing tested only for the engine that stalls; it is
// generous (the good engine answers a 2,000-node search in milliseconds,
// and a loaded machine must not make that a fault), and the games are
// played at once so that the test waits for it only once.
func TestFaults(t *testing.T) {
	bin := buildEngine(t)
	for _, tc := range []struct{ bad, fault string }{
		{"bestmove a1-h8", "illegal move"},
		{"bestmove none", "illegal move"},
		{"exit", "the engine exited"},
		{"stall", "lost on time"},
	} {
		c := testConfig(bin, fakeEngine(t, tc.bad))
		c.workers = c.games
		if tc.bad == "stall" {
			c.timeout = 15 * time.Second
		}
		s := run(c, os.Stderr)
		for _, r := range s.results {
			if r.score1 != 1 || r.faults[0] != "" || !strings.Contains(r.faults[1], tc.fault) {
				t.Fatalf("%q: game %d scored %v for the good engine, faults %q (want %q of engine 2)", tc.bad, r.index, r.score1, r.faults, tc.fault)
			}
		}
		if rep := s.report(c); !strings.Contains(rep, "faults: 4") {
			t.Fatalf("%q: report\n%s", tc.bad, rep)
		}
	}
}

func TestOpenings(t *testing.T) {
	for _, v := range rules.Variants {
		ops := openings(v, 20, 8, 1)
		if len(ops) != 20 {
			t.Fatalf("%v: %d openings", v, len(ops))
		}
		for _, op := range ops {
			if len(op) != 8 {
				t.Fatalf("opening of %d plies", len(op))
			}
		}
	}
}
