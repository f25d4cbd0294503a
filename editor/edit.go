package editor

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/zmission/zmission/missions"
	"go.yaml.in/yaml/v4"
)

// Version names one state of a file: the first bytes of its SHA-256. An
// operation made against another version is stale.
func Version(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:8])
}

// applyOps applies ops in order to a YAML mission and returns the file as
// fmt would write it; any refused operation leaves it all undone.
func applyOps(data []byte, c opContext, ops ...Op) ([]byte, error) {
	return missions.EditYAML(data, func(root *yaml.Node) error {
		for _, op := range ops {
			if err := c.apply(root, op); err != nil {
				return err
			}
		}
		return nil
	})
}
