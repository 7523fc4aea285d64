package protocol

import (
	"encoding/json"
	"strconv"
)

// Version is the protocol's version. A client says which one it speaks in
// its hello; the server refuses any other with "unsupported-version".
const Version = 1

// Paths served under a server's base address.
const (
	// SocketPath is where clients open the WebSocket.
	SocketPath = "/online/ws"
	// InfoPath answers a small JSON document describing the server (Info).
	InfoPath = "/online/info"
	// GamesPath prefixes /online/games/{code} (a game's summary, JSON) and
	// /online/games/{code}/record (its record, PROTOCOL.md's format).
	GamesPath = "/online/games/"
	// ArenasPath prefixes /online/arenas/{id}: an arena with its whole
	// table (Arena, JSON).
	ArenasPath = "/online/arenas/"
)

// Size limits. The server closes a WebSocket whose message exceeds
// MaxMessageBytes (close code 1009); the other limits are checked field by
// field and answered with "bad-message".
const (
	MaxMessageBytes = 4096
	MaxMoveText     = 64 // the longest route, 12 captures, is 38 characters
	MaxClientName   = 64
)

// Client message types (ClientMessage.Type).
const (
	TypeHello           = "hello"
	TypeCreate          = "create"
	TypeJoin            = "join"
	TypeResume          = "resume"
	TypeWatch           = "watch"
	TypeLeave           = "leave"
	TypeSync            = "sync"
	TypeMove            = "move"
	TypeResign          = "resign"
	TypeOfferDraw       = "offer-draw"
	TypeAnswerDraw      = "answer-draw"
	TypeRequestTakeback = "request-takeback"
	TypeAnswerTakeback  = "answer-takeback"
	TypeOfferRematch    = "offer-rematch"
	TypeAnswerRematch   = "answer-rematch"
	TypePing            = "ping"
)

// Server message types (ServerMessage.Type).
const (
	TypeWelcome  = "welcome"
	TypeSeated   = "seated"
	TypeWatching = "watching"
	TypeState    = "state"
	TypeUpdate   = "update"
	TypePresence = "presence"
	TypeOK       = "ok"
	TypeError    = "error"
	TypePong     = "pong"
)

// Update events (Update.Event): what changed the game. They are also the
// kinds of the events the server stores.
const (
	EventCreated           = "created"
	EventJoined            = "joined"
	EventMove              = "move"
	EventDrawOffered       = "draw-offered"
	EventDrawDeclined      = "draw-declined"
	EventDrawAgreed        = "draw-agreed"
	EventTakebackRequested = "takeback-requested"
	EventTakebackDeclined  = "takeback-declined"
	EventTakenBack         = "taken-back"
	EventResigned          = "resigned"
	EventTime              = "time"
	EventAbandoned         = "abandoned"
	EventRematchOffered    = "rematch-offered"
	EventRematchDeclined   = "rematch-declined"
	EventRematch           = "rematch"
)

// Seats and roles.
const (
	White     = "white"
	Black     = "black"
	Random    = "random" // only in create: the server draws the colour
	Spectator = "spectator"
)

// Game status (GameState.Status).
const (
	StatusWaiting = "waiting" // created, the second seat is still free
	StatusPlaying = "playing"
	StatusOver    = "over"
)

// Reasons a game ended (GameState.Reason). The first three come from the
// rules (shared/RULES.md), the same words as the engine protocol's status.
const (
	ReasonNoMoves     = "no-moves"
	ReasonRepetition  = "repetition"
	ReasonNoProgress  = "no-progress"
	ReasonAgreement   = "agreement"
	ReasonResignation = "resignation"
	ReasonTime        = "time"
	ReasonAbandonment = "abandonment"
)

// Clock kinds (Clock.Kind).
const (
	ClockNone           = "none"
	ClockLive           = "live"
	ClockCorrespondence = "correspondence"
)

