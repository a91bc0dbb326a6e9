// Typing as the keyboard does: every character goes through VS Code's `type`
// command, so auto-closing pairs, on-enter rules and indentation rules apply
// exactly as they do to a user's keys.
//
// One thing differs from a person at the keyboard: speed. VS Code applies its
// indentation rules to a key only when the lines above the cursor are already
// tokenized (`isCheapToTokenize` in its cursor code); otherwise Enter copies
// the current indentation and a typed `enter` is not moved out. Between a
// person's keystrokes the editor tokenizes within milliseconds (the viewport
// refresh and the background tokenizer), but commands sent back to back can
// arrive before it has, and on a loaded machine they do. So after each Enter
// the suite brings the editor to the state a person's editor is in before
// the next key: it asks it to tokenize now (Developer: Force Retokenize,
// synchronous). That is a condition reached, not a pause: nothing here
// depends on how fast the machine is.

import * as vscode from 'vscode';

/**
 * Type `text` into the focused editor. VS Code runs a keyboard `type` of
 * several characters one character at a time, each through the same
 * interceptors (auto-closing, indentation on type) as a key press.
 */
export async function type(text: string): Promise<void> {
  await vscode.commands.executeCommand('type', { text });
}

/** Bring the focused editor's tokens up to date, as they are between a person's keystrokes. */
export async function settle(): Promise<void> {
  await vscode.commands.executeCommand('editor.action.forceRetokenize');
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
    await settle();
  }
  return editor.document.getText();
}
