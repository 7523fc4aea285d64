//go:build js

package audio

// waitsForUserGesture: browsers keep a page's audio suspended until the first click, tap or
// key. Ebitengine resumes its context on that gesture by itself (Oto listens for touchend,
// keyup and mouseup on the document; this package adds no listener that could interfere), but
// effects played before it would all sound at once afterwards, so they are dropped.
const waitsForUserGesture = true
