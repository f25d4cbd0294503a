package colony

import (
	"reflect"
	"runtime"
	"testing"
)

// The same seed gives the same plays on one core or two: the plays are the
// playtest engine's, a stream per play, the side its stream's part.
func TestSameNumbersWhateverTheCores(t *testing.T) {
	s := scenario(4)
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	one := s.PlayOut(5, 700)
	runtime.GOMAXPROCS(2)
	two := s.PlayOut(5, 700)
	if !reflect.DeepEqual(one, two) {
		t.Fatalf("one core and two disagree:\n%+v\n%+v", one.Rows, two.Rows)
	}
	if len(one.Rows) == 0 || one.Rows[0].Plays != 700 {
		t.Fatalf("not every play was played: %+v", one.Rows)
	}
}
