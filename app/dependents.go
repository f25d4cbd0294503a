package app

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"sync"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/ours"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// dependents serves --with-dependents: a hook is given the files a commit
// changed, and a change to a tile set, a collection or a configuration can
// break missions the commit did not touch. Of the named files it returns
// the missions under root that read one of them (their tileset: file,
// their collection) or that one of them configures (the nearest
// .zmission.yaml above them), and the named configurations, which are
// loaded (their own problems reported) rather than checked as missions.
// Only when a named file is one of those is root walked; a commit of
// missions alone costs nothing more. cfgs tells the walk what the
// configurations ignore and include.
func dependents(named []string, root string, cfgs *configs, o *outputOpts) (extra, namedCfgs []string, err error) {
	changed := map[string]bool{} // absolute paths of the named tile sets and collections
	changedCfg := map[string]bool{}
	for _, f := range named {
		if f == "-" {
			continue
		}
		abs, err := filepath.Abs(f)
		if err != nil {
			continue
		}
		switch classify(f, o.limits) {
		case ours.Config:
			changedCfg[abs] = true
			namedCfgs = append(namedCfgs, f)
		case ours.Tileset, ours.Collection:
			changed[abs] = true
		}
	}
	if len(changed) == 0 && len(changedCfg) == 0 {
		return nil, namedCfgs, nil
	}
	// Walked from the root as the working folder reaches it ("..",
	// "."), so the missions found are named as a user would name them.
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, root); err == nil {
			root = rel
		}
	}
	var found []string
	// The walk a folder argument gets: what ignore: names is passed over.
	if _, err := ours.Walk(root, ours.WalkOptions{Owned: true, Ignored: cfgs.ignores, Included: cfgs.includes}, func(p string) error {
		if cfgs.includes(p) || classify(p, o.limits) == ours.Mission {
			found = append(found, p)
		}
		return nil
	}); err != nil {
		return nil, nil, failErr("walking %s for the missions that use the changed files: %v", root, err)
	}
	sort.Strings(found)
	uses := make([]bool, len(found))
	var wg sync.WaitGroup
	jobs := make(chan int)
	for range max(1, min(4, len(found))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				uses[i] = dependsOn(found[i], changed, changedCfg, o)
			}
		}()
	}
	for i := range found {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	for i, f := range found {
		if uses[i] {
			extra = append(extra, f)
		}
	}
	return extra, namedCfgs, nil
}

// dependsOn tells whether the mission at p reads one of the changed files
// or is configured by one of the changed configurations. What it reads is
// learnt by linting it and noting each file lint asks for (Options.Open is
// asked before every tile set or collection is read), so every game's way
// of naming a file counts, with no second reading of the rules.
func dependsOn(p string, changed, changedCfg map[string]bool, o *outputOpts) (uses bool) {
	defer func() {
		if recover() != nil {
			uses = true // let the real check report what went wrong
		}
	}()
	if cfg := validate.FindConfig(filepath.Dir(p)); cfg != "" {
		if abs, err := filepath.Abs(cfg); err == nil && changedCfg[abs] {
			return true
		}
	}
	if len(changed) == 0 {
		return false
	}
	var mu sync.Mutex
	lint.Path(p, lint.Options{Limits: o.limits, AllowOutside: o.allowOutside, Open: func(abs string) ([]byte, bool) {
		mu.Lock()
		uses = uses || changed[abs]
		mu.Unlock()
		return nil, false
	}})
	return uses
}

// classify says what the file at p is. It is read as missions are (a
// regular file only, within the size limit: a pipe named by a hook is
// refused, never waited on); a file that cannot be read is None, and the
// check that reads it next says why.
func classify(p string, lim source.Limits) ours.Kind {
	data, prob := source.ReadFile(p, lim)
	if prob != nil {
		return ours.None
	}
	return ours.Classify(p, data)
}

// withDependents adds the missions found by dependents to files (as found
// by a walk: passed over when not ours) and takes the named configurations
// out of it.
func withDependents(files []string, named map[string]bool, extra, configs []string) []string {
	out := files[:0:0]
	for _, f := range files {
		if !slices.Contains(configs, f) {
			out = append(out, f)
		}
	}
	seen := map[string]bool{}
	for _, f := range out {
		if abs, err := filepath.Abs(f); err == nil {
			seen[abs] = true
		}
	}
	for _, f := range extra {
		if abs, err := filepath.Abs(f); err == nil && !seen[abs] {
			seen[abs] = true
			out = append(out, f)
		}
	}
	for _, c := range configs {
		delete(named, c)
	}
	return out
}
