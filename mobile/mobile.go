//go:build !js

// Package mobile is the game as a native phone app: `ebitenmobile bind`
// turns it into an Android library (.aar) or an iOS framework
// (.xcframework) whose view runs the same game as the desktop and the
// browser (assembled by package startup: portrait layout, touch, long
// press for the column inspector).
//
// Build the libraries (needs the Android SDK and NDK, or macOS with Xcode):
//
//	go install github.com/hajimehoshi/ebiten/v2/cmd/ebitenmobile@v2.10.4
//	ebitenmobile bind -target android -javapkg org.bashni -o bashni.aar ./mobile
//	ebitenmobile bind -target ios -o Bashni.xcframework ./mobile
//
// The app shows the generated view (EbitenView) full screen and, before
// that, tells the game where to keep its settings and saved game:
//
//	Mobile.setDataDir(getFilesDir().getAbsolutePath());   // Android, in onCreate
//	MobileSetDataDir(<Application Support path>)          // iOS
//
// Only bind.go depends on the phone platforms; everything else here builds
// and is tested on every machine (see mobile_test.go, which also compiles
// bind.go against the real ebiten/mobile package).
package mobile

import (
	"errors"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/launch"
	"bashni/rules"
	"bashni/startup"
	"bashni/storage"
)

var (
	mu      sync.Mutex
	dataDir string
	theGame *game
)

// SetDataDir sets the folder for the settings and the game in progress: the
// app's private files folder. Call it before the game view is shown; once
// the game has started it changes nothing. Without it the game uses the
// platform's configuration folder (os.UserConfigDir, which exists on iOS
// but usually not on Android), and if there is none it keeps nothing and
// says so on the title screen.
func SetDataDir(dir string) {
	mu.Lock()
	defer mu.Unlock()
	dataDir = dir
}

// theApp returns the game for ebitenmobile (one per process). The App is
// made on the first Update or Layout, so that SetDataDir, called by the app
// after the library has loaded, is seen. (Unexported: gobind binds only
// SetDataDir.)
func theApp() ebiten.Game {
	mu.Lock()
	defer mu.Unlock()
	if theGame == nil {
		theGame = &game{}
	}
	return theGame
}

// game makes the game when it is first needed and then is the game.
type game struct {
	once sync.Once
	app  *startup.Game
}

func (g *game) get() *startup.Game {
	g.once.Do(func() {
		mu.Lock()
		dir := dataDir
		mu.Unlock()
		g.app = newApp(dir)
	})
	return g.app
}

func (g *game) Update() error              { return g.get().Update() }
func (g *game) Draw(screen *ebiten.Image)  { g.get().Draw(screen) }
func (g *game) Layout(w, h int) (int, int) { return g.get().Layout(w, h) }

func (g *game) LayoutF(w, h float64) (float64, float64) { return g.get().LayoutF(w, h) }

// newApp builds the game as main.go does for the desktop and the browser
// (package startup), with its settings and the saved game in dir.
func newApp(dir string) *startup.Game {
	return startup.New(startup.Options{
		Store:  func() (*storage.Store, error) { return openStore(dir) },
		Launch: launch.Launch{Variant: rules.Bashni},
	})
}

// openStore opens the documents in dir, else in the platform's default
// place.
func openStore(dir string) (*storage.Store, error) {
	if dir != "" {
		return storage.Open(dir)
	}
	s, err := storage.OpenDefault()
	if err != nil {
		return nil, errors.New("no folder for the game's files (the app should call SetDataDir)")
	}
	return s, nil
}
