package missions

import (
	"encoding/json"
	"testing"
)

// TestAmountWritesJSON: an amount is written as a number only when it is
// one as JSON writes numbers; any other text stays a text, so what is
// written can always be read back.
func TestAmountWritesJSON(t *testing.T) {
	for in, want := range map[string]string{"4": `4`, "-2": `-2`, "0": `0`, "00": `"00"`, "+5": `"+5"`, "-0": `"-0"`, "1-6": `"1-6"`, "all": `"all"`} {
		b, err := json.Marshal(Amount(in))
		if err != nil || string(b) != want {
			t.Errorf("Amount(%q) = %s, %v; want %s", in, b, err, want)
			continue
		}
		var back Amount
		if err := json.Unmarshal(b, &back); err != nil || back != Amount(in) {
			t.Errorf("Amount(%q) read back as %q, %v", in, back, err)
		}
	}
}
