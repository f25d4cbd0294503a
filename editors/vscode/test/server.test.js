'use strict';
// The server as the extension starts it: TransportKind.stdio runs
// `zmission lsp --stdio` and speaks JSON-RPC on its standard streams
// (vscode-jsonrpc, the library under vscode-languageclient). A broken
// mission gets its finding; a file that is not a mission gets none.
// ZMISSION_BIN names the program (.ci/run builds it); without it the test
// is skipped, except under CI=true.
const test = require('node:test');
const assert = require('node:assert');
const cp = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const rpc = require('vscode-jsonrpc/node');

const bin = process.env.ZMISSION_BIN;
const skip = !bin && process.env.CI !== 'true' ? 'ZMISSION_BIN is not set' : false;

const broken = `format: 1
id: two-starts
title: Two starts
ruleset: zombicide-invader
tileset: station
tiles:
  - {face: 1A, at: [0, 0]}
tokens:
  - {type: start, at: [0, 1]}
  - {type: start, at: [1, 1]}
  - {type: exit, at: [2, 1]}
objectives:
  - exit: all
`;

test('zmission lsp --stdio, as the extension starts it', { skip, timeout: 60000 }, async () => {
  assert.ok(bin, 'CI=true: set ZMISSION_BIN to the zmission program');
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'zm-ws-')));
  const proc = cp.spawn(bin, ['lsp', '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = rpc.createMessageConnection(new rpc.StreamMessageReader(proc.stdout), new rpc.StreamMessageWriter(proc.stdin));
  const published = new Map();
  const waiters = [];
  conn.onNotification('textDocument/publishDiagnostics', (p) => {
    published.set(p.uri, p.diagnostics);
    waiters.splice(0).forEach((w) => w());
  });
  conn.listen();
  const diagnostics = async (uri) => {
    while (!published.has(uri)) await new Promise((r) => waiters.push(r));
    return published.get(uri);
  };
  const init = await conn.sendRequest('initialize', { processId: process.pid, rootUri: 'file://' + root, capabilities: {} });
  assert.strictEqual(init.serverInfo.name, 'zmission');
  await conn.sendNotification('initialized', {});
  const open = (name, text) => {
    const uri = 'file://' + path.join(root, name);
    conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    return uri;
  };
  const other = open('playbook.yaml', '- hosts: all\n  tasks: []\n');
  const mission = open('m.yaml', broken);
  const ds = await diagnostics(mission);
  assert.deepStrictEqual(ds.map((d) => d.code), ['start-multiple']);
  assert.strictEqual(ds[0].range.start.line, 9);
  assert.deepStrictEqual(await diagnostics(other), []);
  const symbols = await conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri: mission } });
  assert.ok(symbols.some((s) => s.name === 'tokens' && s.children.length === 3));
  await conn.sendRequest('shutdown');
  conn.sendNotification('exit');
  const code = await new Promise((r) => proc.on('exit', r));
  assert.strictEqual(code, 0);
  conn.dispose();
});
