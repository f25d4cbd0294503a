package lint

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/zmission/zmission/schema"
	"github.com/zmission/zmission/validate"
)

// TestConfigSchemaStatesBounds: every number option of every check has
// bounds (Register refuses one without), and the configuration's schema
// states the same bounds for it, so an editor refuses what zmission
// refuses; the schema names no option no check has.
func TestConfigSchemaStatesBounds(t *testing.T) {
	src, ok := schema.Source(schema.Config)
	if !ok {
		t.Fatal("no config schema")
	}
	var doc struct {
		Properties struct {
			Rules struct {
				Properties map[string]struct {
					OneOf []struct {
						Properties map[string]struct {
							Type    string   `json:"type"`
							Minimum *float64 `json:"minimum"`
							Maximum *float64 `json:"maximum"`
						} `json:"properties"`
					} `json:"oneOf"`
				} `json:"properties"`
			} `json:"rules"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(src, &doc); err != nil {
		t.Fatal(err)
	}
	rules := doc.Properties.Rules.Properties
	numbers := 0
	for _, c := range validate.Checks() {
		for key, def := range c.Options {
			switch def.(type) {
			case int, float64:
			default:
				continue
			}
			numbers++
			b := c.Bounds[key]
			found := false
			for _, branch := range rules[c.ID].OneOf {
				if p, ok := branch.Properties[key]; ok {
					found = true
					if p.Minimum == nil || p.Maximum == nil || *p.Minimum != b[0] || *p.Maximum != b[1] {
						t.Errorf("%s: option %s is bounded %v in the check; the schema says %v to %v", c.ID, key, b, p.Minimum, p.Maximum)
					}
					if _, isInt := def.(int); isInt && p.Type != "integer" {
						t.Errorf("%s: option %s is a whole number; the schema says %q", c.ID, key, p.Type)
					}
				}
			}
			if !found {
				t.Errorf("%s: the config schema does not state the bounds of option %s", c.ID, key)
			}
		}
	}
	for id, r := range rules {
		c := validate.Lookup(id)
		for _, branch := range r.OneOf {
			for key := range branch.Properties {
				if key == "severity" {
					continue
				}
				if c == nil || c.Options[key] == nil {
					t.Errorf("the config schema has option %s of %s, which no check has", key, id)
				}
			}
		}
	}
	if numbers == 0 || !slices.ContainsFunc(validate.Checks(), func(c *validate.Check) bool { return c.ID == "mold-distance" }) {
		t.Error("no number option found: the test shows nothing")
	}
}
