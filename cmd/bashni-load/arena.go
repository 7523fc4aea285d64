package main

// The arena's load (-arena): -players named players on one node join an
// arena before it starts; from its start they are paired, and each game
// ends after a think time (-think: White resigns), after which both wait
// to be paired again. It reports the time from when a player starts
// waiting (the arena's start, or the end of their game as their connection
// saw it) until they are seated in the next game, and the time from the
// end of a player's game until the table pushed to them (arena-update, the
// player's own row) counts it: each player watches the arena, so this is
// the standings' delay at every watcher.

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"bashni/online/protocol"
)

// amsg is the little of a server message the arena's load reads.
type amsg struct {
	Type    string          `json:"type"`
	Re      int64           `json:"re"`
	Game    string          `json:"game"`
	Seat    string          `json:"seat"`
	ArenaID string          `json:"arenaId"`
	Code    string          `json:"code"`
	Message string          `json:"message"`
	Arena   *protocol.Arena `json:"arena"`
	Update  *struct {
		Game   string `json:"game"`
		Status string `json:"status"`
	} `json:"update"`
}

// aplayer is one simulated arena player.
type aplayer struct {
	ws      *websocket.Conn
	id      atomic.Int64
	mu      sync.Mutex
	pending map[int64]chan amsg

	waitFrom time.Time // waiting since (zero: not waiting, or not measured)
	endSeen  time.Time // the end of the last game, until the table counts it
	counted  int       // games on the player's row as last pushed
	game     string
}

type arenaLoad struct {
	url      string
	think    time.Duration
	pairing  histogram
	table    histogram
	games    atomic.Int64
	broken   atomic.Int64
	failures atomic.Int64
	lastErr  atomic.Value
	measure  atomic.Bool
}

func runArena(o options, players int) error {
	need := uint64(players + fdMargin)
	limit := raiseFileLimit(need)
	if limit < need {
		return fmt.Errorf("the open-file limit %d allows at most %d players: raise it (ulimit -n)", limit, limit-fdMargin)
	}
	stopServer, serverPID, err := useServer(&o)
	if err != nil {
		return err
	}
	defer stopServer()
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	l := &arenaLoad{url: strings.Replace(o.serverURL, "http", "ws", 1) + protocol.SocketPath, think: o.think}
	start := time.Now()
	ps := make([]*aplayer, players)
	sem := make(chan struct{}, o.setups)
	var wg sync.WaitGroup
	var firstErr atomic.Value
	for i := range ps {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			p, err := l.dial(ctx, i)
			if err != nil {
				firstErr.CompareAndSwap(nil, err)
				return
			}
			ps[i] = p
		}()
	}
	wg.Wait()
	if err, ok := firstErr.Load().(error); ok {
		return err
	}
	log.Printf("%d named players connected after %.1f s", players, time.Since(start).Seconds())
	// The arena starts once everyone has joined: 2 s a hundred players.
	startsIn := 10 + players/50
	minutes := max(10, int((time.Duration(startsIn)*time.Second+o.measure)/time.Minute)+2)
	cr, err := ps[0].ask(ctx, fmt.Sprintf(`{"type":"create-arena","name":"Load arena","variant":"bashni","clock":{"kind":"live","initial":180,"increment":2},"minutes":%d,"rated":true,"startsIn":%d}`, minutes, startsIn))
	if err != nil {
		return fmt.Errorf("creating the arena: %w", err)
	}
	id, starts := cr.Arena.ID, time.UnixMilli(cr.Arena.Starts)
	for i, p := range ps {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if _, err := p.ask(ctx, fmt.Sprintf(`{"type":"join-arena","arena":%q}`, id)); err != nil {
				firstErr.CompareAndSwap(nil, fmt.Errorf("player %d joining: %w", i, err))
			}
		}()
	}
	wg.Wait()
	if err, ok := firstErr.Load().(error); ok {
		return err
	}
	if time.Now().After(starts) {
		return fmt.Errorf("joining took longer than the %d s before the start: fewer -players", startsIn)
	}
	log.Printf("all joined arena %s; it starts in %.1f s; measuring for %v from the start…", id, time.Until(starts).Seconds(), o.measure)
	for _, p := range ps {
		p.mu.Lock()
		p.waitFrom = starts
		p.mu.Unlock()
	}
	l.measure.Store(true)
	select {
	case <-time.After(time.Until(starts)):
	case <-ctx.Done():
		return ctx.Err()
	}
	serverCPU0, selfCPU0 := cpuTime(serverPID), cpuTime(os.Getpid())
	select {
	case <-time.After(o.measure):
	case <-ctx.Done():
		return ctx.Err()
	}
	serverCPU, selfCPU := cpuTime(serverPID)-serverCPU0, cpuTime(os.Getpid())-selfCPU0
	full, ferr := fetchStats(o.debugURL)
	cancel()

	n, pq, pIn := l.pairing.quantiles(time.Second, 0.5, 0.9, 0.99)
	tn, tq, tIn := l.table.quantiles(2*time.Second, 0.5, 0.9, 0.99)
	fmt.Printf("\n== bashni-load -arena: %d players in one arena, a game lasting %v on average (White resigns), table pushed every 500 ms at most, measured %v from the start\n",
		players, o.think, o.measure)
	fmt.Printf("games:                 %d ends seen by the players (two a game), %d failures, %d broken connections\n", l.games.Load(), l.failures.Load(), l.broken.Load())
	if e, ok := l.lastErr.Load().(string); ok && e != "" {
		fmt.Printf("last failure:          %s\n", e)
	}
	fmt.Printf("waiting to paired:     %d pairings: p50 ≤%.0f ms, p90 ≤%.0f ms, p99 ≤%.0f ms, max %.1f ms; %.2f%% within 1 s\n",
		n, pq[0], pq[1], pq[2], float64(l.pairing.max.Load())/1e6, 100*pIn)
	fmt.Printf("game end to table:     %d (game, player) arrivals: p50 ≤%.0f ms, p90 ≤%.0f ms, p99 ≤%.0f ms, max %.1f ms; %.2f%% within 2 s\n",
		tn, tq[0], tq[1], tq[2], float64(l.table.max.Load())/1e6, 100*tIn)
	if serverCPU > 0 {
		fmt.Printf("CPU while measuring:   server %.1f s, simulated players %.1f s, in %v (%.2f cores together)\n",
			serverCPU.Seconds(), selfCPU.Seconds(), o.measure, (serverCPU+selfCPU).Seconds()/o.measure.Seconds())
	}
	if ferr == nil {
		fmt.Printf("server:                %d connections, %d games in memory, heap %.0f MB, resident %.0f MB, %d goroutines\n",
			full.Connections, full.Games, mb(full.HeapBytes), mb(full.RSSBytes), full.Goroutines)
	}
	fmt.Printf("machine:               %d cores, load average %s (the players and the server share it)\n", runtime.NumCPU(), loadavg())
	return nil
}