// ClientMessage is every message a client sends: Type says which, and only
// the fields of that type are read (unknown fields are ignored, so later
// versions can add some). ID, when not zero, is echoed as Re in the answer;
// on the wire it is a positive whole number (0 is absent). Read a message
// with ParseClientMessage, which also checks each field's JSON type.
type ClientMessage struct {
	Type string `json:"type"`
	ID   int64  `json:"id,omitempty"`

	Protocol int    `json:"protocol,omitempty"` // hello
	Client   string `json:"client,omitempty"`   // hello: free text naming the program

	Variant string `json:"variant,omitempty"` // create: "bashni" or "lasca"
	Color   string `json:"color,omitempty"`   // create: "white", "black" or "random"
	Clock   *Clock `json:"clock,omitempty"`   // create; absent means no clock

	Game  string `json:"game,omitempty"`  // join, resume, watch: the game's code
	Token string `json:"token,omitempty"` // resume: the seat's token

	Move string `json:"move,omitempty"` // move: PROTOCOL.md notation
	Ply  int    `json:"ply"`            // move: plies played before it (GameState.Ply)

	Accept *bool `json:"accept,omitempty"` // answer-draw, answer-takeback, answer-rematch

	// Players (identity.go).
	Key   string `json:"key,omitempty"`   // identify, claim-transfer: the device's player key
	Name  string `json:"name,omitempty"`  // set-name, profile
	Code  string `json:"code,omitempty"`  // claim-transfer: the transfer code
	Speed string `json:"speed,omitempty"` // leaderboard

	Rated *bool        `json:"rated,omitempty"` // seek, quick-pair (lobby.go)
	Range *RatingRange `json:"range,omitempty"` // seek, quick-pair
	Seek  string       `json:"seek,omitempty"`  // cancel-seek, accept-seek: the seek's id

	// Arenas (arena.go).
	Arena    string `json:"arena,omitempty"`    // join-arena, leave-arena, watch-arena: the arena's id
	Page     int    `json:"page,omitempty"`     // watch-arena: the standings' page (1-based; 0: the first)
	Minutes  int    `json:"minutes,omitempty"`  // create-arena: how long it pairs
	StartsIn int    `json:"startsIn,omitempty"` // create-arena: seconds until it starts
}

// Clock is a game's time control. Its JSON has the fields its kind uses,
// zero or not (a live clock's "increment":0 is written), and any other
// field that is set (so that a bad clock reads back as sent).
type Clock struct {
	Kind      string `json:"kind"`                // "none", "live" or "correspondence"
	Initial   int    `json:"initial,omitempty"`   // live: seconds on each clock at the start
	Increment int    `json:"increment,omitempty"` // live: seconds added after each move
	Days      int    `json:"days,omitempty"`      // correspondence: days for each move
}

// MarshalJSON writes the fields c's kind uses even when they are 0.
func (c Clock) MarshalJSON() ([]byte, error) {
	kind, err := json.Marshal(c.Kind)
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, 64)
	b = append(b, `{"kind":`...)
	b = append(b, kind...)
	field := func(name string, v int, always bool) {
		if v != 0 || always {
			b = append(b, `,"`...)
			b = append(b, name...)
			b = append(b, `":`...)
			b = strconv.AppendInt(b, int64(v), 10)
		}
	}
	field("initial", c.Initial, c.Kind == ClockLive)
	field("increment", c.Increment, c.Kind == ClockLive)
	field("days", c.Days, c.Kind == ClockCorrespondence)
	return append(b, '}'), nil
}

// Common time controls.
var (
	Untimed = Clock{Kind: ClockNone}
	Blitz5  = Clock{Kind: ClockLive, Initial: 5 * 60, Increment: 3}  // 5+3
	Rapid10 = Clock{Kind: ClockLive, Initial: 10 * 60, Increment: 5} // 10+5
)

// ServerMessage is every message the server sends.
type ServerMessage struct {
	Type string `json:"type"`
	Re   int64  `json:"re,omitempty"` // the ID of the request answered

	Protocol int    `json:"protocol,omitempty"` // welcome
	Node     string `json:"node,omitempty"`     // welcome: which server node answers

	Game  string `json:"game,omitempty"`  // seated, watching, presence
	Seat  string `json:"seat,omitempty"`  // seated: your seat; presence: whose
	Token string `json:"token,omitempty"` // seated: the secret that holds the seat

	Online *bool `json:"online,omitempty"` // presence

	State  *GameState `json:"state,omitempty"`  // state
	Update *Update    `json:"update,omitempty"` // update

	Code    string `json:"code,omitempty"`    // error: one of the Err… codes
	Message string `json:"message,omitempty"` // error: says what is wrong, for people

	// Players (identity.go).
	Identity    *Identity    `json:"identity,omitempty"`    // identity
	Transfer    *Transfer    `json:"transfer,omitempty"`    // transfer
	Profile     *Profile     `json:"profile,omitempty"`     // profile
	Leaderboard *Leaderboard `json:"leaderboard,omitempty"` // leaderboard

	Seek        *Seek        `json:"seek,omitempty"`        // seeking; seated: the seek that paired
	Lobby       *Lobby       `json:"lobby,omitempty"`       // lobby (lobby.go)
	LobbyUpdate *LobbyUpdate `json:"lobbyUpdate,omitempty"` // lobby-update
	Games       []LiveGame   `json:"games,omitempty"`       // playing
	Top         bool         `json:"top,omitempty"`         // watching: the top game (watch-top)

	Arena   *Arena      `json:"arena,omitempty"`   // arena, arena-update (arena.go)
	Arenas  []ArenaInfo `json:"arenas,omitempty"`  // arenas
	ArenaID string      `json:"arenaId,omitempty"` // seated: the arena that paired the game
}

