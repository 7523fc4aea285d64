// Command bashni-load is the load benchmark of the online server: simulated
// players play many concurrent games on loopback against one node, and it
// reports the games held, moves per second, the move relay time (from the
// mover sending a move to the opponent receiving it) and the server's memory
// per game. It is a documented command, not a test (README, docs/ONLINE.md).
//
//	go run ./cmd/bashni-load                         # 10,000 games, a move every 5 s per game
//	go run ./cmd/bashni-load -games 2000 -think 1s -measure 30s
//	go run ./cmd/bashni-load -db postgres://…        # the node on PostgreSQL
//	go run ./cmd/bashni-load -arena -players 1000 -think 5s   # an arena: waiting to paired, game end to table
//
// By default it starts the node itself, as a child process (the same binary,
// so client and server memory are counted apart), on a fresh SQLite file,
// with the rate limits off (every simulated player has the same address).
// It raises its open-file limit to what 2 connections a game need, and the
// child inherits it.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"bashni/online/protocol"
	"bashni/online/server"
	"bashni/rules"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("bashni-load: ")
	// The nodes it starts collect as bashni-server's do, and the load's
	// own process as seldom: its pauses would be counted as the server's
	// latency. The children inherit the setting.
	server.TuneGC()
	if os.Getenv("GOGC") == "" {
		os.Setenv("GOGC", strconv.Itoa(server.GCPercent))
	}
	if os.Getenv(natsServeEnv) != "" {
		if err := serveNATS(); err != nil {
			log.Fatal(err)
		}
		return
	}
	if os.Getenv(seekersEnv) != "" {
		if err := serveSeekers(); err != nil {
			log.Fatal(err)
		}
		return
	}
	if os.Getenv(childEnv) != "" {
		if err := serveChild(); err != nil {
			log.Fatal(err)
		}
		return
	}
	if err := run(); err != nil {
		log.Fatal(err)
	}
}

type options struct {
	games     int
	think     time.Duration
	measure   time.Duration
	setups    int
	db        string
	serverURL string
	debugURL  string
}

