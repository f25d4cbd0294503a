package lsp

import (
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// The configuration (.zmission.yaml) is checked as validate checks it: a
// misspelt rule id, a bad severity, an option of the wrong type are
// findings on its own buffer; and the open documents it configures are
// checked again with it whenever it changes, saved or not.

// kindConfig marks a configuration's result (lint knows only missions,
// tile sets and what they lean on).
const kindConfig lint.Kind = "config"

func (s *Server) analyseConfig(name string, data []byte) *lint.Result {
	_, ds := validate.ParseConfig(name, data)
	r := &lint.Result{File: name, Kind: kindConfig, Diags: ds}
	lim := source.DefaultLimits
	lim.MaxBytes = s.opt.MaxSize
	if root, probs := source.Parse(name, data, lim); len(probs) == 0 {
		r.Doc = &missions.Doc{File: name, Root: root}
		// A finding at a key (an unknown rule id) is about the key: its
		// position is also where the mapping holding it starts.
		keys := map[source.Pos]string{}
		var walk func(n *source.Node, ptr string)
		walk = func(n *source.Node, ptr string) {
			for i, f := range n.Fields {
				p := ptr + "/" + escape(n.Keys[i])
				keys[f.KeyPos] = p
				walk(f, p)
			}
			for i, it := range n.Items {
				walk(it, ptr+"/"+itoa(i))
			}
		}
		walk(root, "")
		for i, d := range r.Diags {
			if p, ok := keys[source.Pos{Line: d.Line, Col: d.Col}]; ok {
				r.Diags[i].Pointer, r.Diags[i].Key = p, true
			}
		}
	}
	return r
}

// configValues are the values a configuration takes after key: the
// severities after a rule id or severity:, the rule ids in an ignore's
// rules list.
func configValues(key string) []candidate {
	var out []candidate
	switch {
	case key == "severity" || validate.Lookup(key) != nil:
		for _, v := range []string{"off", "info", "warning", "error"} {
			out = append(out, candidate{v, "severity"})
		}
	case key == "rules":
		for _, c := range validate.Checks() {
			out = append(out, candidate{c.ID, c.Title})
		}
	}
	return out
}
