package sitepage

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/ours"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/site"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// Collection turns the files of a collection into the site's inputs: a
// page name for each, the key that says when it must be made again, and
// the work that makes it.
type Collection struct {
	Options
	// Root is the folder every file is in (CommonDir): pages are named,
	// and paths shown, below it.
	Root string
	// Named are the files named on the command line: published even when
	// they are not ours, so their findings say why.
	Named map[string]bool
	// Config is the configuration that applies to a file, nil for none.
	Config func(file string) *validate.Config
	// Version is zmission's: a new one makes every page again.
	Version string

	slugs map[string]bool
	sets  map[string]*layout.TileSet // built-in sets the missions use, by name
}

// Source names the file an input was made from, "" for a built-in tile
// set; Inputs returns one per input, in the same order.
type Source struct {
	Path string // as found
	Name string // below the collection's folder
}

// Inputs reads the files and makes an input of each that is ours, then
// one for each built-in tile set a mission plays on. It returns how many
// files were passed over. A file that cannot be read is an error (every
// such file is named, one a line): the site would otherwise publish a page
// that misreports it.
func (c *Collection) Inputs(files []string) (in []site.Input, srcs []Source, passed int, err error) {
	dates := Dates(files)
	c.sets = map[string]*layout.TileSet{}
	var unread []error
	for _, f := range files {
		data, p := source.ReadFile(f, c.Limits)
		if p != nil && p.Code == source.CodeRead {
			unread = append(unread, fmt.Errorf("%s: %s", f, p.Message))
			continue
		}
		var root *source.Node
		if p == nil {
			var probs []source.Problem
			root, probs = source.Parse(f, data, c.Limits)
			k := ours.ClassifyNode(f, root)
			if len(probs) > 0 {
				k = ours.Classify(f, data) // judged by the keys it shows
			}
			if k == ours.Config || k == ours.None && !c.Named[f] {
				passed++ // CI settings, playbooks, the configuration: not pages
				continue
			}
		}
		var cfg *validate.Config
		if c.Config != nil {
			cfg = c.Config(f)
		}
		var cfgBytes []byte
		if cfg != nil {
			cfgBytes, _ = os.ReadFile(cfg.File)
		}
		file := File{Path: f, Name: c.name(f), Data: data, Config: cfg, Date: dates[f]}
		opts := fmt.Sprint(c.Papers, c.Preview, c.Share, c.AllowOutside)
		parts := [][]byte{[]byte(c.Version), []byte(opts), []byte(file.Name), data, cfgBytes, []byte(file.Date)}
		if root != nil {
			// The files a document names beside it: a tile set, a collection.
			for _, key := range []string{"tileset", "collection"} {
				for _, name := range names(root.Field(key)) {
					if !strings.ContainsAny(name, `/\.`) {
						if key == "tileset" && root.Field("ruleset") != nil {
							c.useBuiltin(name, root.Field("ruleset").Str())
						}
						continue
					}
					dep := name
					if !filepath.IsAbs(dep) {
						dep = filepath.Join(filepath.Dir(f), name)
					}
					// Read only inside the tree published: lint refuses
					// (unread) a file outside it, and so does the key.
					if c.inside(dep) {
						d, _ := source.ReadFile(dep, c.Limits)
						parts = append(parts, []byte(key), d)
						if d != nil && filepath.IsLocal(filepath.FromSlash(name)) {
							file.Needs = append(file.Needs, Need{As: filepath.ToSlash(name), Data: d})
						}
					}
				}
			}
		}
		o := c.Options
		in = append(in, site.Input{Slug: c.slug(f), Key: site.Key(parts...), Make: func() (*site.Page, map[string][]byte, error) {
			return Page(file, o)
		}})
		srcs = append(srcs, Source{Path: f, Name: file.Name})
	}
	if len(unread) > 0 {
		return nil, nil, 0, errors.Join(unread...) // each on a line of its own
	}
	// The built-in tile sets the missions use get a page each.
	var names []string
	for n := range c.sets {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		set := c.sets[n]
		slug := c.unique("tilesets/" + site.Word(n))
		in = append(in, site.Input{Slug: slug, Key: site.Key([]byte("builtin"), []byte(n), []byte(c.Version)), Make: func() (*site.Page, map[string][]byte, error) {
			return Tileset(set, "", nil)
		}})
		srcs = append(srcs, Source{Name: "built-in tile set " + n})
	}
	return in, srcs, passed, nil
}

