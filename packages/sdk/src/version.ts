import packageJson from '../package.json' with { type: 'json' };

/** Version of this package (from its package.json), sent in the `User-Agent` header as `locscore-sdk/<version>`. */
export const SDK_VERSION: string = packageJson.version;
