import { credentialHeaders } from './credentials.js';
import { sdkUserAgent } from './env.js';
import { SDK_VERSION } from './version.js';

/**
 * Headers every request of `LocScoreClient` carries: `accept:
 * application/json`, the API key as `X-API-Key` (the credentials every
 * client sends, `credentialHeaders`), and the SDK's `user-agent`
 * (`locscore-sdk/<version> node/<version>`, `sdkUserAgent`).
 *
 * @param apiKey - the client's API key
 * @returns a fresh object (callers add to it)
 */
export function requestHeaders(apiKey: string): Record<string, string> {
  const userAgent = sdkUserAgent(SDK_VERSION);
  return {
    accept: 'application/json',
    ...credentialHeaders({ kind: 'apiKey', apiKey }, 'get'),
    ...(userAgent === undefined ? {} : { 'user-agent': userAgent }),
  };
}
