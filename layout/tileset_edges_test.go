package layout

import (
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestEdgeKeyAsSchema: the edge-key reader accepts exactly what the
// tile-set schema's pattern for edge keys accepts, and reads its parts.
func TestEdgeKeyAsSchema(t *testing.T) {
	re := regexp.MustCompile(`^\s*([0-9]{1,3})\s*,\s*([0-9]{1,3})\s+([nesw])\s*$`)
	parts := []string{"0", "1", "12", "123", "1234", ",", " ", "  ", "\t", "e", "n", "x", "ee", "-", "é", "\n"}
	ws := []string{"", "", " ", "  ", "\t", "\n", "x"}
	nums := []string{"0", "7", "12", "123", "007", "1234", "", "a"}
	sides := []string{"n", "e", "s", "w", "x", "ne", ""}
	commas := []string{",", ",", ",", ";", ""}
	r := rand.New(rand.NewPCG(7, 8))
	keys := []string{"1,0 e", " 1 , 0  e ", "1,0e", "1 ,2 w", "999,999 s", "1000,1 n", ",1 e", "1, e", "", "1,1 e x"}
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		if i%2 == 0 {
			for k := r.IntN(7); k > 0; k-- {
				b.WriteString(parts[r.IntN(len(parts))])
			}
		} else {
			pick := func(l []string) string { return l[r.IntN(len(l))] }
			b.WriteString(pick(ws) + pick(nums) + pick(ws) + pick(commas) + pick(ws) + pick(nums) + pick(ws) + pick(sides) + pick(ws))
		}
		keys = append(keys, b.String())
	}
	matched := 0
	for _, k := range keys {
		m := re.FindStringSubmatch(k)
		x, y, side, ok := edgeKey(k)
		if ok != (m != nil) {
			t.Fatalf("%q: read %v, the schema's pattern says %v", k, ok, m != nil)
		}
		if !ok {
			continue
		}
		matched++
		wx, _ := strconv.Atoi(m[1])
		wy, _ := strconv.Atoi(m[2])
		if x != wx || y != wy || side != m[3] {
			t.Errorf("%q: read %d,%d %s, want %d,%d %s", k, x, y, side, wx, wy, m[3])
		}
	}
	if matched < 300 {
		t.Errorf("only %d keys matched: the test shows little", matched)
	}
}
