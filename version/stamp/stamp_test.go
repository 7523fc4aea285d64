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
	os.Mkdir(filepath.Join(dir, "version"), 0o755)
	write(t, filepath.Join(dir, "version", "VERSION"), "0.9.0\n")
	git("add", "a.txt", "version/VERSION")
	git("commit", "-q", "-m", "one")
	head := git("rev-parse", "HEAD")
	date := time.Date(2026, 12, 1, 1, 4, 5, 0, time.UTC)

	steps := []struct {
		name string
		do   func()
		want version.Info
	}{
		{"untagged", func() {}, version.Info{Version: head[:7], Commit: head, Date: date, Number: "0.9.0"}},
		{"untracked files are not changes", func() { write(t, filepath.Join(dir, "new.txt"), "x") },
			version.Info{Version: head[:7], Commit: head, Date: date, Number: "0.9.0"}},
		{"changed", func() { write(t, filepath.Join(dir, "a.txt"), "two") },
			version.Info{Version: head[:7] + "-dirty", Commit: head, Date: date, Dirty: true, Number: "0.9.0"}},
		{"tagged", func() { git("checkout", "-q", "a.txt"); git("tag", "-a", "-m", "v0.9.0", "v0.9.0") },
			version.Info{Version: "v0.9.0", Commit: head, Date: date, Number: "0.9.0"}},
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
	// Two commits later: the fourth number counts them.
	for _, text := range []string{"three", "four"} {
		write(t, filepath.Join(dir, "a.txt"), text)
		git("commit", "-q", "-am", text)
	}
	got, err := Describe(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^v0\.9\.0-2-g[0-9a-f]{7,}$`).MatchString(got.Version) || got.Number != "0.9.0" || got.Since != 2 {
		t.Errorf("two commits after the tag: %+v", got)
	}
	if n, ok := got.Numeric(); !ok || n != [4]uint16{0, 9, 0, 2} {
		t.Errorf("numeric version %v %v, want 0.9.0.2", n, ok)
	}
	// A bump not committed yet: no commits since it.
	write(t, filepath.Join(dir, "version", "VERSION"), "0.10.0\n")
	if got, err := Describe(ctx, dir); err != nil || got.Number != "0.10.0" || got.Since != 0 || !got.Dirty {
		t.Errorf("after a bump: %+v, %v", got, err)
	}
	// Committed: still none.
	git("commit", "-q", "-am", "0.10.0")
	if got, err := Describe(ctx, dir); err != nil || got.Number != "0.10.0" || got.Since != 0 {
		t.Errorf("after a committed bump: %+v, %v", got, err)
	}
	write(t, filepath.Join(dir, "version", "VERSION"), "ten\n")
	if _, err := Describe(ctx, dir); err == nil || !strings.Contains(err.Error(), "version/VERSION") {
		t.Errorf("a bad number: %v", err)
	}
	os.Remove(filepath.Join(dir, "version", "VERSION"))
	if _, err := Describe(ctx, dir); err == nil {
		t.Error("no version/VERSION, but a version")
	}
	if _, err := Describe(ctx, t.TempDir()); err == nil || !strings.Contains(err.Error(), "git describe") {
		t.Errorf("outside a repository: %v", err)
	}
}

func TestLDFlags(t *testing.T) {
	info := version.Info{Version: "v1.2.0-3-ge97c113", Commit: "e97c113abcdef", Date: time.Date(2026, 12, 1, 1, 4, 5, 0, time.FixedZone("x", 3600)), Number: "1.2.0", Since: 3}
	want := "-X bashni/version.version=v1.2.0-3-ge97c113 -X bashni/version.commit=e97c113abcdef -X bashni/version.date=2026-12-01T00:04:05Z -X bashni/version.number=1.2.0"
	if got := LDFlags(info); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got := LDFlags(version.Info{Version: "x"}); got != "-X bashni/version.version=x" {
		t.Errorf("version only: %s", got)
	}
}

func TestCheckRelease(t *testing.T) {
	for _, tc := range []struct {
		info version.Info
		ok   bool
	}{
		{version.Info{Number: "0.9.0", Version: "e97c113"}, true},
		{version.Info{Number: "0.9.0", Version: "v0.9.0"}, true},
		{version.Info{Number: "0.9.0", Version: "v0.9.0-dirty"}, true},
		{version.Info{Number: "0.9.0", Version: "v0.8.0-3-ge97c113"}, true},
		{version.Info{Number: "0.9.0", Version: "v1.0.0"}, false},
		{version.Info{Number: "0.9.0", Version: "v1.0.0-dirty"}, false},
		{version.Info{Number: "", Version: "v1.0.0"}, false},
		{version.Info{Number: "0.0", Version: "e97c113"}, false},
	} {
		if err := CheckRelease(tc.info); (err == nil) != tc.ok {
			t.Errorf("%+v: %v", tc.info, err)
		}
	}
}