func run() error {
	var o options
	var lo lobbyOptions
	flag.IntVar(&o.games, "games", 10000, "concurrent games (two connections each)")
	flag.DurationVar(&o.think, "think", 5*time.Second, "mean time a player takes over a move (uniform in 0.5–1.5×)")
	flag.DurationVar(&o.measure, "measure", 60*time.Second, "how long to measure once every game is going")
	flag.IntVar(&o.setups, "setups", 100, "games being set up at once during the ramp")
	flag.StringVar(&o.db, "db", "", "the child node's store (default: a fresh SQLite file in a temporary directory)")
	flag.StringVar(&o.serverURL, "server", "", "load this running server instead of starting one (http://host:port)")
	flag.StringVar(&o.debugURL, "debug", "", "with -server: its -debug-addr, for its memory figures (http://host:port)")
	lobbyMode := flag.Bool("lobby", false, "the lobby's load instead: -players connected, -watchers of them watching the lobby, -seeks a minute paired by quick pairing (lobby.go)")
	flag.IntVar(&lo.players, "players", 10000, "with -lobby: connected players")
	flag.IntVar(&lo.watchers, "watchers", 10000, "with -lobby: how many of the players watch the lobby")
	flag.IntVar(&lo.seeksPerMinute, "seeks", 1000, "with -lobby: seeks a minute, each taken by a quick pairing")
	flag.IntVar(&lo.seekers, "seekers", 200, "with -lobby: how many of the players open and take the seeks, in a process of their own, as players on their own devices (they watch the lobby too when every player does); 0: all players in the load's process")
	flag.StringVar(&lo.server2, "server2", "", "with -lobby and -server: a second node of the same cluster; half the players connect to each, and every seek opened on one is taken on the other")
	flag.IntVar(&lo.nodes, "nodes", 1, "with -lobby: 2 starts two nodes of one cluster (a private PostgreSQL, NATS) and loads them as -server and -server2 would, then stops them")
	flag.DurationVar(&lo.every, "lobby-every", 0, "with -lobby: how often the node pushes lobby updates (default: the server's, 250ms)")
	arenaMode := flag.Bool("arena", false, "an arena's load instead: -players named players in one arena, each game lasting -think on average (arena.go)")
	flag.Parse()
	if *arenaMode {
		return runArena(o, lo.players)
	}
	if *lobbyMode {
		return runLobby(o, lo)
	}

	// Each game holds two connections: two descriptors here and two in the
	// server, which also has its listeners and database files.
	need := uint64(2*o.games + fdMargin)
	limit := raiseFileLimit(need)
	log.Printf("open files limit: %d (%d games need %d here and about as many in the server)", limit, o.games, need)
	if limit < need {
		return fmt.Errorf("the open-file limit %d allows at most %d games: raise it (ulimit -n; the hard limit needs root with CAP_SYS_RESOURCE) or use -games %d",
			limit, (limit-fdMargin)/2, (limit-fdMargin)/2)
	}

	stopServer, serverPID, err := useServer(&o)
	if err != nil {
		return err
	}
	defer stopServer()
	base, err := fetchStats(o.debugURL)
	if err != nil {
		log.Printf("no memory figures from the server: %v", err)
	}

	lt := &loadTest{o: o, url: strings.Replace(o.serverURL, "http", "ws", 1) + protocol.SocketPath}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	start := time.Now()
	if err := lt.ramp(ctx); err != nil {
		return err
	}
	log.Printf("%d games going after %.1f s; measuring for %v…", lt.established.Load(), time.Since(start).Seconds(), o.measure)
	lt.reset()
	serverCPU0, selfCPU0 := cpuTime(serverPID), cpuTime(os.Getpid())
	select {
	case <-time.After(o.measure):
	case <-ctx.Done():
		return ctx.Err()
	}
	r := lt.snapshot(o.measure)
	serverCPU, selfCPU := cpuTime(serverPID)-serverCPU0, cpuTime(os.Getpid())-selfCPU0
	full, ferr := fetchStats(o.debugURL)
	cancel()

	fmt.Printf("\n== bashni-load: %d games, a move every %v per game on average (mean think time), measured %v\n", o.games, o.think, o.measure)
	fmt.Printf("games held:            %d (server: %d games in memory, %d connections)\n", lt.established.Load(), full.Games, full.Connections)
	fmt.Printf("moves relayed:         %d, %.0f moves/s\n", r.count, float64(r.count)/o.measure.Seconds())
	fmt.Printf("move relay time:       p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms\n", r.p50, r.p90, r.p99, r.max)
	fmt.Printf("errors:                %d refused moves, %d broken connections, %d games finished and restarted\n", lt.refused.Load(), lt.broken.Load(), lt.finished.Load())
	if r.count > 0 && serverCPU > 0 {
		fmt.Printf("CPU per move:          server %.0f µs, simulated players %.0f µs (CPU time used while measuring ÷ moves; independent of other load)\n",
			float64(serverCPU.Microseconds())/float64(r.count), float64(selfCPU.Microseconds())/float64(r.count))
	}
	if err == nil && ferr == nil && full.Games > 0 {
		fmt.Printf("server memory:         heap %.0f MB (%.0f MB at start), %.1f KB a game; process %.0f MB resident; %d goroutines\n",
			mb(full.HeapBytes), mb(base.HeapBytes), float64(full.HeapBytes-base.HeapBytes)/1024/float64(o.games), mb(full.RSSBytes), full.Goroutines)
	}
	fmt.Printf("machine:               %d cores, load average %s (other work on the machine makes these figures pessimistic)\n", runtime.NumCPU(), loadavg())
	return nil
}

func mb(b uint64) float64 { return float64(b) / 1e6 }

// cpuTime is the CPU time (user and system) a process has used, from
// /proc/<pid>/stat; 0 where there is no /proc.
// cpuTimes is the CPU time of the processes together.
func cpuTimes(pids []int) time.Duration {
	var t time.Duration
	for _, p := range pids {
		t += cpuTime(p)
	}
	return t
}

