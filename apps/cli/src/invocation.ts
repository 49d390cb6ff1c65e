/**
 * The command a user types to run this CLI, for the commands that hints and
 * "Next" lines print: `pnpm locscore` when pnpm started it (in a checkout of
 * the repository, `pnpm locscore …` runs the workspace's built CLI through
 * `pnpm exec`, since the root package depends on it), else `locscore` (on
 * the PATH after `npm install --global ./apps/cli`, or from the registry).
 *
 * A package script that calls `locscore` keeps the bare name: its author
 * wrote it so.
 *
 * @param env - the environment; default `process.env` (pnpm sets
 *   `npm_config_user_agent` to `pnpm/<version> …`, and `npm_lifecycle_event`
 *   only for a package script)
 * @returns `pnpm locscore` or `locscore`
 */
export function cliCommand(env: NodeJS.ProcessEnv = process.env): string {
  const viaPnpm = env['npm_config_user_agent']?.startsWith('pnpm/') === true && env['npm_lifecycle_event'] === undefined;
  return viaPnpm ? 'pnpm locscore' : 'locscore';
}
