/**
 * Where a local server listens and where clients look for it by default
 * (docs/api.md, "port and base URL").
 */

/** TCP port `locscore serve` listens on by default. */
export const DEFAULT_PORT = 8787;
/** Interface `locscore serve` listens on by default (loopback only). */
export const DEFAULT_HOST = '127.0.0.1';
/** Base URL the SDK and the CLI call when given none: the local `locscore serve`. */
export const DEFAULT_BASE_URL = `http://${DEFAULT_HOST}:${DEFAULT_PORT}`;
