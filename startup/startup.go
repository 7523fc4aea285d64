// Package startup assembles the game one way for the desktop, the browser
// and a phone: the saved settings and games (a folder, the page's
// localStorage, or memory when there is neither), the sound (silent without
// a device), the notices the title shows, the scenes, and the platform's
// hooks (the page's window.bashni). main.go (desktop and browser) and
// mobile/ (phones) only say what differs: the flags, the data folder.
package startup

import (
	"bashni/scenes/arena"
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/audio"
	"bashni/i18n"
	"bashni/launch"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/editor"
	"bashni/scenes/home"
	"bashni/scenes/learn"
	"bashni/scenes/newgame"
	"bashni/scenes/online"
	"bashni/scenes/play"
	"bashni/scenes/records"
	"bashni/scenes/settings"
	"bashni/sprites"
	"bashni/storage"
)

// Options say how to start. The zero value is the title screen with the
// settings and saves in the platform's default place.
type Options struct {
	// Store opens the settings and saves; nil opens the platform's default
	// place (storage.OpenDefault). When it fails the game keeps nothing
	// and says why on the title.
	Store func() (*storage.Store, error)
	// Launch is what the player asked for: a game from a position, the
	// language, the server, … (main's flags, mobile's defaults).
	launch.Launch
}

// Game is the game ready to run: an Ebitengine game (with the page's hooks
// in a browser). Close it when RunGame returns.
type Game struct {
	platform.Game
	// App is the game without the platform's hooks.
	App *scenes.App
}

// New assembles the game.
func New(o Options) *Game {
	var notices []string
	open := o.Store
	if open == nil {
		open = storage.OpenDefault
	}
	store, storeErr := open()
	if storeErr != nil {
		store = storage.OpenMemory()
	}
	settings, notice := store.LoadSettings()

	// The notices are said in the player's language, which the settings
	// choose: they are written once it is known.
	text, err := loadLanguage(chooseLanguage(o.Lang, settings.Language))
	if storeErr != nil {
		notices = append(notices, text.F("storage.settings_not_kept", "Error", storeErr.Error()))
	}
	if words := scenes.NoticeWords(text, notice); words != "" {
		notices = append(notices, words)
	}
	if err != nil {
		notices = append(notices, err.Error())
	}

	// Without a sound device the game plays silently and says so once. A
	// page started muted (?mute=1) makes no audio context at all.
	var sound *audio.Player
	if !o.Mute || !platform.InBrowser {
		sound = audio.New(audio.Options{Muted: o.Mute || settings.Muted})
		if sound.Notice() != "" {
			notices = append(notices, text.T("audio.no_device"))
		}
	}

	// The screen is drawn only when something changed.
	ebiten.SetScreenClearedEveryFrame(false)
	app := scenes.NewApp(scenes.Options{
		Settings:   settings,
		Store:      store,
		Sound:      sound,
		Notice:     strings.Join(notices, " "),
		Text:       text,
		Launch:     o.Launch,
		SiteServer: siteServer(o.Server),
		Pages:      Pages(),
	})
	return &Game{Game: platform.Wrap(app), App: app}
}

// chooseLanguage picks the game's language: the one asked for at start
// (flag or address), else the one chosen in Settings, else the system's.
func chooseLanguage(asked, chosen string) i18n.Lang {
	for _, code := range []string{asked, chosen} {
		if l, ok := i18n.Parse(code); ok {
			return l
		}
	}
	l, _ := i18n.Detect()
	return l
}

// loadLanguage reads l's messages (in a page they are fetched from beside
// main.wasm, so this blocks: it runs before the game does) and makes the
// fonts ready for it. When the messages cannot be read the game speaks
// English and says why.
func loadLanguage(l i18n.Lang) (*i18n.Catalog, error) {
	text, err := i18n.Load(l)
	if err != nil {
		text = i18n.New(i18n.English)
		err = fmt.Errorf("the game speaks English: %w", err)
	}
	sprites.UseLanguage(text.Lang())
	return text, err
}

// Close saves the game in progress and writes what is still queued for
// the disk.
func (g *Game) Close() error { return g.App.Close() }

// Pages are the screens in packages of their own, which the App opens
// through its router (scenes.Pages): startup is the one package that
// imports every page.
func Pages() scenes.Pages {
	return scenes.Pages{
		Title: func(c scenes.Context, notice string, attract bool) scenes.Scene {
			return home.NewTitleScene(c, notice, attract)
		},
		Settings:       func(c scenes.Context) scenes.Scene { return settings.New(c) },
		Online:         func(c scenes.Context, code string) scenes.Scene { return online.New(c, code) },
		OpenOnlineGame: play.OpenOnlineGame,
		PushOnlineGame: play.PushOnlineGame,
		Arena:          func(c scenes.Context, id string) scenes.Scene { return arena.New(c, id) },
		Play:           func(c scenes.Context, cfg scenes.GameConfig) scenes.Game { return play.New(c, cfg) },
		NewGame:        func(c scenes.Context) scenes.Scene { return newgame.New(c) },
		PlayFrom:       func(c scenes.Context, cfg scenes.GameConfig) scenes.Scene { return newgame.PlayFrom(c, cfg) },
		StartTyped:     newgame.StartTyped,
		Lobby:          func(c scenes.Context) scenes.Scene { return online.NewLobby(c) },
		Live:           func(c scenes.Context, top bool) scenes.Scene { return online.NewWatch(c, top) },
		About:          func(c scenes.Context) scenes.Scene { return home.NewAboutScene(c) },
		Rules:          func(c scenes.Context, v rules.Variant) scenes.Scene { return home.NewRulesSceneFor(c, v) },
		Archive:        func(c scenes.Context) scenes.Scene { return records.NewArchiveScene(c) },
		Import: func(c scenes.Context, text string, paste *platform.Job) scenes.Scene {
			return records.NewImport(c, text, paste)
		},
		Replay:  func(c scenes.Context, rec *rules.Record) scenes.Scene { return records.NewRecordReplay(c, rec) },
		Editor:  func(c scenes.Context, p *rules.Position) scenes.Scene { return editor.NewEditorScene(c, p) },
		Lessons: func(c scenes.Context) scenes.Scene { return learn.NewLessonsScene(c) },
		Analysis: func(c scenes.Context, start *rules.Position, moves []rules.Move, learner rules.Color) scenes.Scene {
			return learn.NewAnalysisScene(c, start, moves, learner)
		},
	}
}
