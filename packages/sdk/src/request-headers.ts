import { HEADERS } from '@locscore/schema';
import { SDK_VERSION } from './version.js';

/**
 * Headers every request of the SDK carries: `accept: application/json`, the
 * API key as `X-API-Key`, and `user-agent: locscore-sdk/<version> node/<version>`.
 *
 * @param apiKey - the client's API key
 * @returns a fresh object (callers add to it)
 */
export function requestHeaders(apiKey: string): Record<string, string> {
  return {
    accept: 'application/json',
    [HEADERS.apiKey]: apiKey,
    'user-agent': `locscore-sdk/${SDK_VERSION} node/${process.versions.node}`,
  };
}