func cpuTime(pid int) time.Duration {
	if pid == 0 {
		return 0
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// Fields after the command name (which may hold spaces) in parentheses.
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	var utime, stime int64
	fmt.Sscan(f[11], &utime)
	fmt.Sscan(f[12], &stime)
	const ticks = 100 // USER_HZ on Linux
	return time.Duration(utime+stime) * time.Second / ticks
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:3], " ")
}

// raiseFileLimit raises the open-file limit (the hard one too, where
// allowed: root) to want, and returns the soft limit in force.
func raiseFileLimit(want uint64) uint64 {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		return 0
	}
	if l.Max < want {
		n := l
		n.Max, n.Cur = want, want
		if syscall.Setrlimit(syscall.RLIMIT_NOFILE, &n) == nil {
			return want
		}
	}
	if l.Cur < want {
		l.Cur = min(want, l.Max)
		syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l)
	}
	syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l)
	return l.Cur
}

// loadTest is the simulated players.
type loadTest struct {
	o   options
	url string

	established atomic.Int64
	refused     atomic.Int64
	broken      atomic.Int64
	finished    atomic.Int64

	mu      sync.Mutex
	samples []float64 // relay times in ms since the last reset
}

func (lt *loadTest) reset() {
	lt.mu.Lock()
	lt.samples = lt.samples[:0]
	lt.mu.Unlock()
	lt.refused.Store(0)
	lt.broken.Store(0)
	lt.finished.Store(0)
}

func (lt *loadTest) record(d time.Duration) {
	lt.mu.Lock()
	lt.samples = append(lt.samples, float64(d.Microseconds())/1000)
	lt.mu.Unlock()
}

type result struct {
	count              int
	p50, p90, p99, max float64
}

func (lt *loadTest) snapshot(time.Duration) result {
	lt.mu.Lock()
	s := slices.Clone(lt.samples)
	lt.mu.Unlock()
	slices.Sort(s)
	r := result{count: len(s)}
	if len(s) == 0 {
		return r
	}
	q := func(p float64) float64 { return s[min(len(s)-1, int(p*float64(len(s))))] }
	r.p50, r.p90, r.p99, r.max = q(0.5), q(0.9), q(0.99), s[len(s)-1]
	return r
}

// ramp sets every game up, a few at a time, and leaves them playing.
func (lt *loadTest) ramp(ctx context.Context) error {
	sem := make(chan struct{}, lt.o.setups)
	errc := make(chan error, 1)
	var wg sync.WaitGroup
	last := time.Now()
	for i := range lt.o.games {
		select {
		case err := <-errc:
			return err
		case <-ctx.Done():
			return ctx.Err()
		case sem <- struct{}{}:
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			g, err := lt.newGame(ctx, uint64(i))
			<-sem
			if err != nil {
				select {
				case errc <- fmt.Errorf("setting up game %d: %w", i, err):
				default:
				}
				return
			}
			lt.established.Add(1)
			go g.play(ctx)
		}()
		if time.Since(last) > 10*time.Second {
			log.Printf("%d games set up…", lt.established.Load())
			last = time.Now()
		}
	}
	wg.Wait()
	select {
	case err := <-errc:
		return err
	default:
	}
	return nil
}

// player is one simulated player's connection.
type player struct {
	ws   *websocket.Conn
	msgs chan protocol.ServerMessage // answers and states, for the game's driver
}

// simGame is two players and the game they play.
type simGame struct {
	lt      *loadTest
	p       [2]*player // by colour: p[0] white
	rules   *rules.Game
	rng     *rand.Rand
	sentAt  atomic.Int64 // when the last move was sent (UnixNano)
	sentPly atomic.Int64 // the ply that move made
	arrived chan int     // the opponent received the update of this ply
}

func (lt *loadTest) dial(ctx context.Context, g *simGame, seat int) (*player, error) {
	ctx2, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx2, lt.url, nil)
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 20)
	p := &player{ws: ws, msgs: make(chan protocol.ServerMessage, 16)}
	go p.read(ctx, g, seat)
	if err := p.send(protocol.ClientMessage{Type: protocol.TypeHello, Protocol: protocol.Version, ID: 1}); err != nil {
		return nil, err
	}
	if _, err := p.await(ctx, protocol.TypeWelcome); err != nil {
		return nil, err
	}
	return p, nil
}

