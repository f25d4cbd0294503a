package layout

import (
	"embed"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/zmission/zmission/source"
)

// The built-in tile sets are ordinary tile-set files, embedded.
//
//go:embed tilesets/*.yaml
var builtinFS embed.FS

// BuiltinNames lists the built-in tile sets, sorted.
func BuiltinNames() []string {
	ents, _ := builtinFS.ReadDir("tilesets")
	var out []string
	for _, e := range ents {
		if name, ok := strings.CutSuffix(e.Name(), ".yaml"); ok {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// BuiltinSource returns the embedded file of a built-in tile set.
func BuiltinSource(name string) ([]byte, bool) {
	if strings.ContainsAny(name, "/\\.") {
		return nil, false
	}
	b, err := builtinFS.ReadFile("tilesets/" + name + ".yaml")
	return b, err == nil
}

type builtinSet struct {
	once sync.Once
	set  *TileSet
	err  error
}

var builtinCache sync.Map // name -> *builtinSet

// Builtin returns a built-in tile set, parsed once and shared: callers must
// not modify it. The error is for an unknown name, or an embedded file with
// any problem at all (tests keep them clean).
func Builtin(name string) (*TileSet, error) {
	v, ok := builtinCache.Load(name)
	if !ok {
		if _, ok := BuiltinSource(name); !ok {
			return nil, fmt.Errorf("no built-in tile set %q (built-in: %s)", name, strings.Join(BuiltinNames(), ", "))
		}
		v, _ = builtinCache.LoadOrStore(name, &builtinSet{})
	}
	b := v.(*builtinSet)
	b.once.Do(func() {
		src, _ := BuiltinSource(name)
		file := "builtin:" + name
		root, probs := source.Parse(name+".yaml", src, source.Limits{})
		if len(probs) == 0 {
			b.set, probs = ParseTileSet(file, root)
		}
		if len(probs) > 0 {
			b.set, b.err = nil, fmt.Errorf("%s:%s", file, probs[0])
		}
	})
	return b.set, b.err
}
