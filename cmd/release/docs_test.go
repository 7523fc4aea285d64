package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The engine's download ships docs/PROTOCOL.md, the repository's copy of
// the project's shared/PROTOCOL.md (a release may not rely on shared/
// being beside the checkout). Where shared/ is beside it, the copy must
// say the same.
func TestProtocolCopy(t *testing.T) {
	root, err := moduleRoot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	copyText, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(protocolFile)))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(copyText, []byte("# Text formats and the engine protocol\n")) {
		t.Errorf("%s does not begin as PROTOCOL.md does: %.80q", protocolFile, copyText)
	}
	shared, err := os.ReadFile(filepath.Join(root, "..", "shared", "PROTOCOL.md"))
	if os.IsNotExist(err) {
		t.Skip("no shared/ beside the checkout to compare with")
	}
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(copyText, shared) {
		t.Errorf("%s differs from shared/PROTOCOL.md: copy it again (cp ../shared/PROTOCOL.md %s)", protocolFile, protocolFile)
	}
}

// mdLink is a Markdown link or image's target: ](target) or ](target "title").
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// htmlLink is an HTML src or href.
var htmlLink = regexp.MustCompile(`(?:src|href)="([^"]+)"`)

// Every relative link of the repository's Markdown files points at a file
// of the repository: none leads outside it (to ../shared/, say), where a
// reader of the repository (or of GitHub's page of it) finds nothing.
func TestDocsLinkInsideTheRepository(t *testing.T) {
	root, err := moduleRoot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("git", "ls-files", "-z", "*.md")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		text, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			continue // deleted in the working tree
		}
		var targets []string
		for _, m := range mdLink.FindAllStringSubmatch(string(text), -1) {
			targets = append(targets, m[1])
		}
		for _, m := range htmlLink.FindAllStringSubmatch(string(text), -1) {
			targets = append(targets, m[1])
		}
		for _, target := range targets {
			if strings.Contains(target, "://") || strings.HasPrefix(target, "#") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			p, _, _ := strings.Cut(target, "#")
			p = filepath.Join(root, filepath.Dir(name), filepath.FromSlash(p))
			rel, err := filepath.Rel(root, p)
			if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				t.Errorf("%s links %s, outside the repository", name, target)
				continue
			}
			if _, err := os.Stat(p); err != nil {
				t.Errorf("%s links %s, which is not in the repository", name, target)
			}
		}
	}
}
