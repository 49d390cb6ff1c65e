/**
 * Resolves with the first of SIGINT or SIGTERM the process receives, then
 * stops listening. Installing a listener keeps Node from dying on the
 * signal, so the caller can shut down cleanly.
 *
 * @param onSignal - called at once with the signal name (e.g. to log it)
 * @returns the signal received
 */
export function nextTerminationSignal(onSignal?: (signal: NodeJS.Signals) => void): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const handler = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
      onSignal?.(signal);
      resolve(signal);
    };
    process.on('SIGINT', handler);
    process.on('SIGTERM', handler);
  });
}
