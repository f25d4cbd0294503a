package browsertest

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Violation is one rule axe-core found broken, with the elements that
// break it.
type Violation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"` // each node's selector and what axe says of it
}

func (v Violation) String() string {
	return fmt.Sprintf("%s (%s): %s\n\t%s", v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n\t"))
}

var axe struct {
	once sync.Once
	src  string
	err  error
}

// AxeSource is axe-core's script (axe.min.js) named by ZMISSION_AXE, as
// .ci/run installs it from npm; the test is skipped without it, but in CI
// (CI=true), where its absence is a failure.
func AxeSource(t testing.TB) string {
	t.Helper()
	path := os.Getenv("ZMISSION_AXE")
	if path == "" {
		why := "ZMISSION_AXE is not set: the accessibility checks need axe-core's axe.min.js (.ci/run installs it)"
		if os.Getenv("CI") == "true" {
			t.Fatal(why)
		}
		t.Skip(why)
	}
	axe.once.Do(func() {
		var b []byte
		b, axe.err = os.ReadFile(path)
		axe.src = string(b)
	})
	if axe.err != nil {
		t.Fatalf("reading axe-core: %v", axe.err)
	}
	return axe.src
}

// Axe runs axe-core's WCAG 2 A and AA rules (and its best practices) on
// the page as it is now and returns the violations of impact critical or
// serious.
func Axe(t testing.TB, ctx context.Context) []Violation {
	t.Helper()
	src := AxeSource(t)
	var loaded bool
	if err := chromedp.Run(ctx, chromedp.Evaluate(`typeof axe === 'object'`, &loaded)); err != nil {
		t.Fatal(err)
	}
	if !loaded {
		// Evaluated over the DevTools protocol, which a page's Content
		// Security Policy does not stop.
		if err := chromedp.Run(ctx, chromedp.Evaluate(src+"\n;true", &loaded)); err != nil {
			t.Fatalf("loading axe-core: %v", err)
		}
	}
	var out []Violation
	run := `axe.run(document, {resultTypes: ['violations']}).then(r => r.violations
		.filter(v => v.impact === 'critical' || v.impact === 'serious')
		.map(v => ({id: v.id, impact: v.impact, help: v.help,
			nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary.replace(/\s+/g, ' '))})))`
	if err := chromedp.Run(ctx, chromedp.Evaluate(run, &out, func(p *runtime.EvaluateParams) *runtime.EvaluateParams {
		return p.WithAwaitPromise(true)
	})); err != nil {
		t.Fatalf("running axe-core: %v", err)
	}
	return out
}
