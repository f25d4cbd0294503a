package lsp

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// An end-to-end run with a real client: Neovim's built-in LSP client,
// headless, starts `zmission lsp`, opens a broken mission, waits for the
// diagnostic at the second start token, edits the buffer into another
// mistake (a misspelt key), sees the diagnostic move to that key, then
// fixes it and sees none. Without nvim the test is skipped, unless
// ZMISSION_NVIM_TESTS=1 (as CI sets it) makes that a failure.

const nvimScript = `
local bin, root, out = os.getenv('ZM_BIN'), os.getenv('ZM_ROOT'), os.getenv('ZM_OUT')
local res = {}
-- the errors (an info may say which checks an error kept from running)
local function snap(buf)
  local ds = vim.diagnostic.get(buf, {severity = vim.diagnostic.severity.ERROR})
  local d = ds[1]
  if not d then return {n = 0} end
  local code = d.code
  if code == nil and d.user_data and d.user_data.lsp then code = d.user_data.lsp.code end
  return {n = #ds, lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col, code = code}
end
vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/m.yaml'))
local buf = vim.api.nvim_get_current_buf()
local id = vim.lsp.start_client({name = 'zmission', cmd = {bin, 'lsp'}, root_dir = root})
vim.lsp.buf_attach_client(buf, id)
res.opened = vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
res.first = snap(buf)
-- line 10 (0-based 9) is the second start token: misspell its type key
vim.api.nvim_buf_set_lines(buf, 9, 10, false, {'  - {typ: start, at: [1, 1]}'})
res.edited = vim.wait(30000, function() return snap(buf).code == 'schema' end, 20)
res.second = snap(buf)
vim.api.nvim_buf_set_lines(buf, 9, 10, false, {})
res.fixed = vim.wait(30000, function() return #vim.diagnostic.get(buf) == 0 end, 20)
res.third = snap(buf)
local f = io.open(out, 'w')
f:write(vim.fn.json_encode(res))
f:close()
vim.lsp.stop_client(id)
vim.cmd('qa!')
`

// nvimSetup finds nvim (a skip without it, or a failure under
// ZMISSION_NVIM_TESTS=1) and builds the binary into a temporary folder.
func nvimSetup(t *testing.T) (ctx context.Context, nvim, bin, tmp string) {
	t.Helper()
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		if os.Getenv("ZMISSION_NVIM_TESTS") == "1" {
			t.Fatal("ZMISSION_NVIM_TESTS=1 but no nvim found")
		}
		t.Skip("no nvim found; set ZMISSION_NVIM_TESTS=1 to make this a failure")
	}
	if testing.Short() {
		t.Skip("builds the binary and starts an editor")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	tmp = t.TempDir()
	bin = filepath.Join(tmp, "zmission")
	build := exec.CommandContext(ctx, "go", "build", "-o", bin, "github.com/zmission/zmission/cmd/zmission")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return ctx, nvim, bin, tmp
}

func TestNeovim(t *testing.T) {
	ctx, nvim, bin, tmp := nvimSetup(t)
	root := workspace(t, map[string]string{"m.yaml": twoStarts})
	script := filepath.Join(tmp, "e2e.lua")
	os.WriteFile(script, []byte(nvimScript), 0o644)
	out := filepath.Join(tmp, "result.json")
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-n", "-c", "luafile "+script)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "ZM_BIN="+bin, "ZM_ROOT="+root, "ZM_OUT="+out, "XDG_STATE_HOME="+tmp, "XDG_CACHE_HOME="+tmp, "XDG_DATA_HOME="+tmp)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, b)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("nvim wrote no result: %v", err)
	}
	type snap struct {
		N                            int
		Lnum, Col, End_lnum, End_col int
		Code                         string
	}
	var res struct {
		Opened, Edited, Fixed bool
		First, Second, Third  snap
	}
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	// Line 10 of the mission, "  - {type: start, at: [1, 1]}": the
	// finding spans the list item, columns 4 to 29 (0-based, UTF-16).
	item := "{type: start, at: [1, 1]}"
	col := strings.Index(strings.Split(twoStarts, "\n")[9], item)
	if !res.Opened || res.First != (snap{N: 1, Lnum: 9, Col: col, End_lnum: 9, End_col: col + len(item), Code: "start-multiple"}) {
		t.Errorf("on open: %s", raw)
	}
	// After the edit the finding is the misspelt key "typ", at its place.
	if !res.Edited || res.Second != (snap{N: 1, Lnum: 9, Col: col + 1, End_lnum: 9, End_col: col + 4, Code: "schema"}) {
		t.Errorf("after the edit: %s", raw)
	}
	if !res.Fixed || res.Third.N != 0 {
		t.Errorf("after the fix: %s", raw)
	}
}

