/**
 * An environment variable where there is a process environment (Node), and
 * `undefined` in a browser, where none exists. An empty value counts as unset.
 *
 * @param name - the variable's name, e.g. `LOCSCORE_API_KEY`
 */
export function envVar(name: string): string | undefined {
  const value = globalThis.process?.env?.[name];
  return value === undefined || value === '' ? undefined : value;
}

/**
 * The `User-Agent` the SDK sends from Node (`locscore-sdk/<version> node/<version>`);
 * `undefined` in a browser, which sends its own.
 *
 * @param sdkVersion - this package's version
 */
export function sdkUserAgent(sdkVersion: string): string | undefined {
  const node = globalThis.process?.versions?.node;
  return node === undefined ? undefined : `locscore-sdk/${sdkVersion} node/${node}`;
}
