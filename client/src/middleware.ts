// What the client adds to the language client's answers before VS Code shows
// them. Pure over the shapes it touches, so it is unit-tested without an editor.

/** The part of a `vscode.CodeLens` this module reads and writes. */
export interface LensLike {
  command?: { tooltip?: string; arguments?: unknown[] };
}

/**
 * The server sends each lens's tooltip as LSP 3.18's `Command.tooltip` and
 * again in the command's argument, because vscode-languageclient 9 drops the
 * former when it converts the lens: put it back where VS Code reads it.
 */
export function restoreLensTooltips<T extends LensLike>(lenses: T[] | null | undefined): T[] | null | undefined {
  for (const l of lenses ?? []) {
    const arg = l.command?.arguments?.[0];
    const tip = arg && typeof arg === 'object' ? (arg as { tooltip?: unknown }).tooltip : undefined;
    if (l.command && typeof tip === 'string' && !l.command.tooltip) l.command.tooltip = tip;
  }
  return lenses;
}
