package browsertest

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Holds polls a JavaScript condition for up to d and tells whether it
// held.
func Holds(ctx context.Context, cond string, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		var ok bool
		if err := chromedp.Run(ctx, chromedp.Evaluate("!!("+cond+")", &ok)); err == nil && ok {
			return true
		}
		time.Sleep(40 * time.Millisecond)
	}
	return false
}

// Retry does act (a click) until cond holds, four times at most: a click
// that lands while the page redraws is lost, and one that only selects
// does no harm twice. It tells whether cond came to hold; the caller
// waits for it once more to fail with what the page says.
func Retry(t testing.TB, ctx context.Context, what, cond string, act func()) bool {
	t.Helper()
	for try := 0; try < 4; try++ {
		act()
		if Holds(ctx, cond, 5*time.Second) {
			return true
		}
		t.Logf("%s did not show yet; trying again", what)
	}
	return false
}
