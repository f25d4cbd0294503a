package lint

// Every game the tool knows registers itself here.
import (
	_ "github.com/zmission/zmission/rules/classic"
	_ "github.com/zmission/zmission/rules/colony"
	_ "github.com/zmission/zmission/rules/facility"
	_ "github.com/zmission/zmission/rules/invader"
	_ "github.com/zmission/zmission/rules/survivalinfection"
)
