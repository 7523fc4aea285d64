//go:build js

package audio

// inBrowser: the game runs in a web page. Browsers keep a page's audio suspended until the
// first click, tap or key; Ebitengine resumes its context on that gesture by itself (Oto
// listens for touchend, keyup and mouseup on the document, and this package adds no listener
// that could interfere). Two consequences for the Player:
//   - effects played before the gesture are dropped, or they would all sound at once after it;
//   - the output opens even when starting muted: a Web Audio context cannot fail for lack of a
//     device, and it must exist before a gesture for that gesture to resume it, so the click
//     that unmutes is also the one that lets sound through.
const inBrowser = true
