import { isAbsolute } from 'node:path';

/** `name` of the repository's root package.json, whose `locscore` script runs the built CLI. */
export const MONOREPO_PACKAGE_NAME = 'locscore-monorepo';

/**
 * The directory the user's relative paths mean. `pnpm locscore …` (the
 * repository's root script) runs the CLI in the repository's root, wherever
 * the user typed it; pnpm (as npm) puts the directory it was typed in into
 * `INIT_CWD`. Only that script is redirected (`npm_lifecycle_event` is
 * `locscore` in the root package): another package's script keeps its own
 * working directory, as its author expects.
 *
 * @param env - the environment; default `process.env`
 * @param cwd - the working directory; default `process.cwd()`
 * @returns an absolute directory
 */
export function userDirectory(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string {
  const typedIn = env['INIT_CWD'];
  const viaRootScript = env['npm_lifecycle_event'] === 'locscore' && env['npm_package_name'] === MONOREPO_PACKAGE_NAME;
  return viaRootScript && typedIn !== undefined && isAbsolute(typedIn) ? typedIn : cwd;
}
