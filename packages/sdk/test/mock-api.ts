import { type SetupServer, setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

/**
 * The mocked API of one test file (msw): listening for the whole file, with
 * a request no handler answers failing its test; after each test its
 * handlers, spies and stubbed environment variables are reset. Call it at the
 * top level of a file, or of a `describe` to scope it.
 *
 * @returns the msw server; tests add handlers with `server.use(...)`
 */
export function useMockApi(): SetupServer {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });
  afterAll(() => server.close());
  return server;
}
