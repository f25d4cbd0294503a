package sharelink

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	data, err := os.ReadFile("../../examples/invader/violet-lockdown.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s, err := Encode("violet-lockdown.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(s, "+/=#&?") {
		t.Fatalf("the payload needs escaping in an address: %q", s[:40])
	}
	name, got, err := Decode(s)
	if err != nil || name != "violet-lockdown.yaml" || !bytes.Equal(got, data) {
		t.Fatalf("round trip: %q %v", name, err)
	}
	t.Logf("%d bytes of YAML in %d characters of link", len(data), len(s))
}

func TestBadLinks(t *testing.T) {
	good, _ := Encode("m.yaml", []byte("title: x\n"))
	for _, tc := range []struct{ link, want string }{
		{"", "not a zmission mission link"},
		{"v2.abc", "not a zmission mission link"},
		{good[:len(good)-4], "broken"},
		{good + "!", "broken"},
		{"v1." + strings.Repeat("A", MaxEncoded), "longer than"},
	} {
		if _, _, err := Decode(tc.link); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Decode(%.20q…) = %v, want an error saying %q", tc.link, err, tc.want)
		}
	}
	for _, name := range []string{"../etc/passwd.yaml", "a.exe", "<script>.html", ""} {
		if _, err := Encode(name, []byte("x")); err == nil {
			t.Errorf("Encode(%q) was accepted", name)
		}
	}
	// A mission too large for a link says so.
	big := make([]byte, MaxData+1)
	if _, err := Encode("big.yaml", big); err != ErrTooLong {
		t.Errorf("Encode of %d bytes: %v", len(big), err)
	}
}

// A link inflating to more than MaxData is refused without keeping it.
func TestBomb(t *testing.T) {
	zeros := make([]byte, MaxData)
	s, err := Encode("z.yaml", zeros)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := Decode(s); err != nil {
		t.Fatalf("a link of exactly MaxData: %v", err)
	}
}

func FuzzDecode(f *testing.F) {
	good, _ := Encode("m.yaml", []byte("title: x\n"))
	f.Add(good)
	f.Add("v1.")
	f.Add("v1.AAAA")
	f.Fuzz(func(t *testing.T, s string) {
		name, data, err := Decode(s)
		if err != nil {
			return
		}
		if len(data) > MaxData || name == "" || strings.ContainsAny(name, "/\\") {
			t.Fatalf("accepted %q with %d bytes", name, len(data))
		}
		again, err := Encode(name, data)
		if err != nil {
			return // e.g. too long once compressed differently
		}
		n2, d2, err := Decode(again)
		if err != nil || n2 != name || !bytes.Equal(d2, data) {
			t.Fatalf("re-encoded link does not round-trip: %v", err)
		}
	})
}
