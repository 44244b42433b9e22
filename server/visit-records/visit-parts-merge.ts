import type { VisitPart } from './visit-record.types.js';

const sameLine = (a: VisitPart, b: VisitPart) =>
  a.name === b.name && a.articleNumber === b.articleNumber && a.quantity === b.quantity;

/** `lines` without one equal line for each of `taken`, in their order. */
function without(lines: readonly VisitPart[], taken: readonly VisitPart[]): VisitPart[] {
  const left = [...lines];
  for (const line of taken) {
    const index = left.findIndex((candidate) => sameLine(candidate, line));
    if (index >= 0) left.splice(index, 1);
  }
  return left;
}

/**
 * A list of parts edited on a copy (`before` → `sent`) applied to what the server holds now: the lines removed from
 * the copy go, the lines added to it come after the server's, and the server's lines the copy never knew stay. A
 * changed quantity is one line removed and one added. With the copy in step (`before` equal to `server`) the result
 * is `sent`; with a copy that knew nothing (`before` empty) it is the server's lines and the new ones.
 */
export function mergeParts(
  server: readonly VisitPart[],
  before: readonly VisitPart[],
  sent: readonly VisitPart[],
): VisitPart[] {
  const kept = without(server, without(before, sent));
  // A line the server already holds (typed earlier on another copy) is not added twice.
  return [...kept, ...without(without(sent, before), kept)];
}
