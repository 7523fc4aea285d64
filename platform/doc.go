// Package platform is what the game needs from the place it runs in,
// behind one small API per service, chosen by build tags: the clipboard
// (a tool on the desktop, navigator.clipboard and paste events in a page),
// saving a game record as a file (a file in Documents, or a download), and
// the page's window.bashni, where tools and tests read what the game shows
// (State).
package platform
