// Command findbrowser prints the path of the browser the browser tests
// drive (see browsertest.Find), so .ci/run looks where the tests look. It
// exits 1, printing nothing, when there is none.
package main

import (
	"fmt"
	"os"

	"github.com/zmission/zmission/internal/browsertest"
)

func main() {
	p, ok := browsertest.Find()
	if !ok {
		os.Exit(1)
	}
	fmt.Println(p)
}
