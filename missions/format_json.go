package missions

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/zmission/zmission/source"
)

// formatJSON writes the document as indented JSON in the canonical key order.
func formatJSON(root *source.Node) []byte {
	var b bytes.Buffer
	writeJSON(&b, root, topShape(root.Keys), 0)
	b.WriteByte('\n')
	return b.Bytes()
}

func writeJSON(b *bytes.Buffer, n *source.Node, sh *shape, ind int) {
	pad := strings.Repeat("  ", ind+1)
	switch n.Kind {
	case source.Null:
		b.WriteString("null")
	case source.Bool:
		b.WriteString(strconv.FormatBool(n.Bool))
	case source.Number:
		b.WriteString(n.Text)
	case source.String:
		b.WriteString(jsonString(n.Text))
	case source.Array:
		if len(n.Items) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for i, it := range n.Items {
			if i > 0 {
				b.WriteString(",\n")
			}
			b.WriteString(pad)
			writeJSON(b, it, sh.item(), ind+1)
		}
		b.WriteString("\n" + pad[2:] + "]")
	case source.Object:
		var idx []int
		for _, i := range orderKeys(n.Keys, sh) {
			f := n.Fields[i]
			if sh != nil && n.Keys[i] == sh.dropZ && f.Kind == source.Number && f.Text == "0" {
				continue
			}
			idx = append(idx, i)
		}
		if len(idx) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for j, i := range idx {
			if j > 0 {
				b.WriteString(",\n")
			}
			b.WriteString(pad + jsonString(n.Keys[i]) + ": ")
			writeJSON(b, n.Fields[i], sh.field(n.Keys[i]), ind+1)
		}
		b.WriteString("\n" + pad[2:] + "}")
	}
}

func jsonString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return strconv.Quote(s) // not reached: strings read from a document are UTF-8
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// ToJSON writes a mission read from YAML as fmt writes a .json mission: the
// same values in the canonical key order. JSON holds no comments, so the
// YAML's are left out.
func ToJSON(yamlData []byte) ([]byte, error) {
	root, probs := source.ParseYAML(bytes.ReplaceAll(yamlData, []byte("\r\n"), []byte("\n")), source.DefaultLimits)
	if len(probs) > 0 {
		return nil, &FormatError{Problems: probs}
	}
	return formatJSON(root), nil
}
