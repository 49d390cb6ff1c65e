/**
 * One line for a progress event of a long job (the engine's region import),
 * read defensively so that any event shape prints something useful: a stage
 * name (`stage`, `phase` or `step`), then `message`, then `done/total` or a
 * count.
 *
 * @param event - the event as emitted
 * @returns e.g. `osm: reading nodes 120000/350000`
 */
export function describeProgress(event: unknown): string {
  if (typeof event !== 'object' || event === null) return String(event);
  const fields = event as Record<string, unknown>;
  const text = (key: string): string | undefined => {
    const value = fields[key];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const number = (key: string): number | undefined => {
    const value = fields[key];
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  };
  const stage = text('stage') ?? text('phase') ?? text('step') ?? text('kind');
  const parts: string[] = [];
  if (stage) parts.push(`${stage}:`);
  const message = text('message') ?? text('detail');
  if (message) parts.push(message);
  const done = number('done') ?? number('processed') ?? number('count');
  const total = number('total');
  if (done !== undefined) parts.push(total !== undefined ? `${done}/${total}` : String(done));
  return parts.length > 0 ? parts.join(' ') : JSON.stringify(event);
}

/**
 * Stage name of a progress event (`stage`, `phase`, `step` or `kind`), used
 * to print one line per stage when stderr is not a terminal.
 *
 * @param event - the event as emitted
 * @returns the stage, or null when the event has none
 */
export function progressStage(event: unknown): string | null {
  if (typeof event !== 'object' || event === null) return null;
  const fields = event as Record<string, unknown>;
  for (const key of ['stage', 'phase', 'step', 'kind']) {
    const value = fields[key];
    if (typeof value === 'string') return value;
  }
  return null;
}
