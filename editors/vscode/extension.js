'use strict';
// The zmission extension: starts `zmission lsp` for YAML and JSON files and
// lets it say which of them are ours (missions, tile sets, collections,
// .zmission.yaml); the others get nothing from it. It runs beside the YAML
// extension, which keeps its own schema checks and key completion.

const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');
const { findZmission } = require('./find');

let client;

async function start(context) {
  const setting = vscode.workspace.getConfiguration('zmission').get('path');
  const found = findZmission(setting);
  if (found.error) {
    const choice = await vscode.window.showErrorMessage(found.error, 'Open Settings');
    if (choice === 'Open Settings') {
      vscode.commands.executeCommand('workbench.action.openSettings', 'zmission.path');
    }
    return;
  }
  // TransportKind.stdio adds --stdio to the arguments; zmission lsp accepts it.
  const run = { command: found.path, args: ['lsp'], transport: TransportKind.stdio };
  const selector = [];
  for (const language of ['yaml', 'json']) {
    selector.push({ scheme: 'file', language }, { scheme: 'untitled', language });
  }
  client = new LanguageClient('zmission', 'zmission', { run, debug: run }, {
    documentSelector: selector,
    outputChannelName: 'zmission',
  });
  try {
    await client.start();
  } catch (err) {
    vscode.window.showErrorMessage(`zmission lsp (${found.path}) could not be started: ${err.message || err}`);
    client = undefined;
  }
}

async function stop() {
  if (client) {
    const c = client;
    client = undefined;
    await c.stop();
  }
}

async function activate(context) {
  context.subscriptions.push(vscode.workspace.onDidChangeConfiguration(async (e) => {
    if (e.affectsConfiguration('zmission.path')) {
      await stop();
      await start(context);
    }
  }));
  context.subscriptions.push(vscode.commands.registerCommand('zmission.restart', async () => {
    await stop();
    await start(context);
  }));
  await start(context);
}

function deactivate() {
  return stop();
}

module.exports = { activate, deactivate };
