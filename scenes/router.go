package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"bashni/access"
	"bashni/online/remote"
	"bashni/platform"
	"bashni/rules"
	"bashni/session"
)

// Game is the game in progress as the App and the other screens see it:
// the play screen, kept while other screens show (Context.Game).
type Game interface {
	Scene
	// Session is the game played.
	Session() *session.Session
	// OnlineCode is an online game's code, "" for a game at this device.
	OnlineCode() string
	// ReplacedBy is told when next becomes the game in progress in its
	// place: an online game hangs up, unless next shows the same game.
	ReplacedBy(next Game)
	// Snapshot adds the game on screen to the state (App.Snapshot).
	Snapshot(s *platform.State)
}

// Pages opens the screens that live in packages of their own: a page never
// imports another page, it opens one through these constructors, which
// startup sets (startup.Pages) and the App hands out (Context.Pages). A
// nil one is a screen this App was not given (a test's App): Open does
// nothing then.
type Pages struct {
	// Title is the title screen, the bottom of the stack (scenes/home),
	// with a notice under its menu ("" for none) and, with attract, the
	// computer playing itself behind it. Without it the App's bottom is a
	// bare screen that keeps its notices (a test's App).
	Title func(c Context, notice string, attract bool) Scene
	// Settings is the settings screen (scenes/settings).
	Settings func(c Context) Scene
	// About is the About page, Rules the rules opened at variant v's
	// pages (scenes/home).
	About func(c Context) Scene
	Rules func(c Context, v rules.Variant) Scene
	// Online is the card that creates or joins a game on a server
	// (scenes/online); code, if not empty, is joined at once.
	Online func(c Context, code string) Scene
	// Lobby is the lobby: the name card, quick pairing and the open seeks
	// (scenes/online); "Play online" opens it.
	Lobby func(c Context) Scene
	// Arena is the arenas' page (scenes/arena): the list, or the arena
	// id's table when id is not empty.
	Arena func(c Context, id string) Scene
	// Live is the games being played over a connection of its own
	// (scenes/online), for a screen that has no lobby under it (the
	// title); with top it follows the top game at once ("watch the top
	// game", like a TV channel).
	Live func(c Context, top bool) Scene
	// OpenOnlineGame shows the online game p on the play screen, in place
	// of any other game.
	OpenOnlineGame func(c Context, p *remote.Player)
	// PushOnlineGame shows it over the screen shown, which comes back
	// when it is left (an arena's page).
	PushOnlineGame func(c Context, p *remote.Player)
	// Archive is Past games, the list of finished games; Import reads a
	// game record, its moves or a position from text (already pasted, or
	// the paste under way, either may be empty) (scenes/records).
	Archive func(c Context) Scene
	Import  func(c Context, text string, paste *platform.Job) Scene
	// Replay replays a game's record read elsewhere (an online game's,
	// from its server), its menu opening the analysis (scenes/records).
	Replay func(c Context, rec *rules.Record) Scene
	// Editor builds a position, starting from p (nil: the start position
	// of the variant last played) (scenes/editor).
	Editor func(c Context, p *rules.Position) Scene
	// Lessons is the list of lessons and the way to the puzzles
	// (scenes/learn).
	Lessons func(c Context) Scene
	// Analysis is the analysis board on the game from start through
	// moves, replaying learner's mistakes (scenes/learn).
	Analysis func(c Context, start *rules.Position, moves []rules.Move, learner rules.Color) Scene
	// Play is the play screen of the game cfg describes (scenes/play),
	// not yet shown: the caller makes it the game in progress (SetGame)
	// and shows it.
	Play func(c Context, cfg GameConfig) Game
	// NewGame is the card that chooses a new game (scenes/newgame);
	// PlayFrom chooses the opponent, level and side of a game that goes on
	// from cfg (its variant, start and moves: a replayed record, the
	// position editor); StartTyped starts the one a typed "new …" asked
	// for (access.KindNew).
	NewGame    func(c Context) Scene
	PlayFrom   func(c Context, cfg GameConfig) Scene
	StartTyped func(c Context, cmd access.Command)
}

// bareTitle is the bottom of the stack of an App given no title: it
// draws the background and keeps the notices it is told.
type bareTitle struct{ notice string }

func (t *bareTitle) Name() string                          { return SceneTitle }
func (t *bareTitle) Layout(c Context, w, h, scale float64) {}
func (t *bareTitle) Update(c Context) error                { return nil }
func (t *bareTitle) Draw(c Context, dst *ebiten.Image)     { dst.Fill(c.Painter().Theme.Background) }
func (t *bareTitle) ShowNotice(c Context, msg string)      { t.notice = msg }

// Pages opens the screens of other packages.
func (a *App) Pages() *Pages { return &a.opts.Pages }

// Open pushes the screen make makes, if this App was given it.
func Open(c Context, make func(c Context) Scene) {
	if make != nil {
		c.Push(make(c))
	}
}
