package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"bashni/internal/testwait"
	"bashni/online/arena"
	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/online/referee"
	"bashni/online/server"
	"bashni/online/store"
	"bashni/rules"
)

// arenaConfig is quick: pairing every 50 ms, the table pushed every
// 100 ms, leases of 2 s, no schedule and no rate limits.
func arenaConfig() server.ArenaConfig {
	return server.ArenaConfig{NoSchedule: true, Tick: 50 * time.Millisecond, Push: 100 * time.Millisecond, Lease: 2 * time.Second,
		CreatePerHour: -1, RequestsPerMinute: -1, Grace: 500 * time.Millisecond}
}

// newTestArena stores an arena that pairs from now for span: shorter than
// any a player may make, which the store allows (the settings' minutes
// are what players are shown).
func newTestArena(t *testing.T, st store.Store, span time.Duration) store.Arena {
	t.Helper()
	set := arena.Settings{Name: "Test arena", Variant: "bashni", Clock: protocol.Clock{Kind: protocol.ClockLive, Initial: 180, Increment: 2}, Minutes: arena.MinMinutes}
	data, _ := json.Marshal(set)
	now := time.UnixMilli(time.Now().UnixMilli())
	a := store.Arena{ID: protocol.NewSeekID(), Data: data, Starts: now, Ends: now.Add(span), Creator: "test", Created: now}
	if err := st.CreateArena(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	return a
}

// bot is a simulated arena player on the Go client: it joins, plays
// random legal moves in every game the arena gives it (berserk now and
// then, resigning now and then so that games stay short), and when its
// node dies it reconnects to another node and joins again.
type bot struct {
	name, key string
	urls      []string // nodes to try, in order
	arena     string
	rng       *rand.Rand

	mu     sync.Mutex
	conn   *client.Conn
	games  []string // games it was seated in, in order
	moves  int
	rejoin int // joins after a lost connection
	err    error
}

func newBot(i int, arenaID string, urls []string) *bot {
	return &bot{name: fmt.Sprintf("b%s%02d", arenaID[:6], i), key: protocol.NewKey(), urls: urls, arena: arenaID, rng: rand.New(rand.NewPCG(uint64(i), 25))}
}

func (b *bot) fail(err error) {
	b.mu.Lock()
	if b.err == nil {
		b.err = err
	}
	b.mu.Unlock()
}

// connect dials the first node that answers, identifies, names itself
// and joins the arena.
func (b *bot) connect(ctx context.Context) (*client.Conn, error) {
	var last error
	for ctx.Err() == nil {
		for _, u := range b.urls {
			c, err := client.Dial(ctx, u)
			if err != nil {
				last = err
				continue
			}
			if _, err := c.Identify(ctx, b.key); err != nil {
				c.Close()
				last = err
				continue
			}
			if _, err := c.SetName(ctx, b.name); err != nil && errCode(err) != protocol.ErrTooSoon {
				c.Close()
				last = err
				continue
			}
			if _, err := c.JoinArena(ctx, b.arena); err != nil {
				c.Close()
				last = err
				continue
			}
			return c, nil
		}
		select {
		case <-ctx.Done():
		case <-time.After(100 * time.Millisecond):
		}
	}
	return nil, fmt.Errorf("%s could not connect: %v (%v)", b.name, ctx.Err(), last)
}

// run plays until ctx ends.
func (b *bot) run(ctx context.Context) {
	first := true
	for ctx.Err() == nil {
		c, err := b.connect(ctx)
		if err != nil {
			if ctx.Err() == nil {
				b.fail(err)
			}
			return
		}
		b.mu.Lock()
		b.conn = c
		if !first {
			b.rejoin++
		}
		b.mu.Unlock()
		first = false
		b.play(ctx, c)
		c.Close()
	}
}

// play answers c's events until the connection ends.
func (b *bot) play(ctx context.Context, c *client.Conn) {
	acted := ""
	for {
		select {
		case <-ctx.Done():
			return
		case ev, open := <-c.Events():
			if !open || ev.Kind == client.KindClosed {
				return
			}
			if ev.Kind == client.KindArenaPaired {
				b.mu.Lock()
				if !slices.Contains(b.games, ev.Game) {
					b.games = append(b.games, ev.Game)
				}
				b.mu.Unlock()
			}
			st := c.State()
			if st.Status != protocol.StatusPlaying || st.You == protocol.Spectator || st.You == "" || st.Arena != b.arena {
				continue
			}
			g := rules.NewGame(rules.Bashni)
			for _, m := range st.Moves {
				if _, err := g.PlayText(m); err != nil {
					b.fail(fmt.Errorf("%s replaying %s: %v", b.name, st.Game, err))
					return
				}
			}
			if referee.SeatName(g.Position().SideToMove()) != st.You {
				continue
			}
			turn := fmt.Sprint(st.Game, "/", st.Ply)
			if turn == acted {
				continue
			}
			acted = turn
			// Fire and forget: the answer comes as an update, and a
			// request waiting here would stop the events being read.
			switch {
			case st.Ply < 2 && b.rng.IntN(4) == 0:
				go c.Berserk(ctx)
				go c.MoveAt(ctx, b.pick(g), st.Ply)
			case st.Ply >= 16 && b.rng.IntN(8) == 0:
				go c.Resign(ctx)
			default:
				go c.MoveAt(ctx, b.pick(g), st.Ply)
			}
			b.mu.Lock()
			b.moves++
			b.mu.Unlock()
		}
	}
}

func (b *bot) pick(g *rules.Game) string {
	legal := g.LegalMoves()
	return legal[b.rng.IntN(len(legal))].String()
}

// recompute is the arena's table from the games table alone: every
// arena game replayed from its stored events (result, length, berserk,
// end), scored by package arena. It also checks that the arena's own
// record of each game agrees, and that no player was in two games at once.
func recompute(t *testing.T, st store.Store, a store.Arena) []arena.Row {
	t.Helper()
	ctx := context.Background()
	es, err := st.Entries(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	gs, err := st.ArenaGames(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	players := make([]arena.Player, len(es))
	for i, e := range es {
		players[i] = arena.Player{ID: e.Player, Name: e.Name, Rating: e.Rating}
	}
	type span struct {
		game       string
		start, end time.Time
	}
	spans := map[string][]span{}
	var games []arena.Game
	for _, ag := range gs {
		g, err := st.Load(ctx, ag.Game)
		if err != nil {
			t.Fatalf("arena game %s: %v", ag.Game, err)
		}
		s, err := referee.Replay(ag.Game, g.Events)
		if err != nil {
			t.Fatal(err)
		}
		if s.Status() != referee.Over {
			t.Fatalf("arena game %s is still %s", ag.Game, s.Status())
		}
		res, _ := s.Outcome()
		if ag.Result != res.Score() || ag.Plies != s.Ply() || ag.Berserk != s.Berserk() || !ag.Ended.Equal(s.Updated) {
			t.Errorf("arena game %s recorded %s %d plies %v at %v; the game says %s %d %v at %v",
				ag.Game, ag.Result, ag.Plies, ag.Berserk, ag.Ended, res.Score(), s.Ply(), s.Berserk(), s.Updated)
		}
		if s.Arena() != a.ID {
			t.Errorf("game %s says arena %q", ag.Game, s.Arena())
		}
		games = append(games, arena.Game{ID: ag.Game, White: ag.White, Black: ag.Black, Result: res.Score(), Plies: s.Ply(), Berserk: s.Berserk(), Ended: s.Updated})
		for _, p := range []string{ag.White, ag.Black} {
			spans[p] = append(spans[p], span{ag.Game, s.Created, s.Updated})
		}
	}
	for p, ss := range spans {
		slices.SortFunc(ss, func(x, y span) int { return x.start.Compare(y.start) })
		for i := 1; i < len(ss); i++ {
			if ss[i].start.Before(ss[i-1].end) {
				t.Errorf("player %s was in games %s (%v–%v) and %s (from %v) at once", p, ss[i-1].game, ss[i-1].start, ss[i-1].end, ss[i].game, ss[i].start)
			}
		}
	}
	return arena.Standings(players, games, a.Ends)
}

// sameTable compares the served table with a recomputed one.
func sameTable(served []protocol.ArenaRow, want []arena.Row) error {
	if len(served) != len(want) {
		return fmt.Errorf("%d rows served, %d recomputed", len(served), len(want))
	}
	for i, w := range want {
		s := served[i]
		var sheet []int
		for _, sc := range w.Sheet.Scores {
			sheet = append(sheet, sc.Points)
		}
		if s.Rank != w.Rank || s.Name != w.Player.Name || s.Points != w.Sheet.Points || !slices.Equal(s.Sheet, sheet) || s.Streak != w.Sheet.OnStreak() {
			return fmt.Errorf("row %d served %+v, recomputed %d %s %d %v streak %v", i+1, s, w.Rank, w.Player.Name, w.Sheet.Points, sheet, w.Sheet.OnStreak())
		}
	}
	return nil
}

func natsConnect(url, name string) (*nats.Conn, error) { return nats.Connect(url, nats.Name(name)) }

func getArena(url, id string) (protocol.Arena, error) {
	var a protocol.Arena
	resp, err := http.Get(url + protocol.ArenasPath + id)
	if err != nil {
		return a, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return a, fmt.Errorf("GET arena %s: %s", id, resp.Status)
	}
	return a, json.NewDecoder(resp.Body).Decode(&a)
}

// storeWait polls a condition of the store or a server until it holds: a
// look every 20 ms, each a query.
var storeWait = testwait.Wait{Guard: 3 * patience, Every: 20 * time.Millisecond}

func endedGames(t *testing.T, st store.Store, id string) (ended, all int) {
	gs, err := st.ArenaGames(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range gs {
		if !g.Ended.IsZero() {
			ended++
		}
	}
	return ended, len(gs)
}

// TestArenaTwoNodesOneDies: 16 players on two nodes play a short arena;
// the node holding the arena's lease is killed half-way. The other node
// takes the lease over and pairs on, the players of the dead node come
// back through the other, and at the end the table served (and pushed to
// a watcher) equals a recomputation from the stored games, in which no
// player was ever in two games at once.
func TestArenaTwoNodesOneDies(t *testing.T) {
	natsURL := startNATS(t)
	mk := func(name string) *clusterNode {
		st, err := store.Open(context.Background(), pg.DSN)
		if err != nil {
			t.Fatal(err)
		}
		nc, err := natsConnect(natsURL, name)
		if err != nil {
			t.Fatal(err)
		}
		n := startNode(t, server.Config{Store: st, NATS: nc, Node: name, Heartbeat: time.Second, Arenas: arenaConfig(), MessagesPerSec: -1})
		cn := &clusterNode{node: n, st: st, nc: nc}
		t.Cleanup(func() { nc.Close(); st.Close() })
		return cn
	}
	nodes := []*clusterNode{mk("arena-a"), mk("arena-b")}
	check, err := store.Open(context.Background(), pg.DSN)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { check.Close() })
	a := newTestArena(t, check, 40*time.Second)

	// A watcher on node b follows the table.
	watcher := dial(t, nodes[1].url)
	if _, err := watcher.WatchArena(ctxT(t), a.ID, 1); err != nil {
		t.Fatal(err)
	}
	var lastMu sync.Mutex
	var last *protocol.Arena
	go func() {
		for ev := range watcher.Events() {
			if ev.Kind == client.KindArena {
				lastMu.Lock()
				last = ev.Arena
				lastMu.Unlock()
			}
		}
	}()

	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var bots []*bot
	var wg sync.WaitGroup
	for i := range 16 {
		urls := []string{nodes[i%2].url, nodes[1-i%2].url}
		b := newBot(i, a.ID, urls)
		bots = append(bots, b)
		wg.Add(1)
		go func() { defer wg.Done(); b.run(ctx) }()
	}
	t.Cleanup(func() { stop(); wg.Wait() })

	// Half-way: enough games played, then the lease holder dies.
	storeWait.For(t, "8 finished games", func() bool { n, _ := endedGames(t, check, a.ID); return n >= 8 })
	var holder store.Arena
	storeWait.For(t, "a lease holder", func() bool {
		holder, err = check.Arena(context.Background(), a.ID)
		return err == nil && holder.Lease != ""
	})
	dead, alive := nodes[0], nodes[1]
	if holder.Lease == "arena-b" {
		dead, alive = nodes[1], nodes[0]
		// The watcher was on b: follow from a.
		watcher = dial(t, alive.url)
		if _, err := watcher.WatchArena(ctxT(t), a.ID, 0); err != nil {
			t.Fatal(err)
		}
		go func() {
			for ev := range watcher.Events() {
				if ev.Kind == client.KindArena {
					lastMu.Lock()
					last = ev.Arena
					lastMu.Unlock()
				}
			}
		}()
	}
	killedAt := time.Now()
	if !killedAt.Before(a.Ends) {
		t.Fatalf("the machine is too slow: 8 games took the whole arena")
	}
	_, before := endedGames(t, check, a.ID)
	// The players on the dying node: under load a bot's first dial may
	// have gone to its second node, so they are counted, not assumed.
	onDead := map[*bot]int{}
	for _, b := range bots {
		b.mu.Lock()
		if b.conn != nil && b.conn.Node() == dead.srv.Node() {
			onDead[b] = b.rejoin
		}
		b.mu.Unlock()
	}
	if len(onDead) == 0 {
		t.Fatalf("no player was on %s when it was killed", dead.srv.Node())
	}
	dead.kill()
	storeWait.For(t, "the dead node's players back through the other", func() bool {
		for b, was := range onDead {
			b.mu.Lock()
			back := b.rejoin > was
			b.mu.Unlock()
			if !back {
				return false
			}
		}
		return true
	})

	// The other node takes over: new games are paired after the kill.
	storeWait.For(t, "games paired after the kill", func() bool { _, n := endedGames(t, check, a.ID); return n >= before+4 })
	storeWait.For(t, "the lease moved", func() bool {
		h, err := check.Arena(context.Background(), a.ID)
		return err == nil && h.Lease == alive.srv.Node()
	})

	// The end: every game finishes (those still playing at the end are
	// played out but do not count).
	storeWait.For(t, "the arena's end", func() bool { return time.Now().After(a.Ends) })
	storeWait.For(t, "every game over", func() bool { n, all := endedGames(t, check, a.ID); return n == all })
	stop()
	wg.Wait()
	for _, b := range bots {
		if b.err != nil {
			t.Errorf("%s: %v", b.name, b.err)
		}
		if len(b.games) == 0 {
			t.Errorf("%s played no game", b.name)
		}
	}
	rejoined := 0
	for _, b := range bots {
		rejoined += b.rejoin
	}
	if rejoined < len(onDead) {
		t.Errorf("%d players came back after the kill, want the dead node's %d", rejoined, len(onDead))
	}

	want := recompute(t, check, a)
	served, err := getArena(alive.url, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if served.Status != string(arena.Finished) {
		t.Errorf("status %s after the end", served.Status)
	}
	if err := sameTable(served.Standings, want); err != nil {
		t.Fatalf("served table: %v", err)
	}
	// The watcher's last push shows the same first page.
	page := want[:min(len(want), protocol.ArenaPageRows)]
	storeWait.For(t, "the final table pushed to the watcher", func() bool {
		lastMu.Lock()
		defer lastMu.Unlock()
		return last != nil && sameTable(last.Standings, page) == nil
	})
	var counts []int
	for _, r := range want {
		counts = append(counts, len(r.Sheet.Scores))
	}
	t.Logf("counted games per player, best first: %v", counts)
	gs, _ := check.ArenaGames(context.Background(), a.ID)
	aborted := 0
	for _, g := range gs {
		if g.Result == "*" {
			aborted++
		}
	}
	for _, b := range bots {
		t.Logf("%s: seated %d times, %d moves, %d rejoins", b.name, len(b.games), b.moves, b.rejoin)
	}
	t.Logf("%d aborted games", aborted)
	n, all := endedGames(t, check, a.ID)
	t.Logf("%d games (%d ended), %d counted for the winner %s with %d points; %d rejoins; killed %s", all, n,
		len(want[0].Sheet.Scores), want[0].Player.Name, want[0].Sheet.Points, rejoined, dead.srv.Node())

	// Each player's profile lists the arena.
	prof, err := watcher.Profile(ctxT(t), want[0].Player.Name)
	if err != nil {
		t.Fatal(err)
	}
	if len(prof.Arenas) != 1 || prof.Arenas[0].ID != a.ID || prof.Arenas[0].Rank != 1 || prof.Arenas[0].Points != want[0].Sheet.Points {
		t.Fatalf("profile arenas %+v", prof.Arenas)
	}
}
