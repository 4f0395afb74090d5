"""The language server for .rules files (`garrison lsp`): the checker's findings and names, in an editor."""