// names are the file names a field gives: one, or a list of them. A
// field that is absent names the game's own tile set ("").
func names(n *source.Node) []string {
	if n != nil && len(n.Items) > 0 {
		var out []string
		for _, it := range n.Items {
			if it.Kind == source.String {
				out = append(out, it.Text)
			}
		}
		return out
	}
	return []string{n.Str()}
}

// name is a file's path below the collection's folder: what pages show,
// never the machine's own path.
func (c *Collection) name(file string) string {
	rel := filepath.ToSlash(filepath.Clean(file))
	if c.Root != "" && c.Root != "." {
		rel = strings.TrimPrefix(rel, c.Root+"/")
	}
	if strings.HasPrefix(rel, "/") || strings.HasPrefix(rel, "../") {
		rel = filepath.Base(file)
	}
	return rel
}

// slug names a file's page: its path below the common folder, without
// the extension, in lower case letters, digits and dashes.
func (c *Collection) slug(file string) string {
	rel := c.name(file)
	rel = strings.TrimSuffix(rel, filepath.Ext(rel))
	var parts []string
	for _, p := range strings.Split(rel, "/") {
		if s := site.Word(p); s != "" && p != ".." && p != "." {
			parts = append(parts, s)
		}
	}
	s := strings.Join(parts, "/")
	if s == "" || reserved[strings.SplitN(s, "/", 2)[0]] {
		s = strings.TrimSuffix("m/"+s, "/") // the site's own pages live there
	}
	return c.unique(s)
}

// reserved are the site's own folders: tile sets, games, authors.
var reserved = map[string]bool{"tilesets": true, "games": true, "authors": true}

func (c *Collection) unique(s string) string {
	if c.slugs == nil {
		c.slugs = map[string]bool{}
	}
	base := s
	for n := 2; c.slugs[s]; n++ {
		s = base + "-" + strconv.Itoa(n)
	}
	c.slugs[s] = true
	return s
}

// inside tells whether path is in the working folder or the folder
// published.
func (c *Collection) inside(path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	for _, dir := range []string{".", c.Root} {
		if d, err := filepath.Abs(dir); err == nil && (strings.HasPrefix(abs, d+string(filepath.Separator))) {
			return true
		}
	}
	return false
}

// useBuiltin records the built-in tile set a mission plays on.
func (c *Collection) useBuiltin(name, ruleset string) {
	if g := rules.Lookup(ruleset); name == "" && g != nil {
		name = g.DefaultTileset()
	}
	if name == "" || c.sets[name] != nil {
		return
	}
	if set, err := layout.Builtin(name); err == nil {
		c.sets[name] = set
	}
}

// CommonDir is the folder every file is in, so page names start below it:
// examples/invader/x.yaml is the page invader/x of 'zmission site examples'.
func CommonDir(files []string) string {
	var dir []string
	for i, f := range files {
		parts := strings.Split(filepath.ToSlash(filepath.Dir(filepath.Clean(f))), "/")
		if i == 0 {
			dir = parts
			continue
		}
		n := 0
		for n < len(dir) && n < len(parts) && dir[n] == parts[n] {
			n++
		}
		dir = dir[:n]
	}
	s := strings.Join(dir, "/")
	if s == "" && len(files) > 0 && strings.HasPrefix(filepath.ToSlash(files[0]), "/") {
		s = "/"
	}
	return s
}
