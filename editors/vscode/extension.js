// Starts `garrison lsp` for .rules files and stops it with the editor; everything else is the server's.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("garrison").get("server.command", ["garrison", "lsp"]);
  const server = { command, args };
  client = new LanguageClient(
    "garrison",
    "Garrison rules",
    { run: server, debug: server },
    { documentSelector: [{ scheme: "file", language: "rules" }, { scheme: "untitled", language: "rules" }] }
  );
  client.start().catch((err) => {
    vscode.window.showErrorMessage(
      `Could not start the Garrison language server (${command} ${args.join(" ")}): ${err.message}. ` +
        "Install it with pip install 'garrison[lsp]', or set garrison.server.command."
    );
  });
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
