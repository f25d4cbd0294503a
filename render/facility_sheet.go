package render

import (
	"io"

	"github.com/zmission/zmission/rules/facility"
)

func facilitySheet(w io.Writer, f *facility.Facility, o ModelOptions) error { return nil }