// The README's Neovim set-up, as written there (the 0.7 one on Neovim
// 0.7, the 0.8+ one on later versions), with the built binary for
// "zmission": opening a mission attaches the server and its finding
// shows; opening a file that is not a mission shows nothing.
func TestNeovimReadmeSetup(t *testing.T) {
	ctx, nvim, bin, tmp := nvimSetup(t)
	ver, err := exec.CommandContext(ctx, nvim, "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	heading := "**Neovim** 0.8 or later"
	if strings.HasPrefix(string(ver), "NVIM v0.7") {
		heading = "**Neovim 0.7**"
	}
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	rest := string(readme[strings.Index(string(readme), heading)+1:])
	start := strings.Index(rest, "```lua\n") + len("```lua\n")
	setup := rest[start : start+strings.Index(rest[start:], "```")]
	if !strings.Contains(setup, `cmd = { "zmission", "lsp" }`) {
		t.Fatalf("the README's set-up has no cmd = { \"zmission\", \"lsp\" }:\n%s", setup)
	}
	setup = strings.Replace(setup, `cmd = { "zmission", "lsp" }`, `cmd = { "`+bin+`", "lsp" }`, 1)
	root := workspace(t, map[string]string{"m.yaml": twoStarts, "playbook.yaml": "- hosts: all\n  tasks: []\n"})
	init := filepath.Join(tmp, "init.lua")
	out := filepath.Join(tmp, "result.json")
	check := `
vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('ZM_ROOT') .. '/m.yaml'))
local buf = vim.api.nvim_get_current_buf()
local res = {}
res.mission = vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
local ds = vim.diagnostic.get(buf)
res.line = ds[1] and ds[1].lnum or -1
vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('ZM_ROOT') .. '/playbook.yaml'))
local other = vim.api.nvim_get_current_buf()
res.attached = vim.wait(30000, function() return #vim.lsp.buf_get_clients(other) > 0 end, 20)
vim.wait(300, function() return false end, 20)
res.other = #vim.diagnostic.get(other)
local f = io.open(os.getenv('ZM_OUT'), 'w')
f:write(vim.fn.json_encode(res))
f:close()
vim.cmd('qa!')
`
	os.WriteFile(init, []byte(setup), 0o644)
	os.WriteFile(filepath.Join(tmp, "check.lua"), []byte(check), 0o644)
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-n", "-i", "NONE", "-u", init, "-c", "luafile "+filepath.Join(tmp, "check.lua"))
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "ZM_ROOT="+root, "ZM_OUT="+out, "XDG_CONFIG_HOME="+tmp, "XDG_STATE_HOME="+tmp, "XDG_CACHE_HOME="+tmp, "XDG_DATA_HOME="+tmp)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, b)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("nvim wrote no result: %v", err)
	}
	var res struct {
		Mission, Attached bool
		Line, Other       int
	}
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	// the second start token, line 10 (0-based 9)
	if !res.Mission || res.Line != 9 || !res.Attached || res.Other != 0 {
		t.Errorf("with the README's set-up: %s", raw)
	}
}
