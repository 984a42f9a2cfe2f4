// A minimal VS Code client for `fortlang lsp`: it starts the server over stdio for YAML files
// and passes the `fortlang.*` settings to it (the hover language is `fortlang.lang`).
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate() {
  const settings = vscode.workspace.getConfiguration("fortlang");
  const [command, ...args] = settings.get("command");
  client = new LanguageClient(
    "fortlang",
    "fortlang",
    { command, args },
    {
      documentSelector: [{ scheme: "file", language: "yaml" }],
      initializationOptions: { lang: settings.get("lang") },
      synchronize: { configurationSection: "fortlang" },
    },
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
