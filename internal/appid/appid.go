// Package appid is how the desktop game names itself to the system, in one
// place for the game (main.go) and the downloads (cmd/release): on X11 the
// window's WM_CLASS, which the Linux download's .desktop entry names as its
// StartupWMClass so that docks and task bars group the window with the
// menu entry and show its icon.
package appid

const (
	// X11Class is the class part of the window's WM_CLASS (and the
	// .desktop entry's StartupWMClass).
	X11Class = "Bashni"
	// X11Instance is the instance part of WM_CLASS: the program's name.
	X11Instance = "bashni"
)