// send writes m. Writes and reads take no context that can end (a
// cancellable one costs the WebSocket a timer and an AfterFunc per message,
// which the measuring players must not spend): the game's driver closes
// the connection when the test ends.
func (p *player) send(m protocol.ClientMessage) error {
	b, _ := json.Marshal(m)
	return p.ws.Write(context.Background(), websocket.MessageText, b)
}

func (p *player) await(ctx context.Context, typ string) (protocol.ServerMessage, error) {
	t := time.NewTimer(60 * time.Second)
	defer t.Stop()
	for {
		select {
		case m, ok := <-p.msgs:
			if !ok {
				return m, fmt.Errorf("connection closed waiting for %s", typ)
			}
			if m.Type == protocol.TypeError {
				return m, fmt.Errorf("%s: %s", m.Code, m.Message)
			}
			if m.Type == typ {
				return m, nil
			}
		case <-t.C:
			return protocol.ServerMessage{}, fmt.Errorf("no %s in 60 s", typ)
		case <-ctx.Done():
			return protocol.ServerMessage{}, ctx.Err()
		}
	}
}

// read takes every message: updates of the opponent's moves go to the
// game's driver with their arrival time; answers go to msgs.
func (p *player) read(ctx context.Context, g *simGame, seat int) {
	defer close(p.msgs)
	for {
		_, b, err := p.ws.Read(context.Background()) // see send
		if err != nil {
			if ctx.Err() == nil {
				g.lt.broken.Add(1)
			}
			return
		}
		var m protocol.ServerMessage
		if err := json.Unmarshal(b, &m); err != nil {
			continue
		}
		switch m.Type {
		case protocol.TypeUpdate:
			u := m.Update
			if u.Event == protocol.EventMove && u.By != seatName(seat) && int64(u.Ply) == g.sentPly.Load() {
				g.lt.record(time.Since(time.Unix(0, g.sentAt.Load())))
				select {
				case g.arrived <- u.Ply:
				default:
				}
			}
		case protocol.TypeOK, protocol.TypePresence, protocol.TypePong:
		case protocol.TypeError:
			if m.Code == protocol.ErrIllegalMove || m.Code == protocol.ErrStale || m.Code == protocol.ErrNotYourTurn {
				g.lt.refused.Add(1)
			}
			fallthrough
		default:
			select {
			case p.msgs <- m:
			default:
			}
		}
	}
}

func seatName(seat int) string {
	if seat == 0 {
		return protocol.White
	}
	return protocol.Black
}

func (lt *loadTest) newGame(ctx context.Context, seed uint64) (*simGame, error) {
	g := &simGame{lt: lt, rng: rand.New(rand.NewPCG(seed, 99)), arrived: make(chan int, 1)}
	for seat := range g.p {
		p, err := lt.dial(ctx, g, seat)
		if err != nil {
			return nil, err
		}
		g.p[seat] = p
	}
	return g, g.start(ctx)
}

// start creates a game from white's connection and joins it from black's.
func (g *simGame) start(ctx context.Context) error {
	if err := g.p[0].send(protocol.ClientMessage{Type: protocol.TypeCreate, ID: 2, Variant: "bashni", Color: protocol.White, Clock: &protocol.Clock{Kind: protocol.ClockNone}}); err != nil {
		return err
	}
	seated, err := g.p[0].await(ctx, protocol.TypeSeated)
	if err != nil {
		return err
	}
	if err := g.p[1].send(protocol.ClientMessage{Type: protocol.TypeJoin, ID: 3, Game: seated.Game}); err != nil {
		return err
	}
	if _, err := g.p[1].await(ctx, protocol.TypeSeated); err != nil {
		return err
	}
	g.rules = rules.NewGame(rules.Bashni)
	return nil
}

