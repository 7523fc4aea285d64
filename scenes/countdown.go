package scenes

import (
	"fmt"
	"time"
)

// Countdown is a time left as a countdown shows it: m:ss, or h:mm:ss from
// an hour on; a time past is 0:00. The arenas' page and the title's list
// of arenas show the same.
func Countdown(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	sec := int(d / time.Second)
	if sec >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", sec/3600, sec/60%60, sec%60)
	}
	return fmt.Sprintf("%d:%02d", sec/60, sec%60)
}
