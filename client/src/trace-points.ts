// Which point of the timeline a line of the file is at, on the client side
// (the server answers the same from its statements): the last statement that
// starts on or before the line, else the end of the file.

import type { TimelinePoint } from './protocol';

export const END_OF_FILE: TimelinePoint = { line: -1, label: 'end of file' };

/** `points` are in file order, the end of the file (line -1) last. */
export function pointAt(points: readonly TimelinePoint[], line: number): TimelinePoint {
  let found: TimelinePoint | undefined;
  for (const p of points) {
    if (p.line < 0 || p.line > line) continue;
    found = p;
  }
  return found ?? END_OF_FILE;
}