// play moves for both sides until the context ends, starting a new game
// whenever one finishes.
func (g *simGame) play(ctx context.Context) {
	defer g.p[0].ws.CloseNow()
	defer g.p[1].ws.CloseNow()
	think := g.lt.o.think
	for ctx.Err() == nil {
		if g.rules.Outcome().Over() {
			g.lt.finished.Add(1)
			if err := g.start(ctx); err != nil {
				return
			}
		}
		wait := time.Duration(float64(think) * (0.5 + g.rng.Float64()))
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		legal := g.rules.LegalMoves()
		m := legal[g.rng.IntN(len(legal))]
		side := g.rules.Position().SideToMove()
		ply := g.rules.Ply()
		g.sentPly.Store(int64(ply + 1))
		g.sentAt.Store(time.Now().UnixNano())
		if err := g.p[side].send(protocol.ClientMessage{Type: protocol.TypeMove, Move: m.String(), Ply: ply}); err != nil {
			return
		}
		g.rules.Play(m)
		select {
		case <-g.arrived:
		case <-time.After(60 * time.Second):
			g.lt.broken.Add(1)
			return
		case <-ctx.Done():
			return
		}
	}
}

// --- the server, as a child process -----------------------------------------

const childEnv = "BASHNI_LOAD_CHILD"

// fdMargin is the descriptors a process needs besides the games'.
const fdMargin = 100

type child struct {
	cmd      *exec.Cmd
	url      string
	debugURL string
	dir      string
}

// useServer starts a node of its own when o names none (-server) and points
// o at it. stop ends that node (nothing to do for someone else's); pid is
// its process, 0 for a server not ours (whose CPU time is not measured).
func useServer(o *options) (stop func(), pid int, err error) {
	if o.serverURL != "" {
		return func() {}, 0, nil
	}
	c, err := startChild(o.db, nil)
	if err != nil {
		return nil, 0, err
	}
	o.serverURL, o.debugURL = c.url, c.debugURL
	return c.stop, c.cmd.Process.Pid, nil
}

// startChild starts a node on db, with env added to its environment.
func startChild(db string, env []string) (*child, error) {
	dir := "" // a fresh SQLite file's, removed with the child
	if db == "" {
		var err error
		if dir, err = os.MkdirTemp("", "bashni-load-"); err != nil {
			return nil, err
		}
		db = filepath.Join(dir, "games.db")
	}
	c, f, err := spawn(append(env, childEnv+"="+db), 3)
	if err != nil {
		if dir != "" {
			os.RemoveAll(dir)
		}
		return nil, fmt.Errorf("the server did not start: %w", err)
	}
	c.dir = dir
	c.url, c.debugURL = "http://"+f[1], "http://"+f[2]
	log.Printf("server (pid %d) at %s (figures and profiles at %s/debug/), games in %s", c.cmd.Process.Pid, c.url, c.debugURL, db)
	return c, nil
}

// spawn starts this binary again with env added to its environment and
// reads its first line, "ready" and fields-1 more fields.
func spawn(env []string, fields int) (*child, []string, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, nil, err
	}
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), env...)
	c := &child{cmd: cmd}
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, err
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		c.stop()
		return nil, nil, err
	}
	f := strings.Fields(line)
	if len(f) != fields || f[0] != "ready" {
		c.stop()
		return nil, nil, fmt.Errorf("the child said %q", line)
	}
	go io.Copy(io.Discard, out)
	return c, f, nil
}

func (c *child) stop() {
	c.cmd.Process.Signal(syscall.SIGTERM) // not SIGINT: a background job may have inherited it ignored
	done := make(chan struct{})
	go func() { c.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		c.cmd.Process.Kill()
		<-done
	}
	if c.dir != "" {
		os.RemoveAll(c.dir)
	}
}

// stats is what the server's debug listener reports.
type stats struct {
	Games       int    `json:"games"`
	Connections int    `json:"connections"`
	HeapBytes   uint64 `json:"heapBytes"`
	RSSBytes    uint64 `json:"rssBytes"`
	Goroutines  int    `json:"goroutines"`
}

func fetchStats(debugURL string) (stats, error) {
	var s stats
	if debugURL == "" {
		return s, fmt.Errorf("no -debug address")
	}
	resp, err := http.Get(debugURL + "/debug/stats")
	if err != nil {
		return s, err
	}
	defer resp.Body.Close()
	return s, json.NewDecoder(resp.Body).Decode(&s)
}
