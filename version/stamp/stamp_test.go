package stamp

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"bashni/version"
)

// A real repository in a temporary directory, with commits at fixed dates.
func gitRepo(t *testing.T) (dir string, run func(args ...string) string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("git is needed: %v", err)
	}
	dir = t.TempDir()
	run = func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(),
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.org", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.org",
			"GIT_AUTHOR_DATE=2026-12-01T03:04:05+02:00", "GIT_COMMITTER_DATE=2026-12-01T03:04:05+02:00",
			"GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	run("init", "-q")
	return dir, run
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestDescribe(t *testing.T) {
	dir, git := gitRepo(t)
	ctx := context.Background()
	if _, err := Describe(ctx, dir); err == nil {
		t.Fatal("a repository without commits has a version")
	}
	write(t, filepath.Join(dir, "a.txt"), "one")
	git("add", "a.txt")
	git("commit", "-q", "-m", "one")
	head := git("rev-parse", "HEAD")
	date := time.Date(2026, 12, 1, 1, 4, 5, 0, time.UTC)

	steps := []struct {
		name string
		do   func()
		want version.Info
	}{
		{"untagged", func() {}, version.Info{Version: head[:7], Commit: head, Date: date}},
		{"untracked files are not changes", func() { write(t, filepath.Join(dir, "new.txt"), "x") },
			version.Info{Version: head[:7], Commit: head, Date: date}},
		{"changed", func() { write(t, filepath.Join(dir, "a.txt"), "two") },
			version.Info{Version: head[:7] + "-dirty", Commit: head, Date: date, Dirty: true}},
		{"tagged", func() { git("checkout", "-q", "a.txt"); git("tag", "-a", "-m", "v1.2.0", "v1.2.0") },
			version.Info{Version: "v1.2.0", Commit: head, Date: date}},
	}
	for _, s := range steps {
		s.do()
		got, err := Describe(ctx, dir)
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if got != s.want {
			t.Errorf("%s: got %+v, want %+v", s.name, got, s.want)
		}
	}
	write(t, filepath.Join(dir, "a.txt"), "three")
	git("commit", "-q", "-am", "three")
	got, err := Describe(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^v1\.2\.0-1-g[0-9a-f]{7,}$`).MatchString(got.Version) {
		t.Errorf("a commit after the tag: %q", got.Version)
	}
	if _, err := Describe(ctx, t.TempDir()); err == nil || !strings.Contains(err.Error(), "git describe") {
		t.Errorf("outside a repository: %v", err)
	}
}

func TestLDFlags(t *testing.T) {
	info := version.Info{Version: "v1.2.0-3-ge97c113", Commit: "e97c113abcdef", Date: time.Date(2026, 12, 1, 1, 4, 5, 0, time.FixedZone("x", 3600))}
	want := "-X bashni/version.version=v1.2.0-3-ge97c113 -X bashni/version.commit=e97c113abcdef -X bashni/version.date=2026-12-01T00:04:05Z"
	if got := LDFlags(info); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got := LDFlags(version.Info{Version: "x"}); got != "-X bashni/version.version=x" {
		t.Errorf("version only: %s", got)
	}
}

func TestNumeric(t *testing.T) {
	for v, want := range map[string][4]uint16{
		"v1.2.0":                   {1, 2, 0, 0},
		"v1.2.0-3-ge97c113":        {1, 2, 0, 3},
		"v1.2.0-3-ge97c113-dirty":  {1, 2, 0, 3},
		"v1.2-dirty":               {1, 2, 0, 0},
		"v0.9.12-rc1":              {0, 9, 12, 0},
		"v0.9.12-rc1-14-ge97c113a": {0, 9, 12, 14},
		"e97c113":                  {},
		"e97c113-dirty":            {},
		"devel":                    {},
		"v99999.1.1":               {0, 1, 1, 0},
	} {
		if got := Numeric(version.Info{Version: v}); got != want {
			t.Errorf("%s: %v, want %v", v, got, want)
		}
	}
}
