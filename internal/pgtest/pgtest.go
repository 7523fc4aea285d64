// Package pgtest starts a private PostgreSQL server for tests: a fresh
// cluster in a temporary directory, on a free port on 127.0.0.1, stopped and
// removed when the test binary is done with it. It needs Debian's postgresql
// package (test.sh installs it); without it Start fails, it never skips.
// PostgreSQL refuses to run as root, so as root the server runs as the
// "postgres" user through runuser.
package pgtest

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
)

// Server is a running private PostgreSQL.
type Server struct {
	DSN  string // postgres://… for the database "bashni"
	dir  string
	bin  string
	user string // "" when running as the current (non-root) user
}

// Start initialises a cluster and starts it.
func Start() (*Server, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	s := &Server{bin: bin}
	if os.Geteuid() == 0 {
		if _, err := user.Lookup("postgres"); err != nil {
			return nil, fmt.Errorf("running as root needs the postgres user (Debian's postgresql package creates it): %w", err)
		}
		s.user = "postgres"
	}
	s.dir, err = os.MkdirTemp("", "bashni-pg-")
	if err != nil {
		return nil, err
	}
	if s.user != "" {
		if out, err := exec.Command("chown", s.user, s.dir).CombinedOutput(); err != nil {
			s.cleanup()
			return nil, fmt.Errorf("chown %s: %v %s", s.dir, err, out)
		}
	}
	data := filepath.Join(s.dir, "data")
	if err := s.run("initdb", "-D", data, "-U", "bashni", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"); err != nil {
		s.cleanup()
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		s.cleanup()
		return nil, err
	}
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200", port, s.dir)
	if err := s.run("pg_ctl", "-D", data, "-l", filepath.Join(s.dir, "log"), "-o", opts, "-w", "-t", "60", "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(s.dir, "log"))
		s.cleanup()
		return nil, fmt.Errorf("%w\n%s", err, log)
	}
	if err := s.run("createdb", "-h", "127.0.0.1", "-p", strconv.Itoa(port), "-U", "bashni", "bashni"); err != nil {
		s.Stop()
		return nil, err
	}
	s.DSN = fmt.Sprintf("postgres://bashni@127.0.0.1:%d/bashni?sslmode=disable", port)
	return s, nil
}

// Stop stops the server and removes its files.
func (s *Server) Stop() {
	s.run("pg_ctl", "-D", filepath.Join(s.dir, "data"), "-m", "immediate", "-w", "stop")
	s.cleanup()
}

func (s *Server) cleanup() { os.RemoveAll(s.dir) }

func (s *Server) run(tool string, args ...string) error {
	path := filepath.Join(s.bin, tool)
	var cmd *exec.Cmd
	if s.user != "" {
		cmd = exec.Command("runuser", append([]string{"-u", s.user, "--", path}, args...)...)
	} else {
		cmd = exec.Command(path, args...)
	}
	cmd.Dir = s.dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %w\n%s", tool, err, out.String())
	}
	return nil
}

// binDir finds the newest installed PostgreSQL's programs.
func binDir() (string, error) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool {
		vi, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[i])))
		vj, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[j])))
		return vi > vj
	})
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	return "", fmt.Errorf("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): apt-get install postgresql, or run ./test.sh, which does")
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
