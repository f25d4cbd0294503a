package render

import (
	"io"

	"github.com/zmission/zmission/rules"
)

// Page draws the printable setup sheet.
func (survivalView) Page(w io.Writer, m rules.Model, o ModelOptions) error {
	return &OptionError{Msg: "the survival-infection sheet is not drawn yet"}
}
