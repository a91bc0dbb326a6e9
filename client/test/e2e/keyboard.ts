// Typing as the keyboard does: every character goes through VS Code's `type`
// command, so auto-closing pairs, on-enter rules and indentation rules apply
// exactly as they do to a user's keys.

import * as vscode from 'vscode';

/** Type `text` one character at a time into the focused editor. */
export async function type(text: string): Promise<void> {
  await vscode.commands.executeCommand('type', { text });
}

/**
 * Type the lines without their indentation, each followed by Enter (a last
 * empty line is the final Enter). Returns the document's text.
 */
export async function typeScenario(editor: vscode.TextEditor, lines: readonly string[]): Promise<string> {
  for (const [i, line] of lines.entries()) {
    if (i === lines.length - 1 && line === '') break;
    await type(line.trimStart());
    await type('\n');
  }
  return editor.document.getText();
}