// GameState is a whole game as one client sees it.
type GameState struct {
	Game    string   `json:"game"`
	Version int64    `json:"version"` // grows by one with every change
	Variant string   `json:"variant"` // "bashni" or "lasca"
	Clock   Clock    `json:"clock"`
	Moves   []string `json:"moves,omitempty"` // every move so far; absent in an update
	Ply     int      `json:"ply"`             // len(Moves)

	Status string `json:"status"`           // "waiting", "playing", "over"
	Result string `json:"result"`           // "*", "1-0", "0-1", "1/2-1/2" (PROTOCOL.md)
	Reason string `json:"reason,omitempty"` // why it is over (Reason…)

	DrawOffer   string `json:"drawOffer,omitempty"`   // seat whose draw offer stands
	Takeback    string `json:"takeback,omitempty"`    // seat whose takeback request stands
	Rematch     string `json:"rematch,omitempty"`     // seat whose rematch offer stands
	RematchGame string `json:"rematchGame,omitempty"` // the rematch, once agreed

	Clocks *Clocks `json:"clocks,omitempty"` // absent without a clock

	White Player `json:"white"`
	Black Player `json:"black"`

	You string `json:"you,omitempty"` // "white", "black" or "spectator"; absent in an update

	// Ratings are the players' rating changes, once a rated game has ended.
	Ratings *GameRatings `json:"ratings,omitempty"`

	// A game paired in an arena: its id, and the seats that went berserk.
	Arena   string   `json:"arena,omitempty"`
	Berserk []string `json:"berserk,omitempty"`
}

// Player is what everyone knows about a seat.
type Player struct {
	Seated bool `json:"seated"` // someone holds the seat
	Online bool `json:"online"` // its holder is connected now

	// A game between identified players (Players in docs/ONLINE.md):
	// the seat's name, and its rating in the game's variant and speed
	// when the game began; absent for an unnamed player, and in games by
	// link.
	Name        string `json:"name,omitempty"`
	Rating      int    `json:"rating,omitempty"`
	Provisional bool   `json:"provisional,omitempty"`
}

// Clocks are the time left when the message was sent, in milliseconds. The
// running clock keeps going down until the next update; for correspondence
// games each side's figure is the time left for its current or next move.
type Clocks struct {
	White   int64  `json:"white"`
	Black   int64  `json:"black"`
	Running string `json:"running,omitempty"` // the seat whose clock runs
}

// Update is one change to a game: what happened (Event, By, Move, Undo) and
// the game's state after it, without the move list (Moves is empty and You
// absent): a client appends Move, or drops the last Undo moves, and checks
// that it then holds Ply moves (else it asks for a "sync").
type Update struct {
	Event string `json:"event"`
	By    string `json:"by,omitempty"`   // the seat that acted (for "time" and "abandoned": the loser)
	Move  string `json:"move,omitempty"` // move: the full route
	Undo  int    `json:"undo,omitempty"` // taken-back: how many plies were removed
	GameState
}

// Info is the answer at InfoPath.
type Info struct {
	Server   string `json:"server"`
	Protocol int    `json:"protocol"`
	Node     string `json:"node"`
}

// Summary is the answer at GamesPath+code: enough for a link preview and
// for a client to choose between joining and watching.
type Summary struct {
	Game    string `json:"game"`
	Variant string `json:"variant"`
	Clock   Clock  `json:"clock"`
	Status  string `json:"status"`
	Result  string `json:"result"`
	Reason  string `json:"reason,omitempty"`
	Ply     int    `json:"ply"`
	White   Player `json:"white"`
	Black   Player `json:"black"`
}
