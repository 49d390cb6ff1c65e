import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

/** An app listening on 127.0.0.1 with a free port. */
export interface Listening {
  url: string;
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1:0.
 *
 * @param app - the Express app
 */
export async function listen(app: Express): Promise<Listening> {
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
