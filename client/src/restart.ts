// What the client does when the language server crashes or its connection
// fails: restart it, saying so each time, up to MAX_RESTARTS times within
// WINDOW_MS; past that, stop and say so clearly, with a "Restart" action, so
// a server that dies on every start does not spin forever. (The server exits
// on purpose when its input stream is broken, so this is also how it recovers
// from a corrupt message.)
//
// Pure: the messages go through a `RestartUi` and the clock is injected, so
// unit tests drive the handler through crash after crash without an editor.

import type { CloseAction, CloseHandlerResult, ErrorAction, ErrorHandler, ErrorHandlerResult, Message } from 'vscode-languageclient';

/** Restarts allowed within WINDOW_MS; the next crash in that window stops the server. */
export const MAX_RESTARTS = 5;
export const WINDOW_MS = 3 * 60 * 1000;
/** Connection errors in a row (reads or writes that failed) before the client shuts the server down. */
export const MAX_ERRORS_IN_A_ROW = 3;

// The library's enum values (vscode-languageclient/lib/common/client.d.ts);
// importing the enums themselves would load `vscode` into unit tests.
const CONTINUE = 1 as ErrorAction.Continue;
const SHUTDOWN = 2 as ErrorAction.Shutdown;
const DO_NOT_RESTART = 1 as CloseAction.DoNotRestart;
const RESTART = 2 as CloseAction.Restart;

/** How the handler speaks to the user (ctx.ts shows these as notifications). */
export interface RestartUi {
  /** The server stopped and is being restarted: the `attempt`th restart of `max` within the window. */
  restarting(message: string): void;
  /** The server stays stopped; offer to restart it by hand. */
  stopped(message: string): void;
}

export function restartingMessage(attempt: number): string {
  return `The Layerlens language server stopped unexpectedly and is restarting (${attempt} of ${MAX_RESTARTS} restarts allowed in ${WINDOW_MS / 60_000} minutes).`;
}

export function stoppedMessage(crashes: number): string {
  return (
    `The Layerlens language server stopped unexpectedly ${crashes} times in ${WINDOW_MS / 60_000} minutes and will not be restarted ` +
    'automatically: lenses, hovers and problems are off until it runs again. ' +
    'See the "Layerlens Language Server" output for the reason, then choose Restart.'
  );
}

export function shutdownMessage(error: Error): string {
  return `The connection to the Layerlens language server keeps failing (${error?.message ?? String(error)}); the server was stopped. Choose Restart to start it again.`;
}

export class RestartingErrorHandler implements ErrorHandler {
  /** When the server stopped, within the last WINDOW_MS. */
  private crashes: number[] = [];

  constructor(
    private readonly ui: RestartUi,
    private readonly now: () => number = Date.now,
  ) {}

  /** A read or write on the connection failed: a few in a row are tolerated (a message may be lost, not the server). */
  error(error: Error, _message: Message | undefined, count: number | undefined): ErrorHandlerResult {
    if (count !== undefined && count <= MAX_ERRORS_IN_A_ROW) return { action: CONTINUE, handled: true };
    const message = shutdownMessage(error);
    this.ui.stopped(message);
    return { action: SHUTDOWN, message, handled: true };
  }

  /** The connection closed without the client asking (the server exited or was killed). */
  closed(): CloseHandlerResult {
    const t = this.now();
    this.crashes = this.crashes.filter((c) => t - c < WINDOW_MS);
    this.crashes.push(t);
    if (this.crashes.length > MAX_RESTARTS) {
      const message = stoppedMessage(this.crashes.length);
      this.crashes = [];
      this.ui.stopped(message);
      return { action: DO_NOT_RESTART, message, handled: true };
    }
    const message = restartingMessage(this.crashes.length);
    this.ui.restarting(message);
    return { action: RESTART, message, handled: true };
  }

  /** A restart by hand starts a fresh count. */
  reset(): void {
    this.crashes = [];
  }
}