// dial connects player i and names it.
func (l *arenaLoad) dial(ctx context.Context, i int) (*aplayer, error) {
	ws, _, err := websocket.Dial(ctx, l.url, nil)
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 20)
	p := &aplayer{ws: ws, pending: map[int64]chan amsg{}}
	go p.read(ctx, l)
	go p.keepAlive(ctx)
	for _, m := range []string{
		`{"type":"hello","protocol":1,"client":"bashni-load"}`,
		fmt.Sprintf(`{"type":"identify","key":%q}`, protocol.NewKey()),
		fmt.Sprintf(`{"type":"set-name","name":"load%05d"}`, i),
	} {
		if _, err := p.ask(ctx, m); err != nil {
			return nil, fmt.Errorf("player %d: %s: %w", i, m[:24], err)
		}
	}
	return p, nil
}

// ask sends a request (msg without its id) and waits for the answer.
func (p *aplayer) ask(ctx context.Context, msg string) (amsg, error) {
	id := p.id.Add(1)
	ch := make(chan amsg, 1)
	p.mu.Lock()
	p.pending[id] = ch
	p.mu.Unlock()
	msg = msg[:len(msg)-1] + fmt.Sprintf(`,"id":%d}`, id)
	if err := p.ws.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
		return amsg{}, err
	}
	select {
	case m := <-ch:
		if m.Type == protocol.TypeError {
			return m, fmt.Errorf("%s: %s", m.Code, m.Message)
		}
		return m, nil
	case <-time.After(30 * time.Second):
		return amsg{}, fmt.Errorf("no answer to %s", msg)
	case <-ctx.Done():
		return amsg{}, ctx.Err()
	}
}

func (p *aplayer) send(ctx context.Context, msg string) {
	p.ws.Write(ctx, websocket.MessageText, []byte(msg))
}

func (p *aplayer) keepAlive(ctx context.Context) {
	t := time.NewTicker(20 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			p.send(ctx, `{"type":"ping"}`)
		}
	}
}

// read takes the player's messages: answers, its seats, its games' ends
// and the table.
func (p *aplayer) read(ctx context.Context, l *arenaLoad) {
	for {
		_, data, err := p.ws.Read(ctx)
		if err != nil {
			if ctx.Err() == nil {
				l.broken.Add(1)
			}
			return
		}
		var m amsg
		if json.Unmarshal(data, &m) != nil {
			continue
		}
		now := time.Now()
		p.mu.Lock()
		if ch := p.pending[m.Re]; m.Re != 0 && ch != nil {
			delete(p.pending, m.Re)
			ch <- m
		}
		switch {
		case m.Type == protocol.TypeError && m.Re == 0:
			l.failures.Add(1)
			l.lastErr.Store(m.Code + ": " + m.Message)
		case m.Type == protocol.TypeSeated && m.Re == 0 && m.ArenaID != "":
			if !p.waitFrom.IsZero() && l.measure.Load() && !now.Before(p.waitFrom) {
				l.pairing.add(now.Sub(p.waitFrom))
			}
			p.waitFrom, p.game = time.Time{}, m.Game
			if m.Seat == protocol.White {
				// White resigns after thinking: the game's length.
				think := time.Duration(float64(l.think) * (0.5 + rand.Float64()))
				time.AfterFunc(think, func() { p.send(ctx, `{"type":"resign"}`) })
			}
		case m.Type == protocol.TypeUpdate && m.Update != nil && m.Update.Game == p.game && m.Update.Status == protocol.StatusOver:
			p.waitFrom, p.endSeen, p.game = now, now, ""
			l.games.Add(1)
		case (m.Type == protocol.TypeArenaUpdate || m.Type == protocol.TypeArenaState) && m.Arena != nil && m.Arena.You != nil:
			if n := len(m.Arena.You.Sheet); n > p.counted {
				p.counted = n
				if !p.endSeen.IsZero() && l.measure.Load() {
					l.table.add(now.Sub(p.endSeen))
				}
				p.endSeen = time.Time{}
			}
		}
		p.mu.Unlock()
	}
}
