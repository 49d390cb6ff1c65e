import { loadServerConfig, SETTINGS, type ServerSettings, type SettingFlags, SettingsError } from '@locscore/server/settings';
import { Option } from 'commander';
import { CliError } from './exit-codes.js';

/** Flags of `locscore serve` as commander parses them, by attribute name (`dataDir`, `region`…). */
export type ServeFlags = Record<string, string | boolean | string[] | undefined>;

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** Each setting's name with its commander option. */
function settingOptions(): Array<{ name: string; option: Option }> {
  return Object.entries(SETTINGS).map(([name, spec]) => {
    const variables = [spec.variable, ...('fallbacks' in spec ? spec.fallbacks : [])].join(', else ');
    const option = new Option(spec.flag, `${spec.meaning} (env ${variables}; default ${spec.default})`);
    return { name, option: 'repeatable' in spec ? option.argParser(collect) : option };
  });
}

/**
 * The options of `locscore serve`, one per row of the server's settings
 * table (`SETTINGS`): its flag, and its meaning, variable and default as
 * help. No option has a commander default, so an absent flag leaves its
 * variable, then the table's default, to the server.
 */
export function serveOptions(): Option[] {
  return settingOptions().map(({ option }) => option);
}

/**
 * Resolves the server's settings for `locscore serve` through the server's
 * own table and validation (`loadServerConfig`), so that `serve` and `node
 * dist/main.js` accept the same variables and values: each setting from its
 * flag, else its `LOCSCORE_*` variable, else its default.
 *
 * @param flags - the parsed flags of `serve`
 * @param env - the environment; default `process.env`
 * @returns the settings
 * @throws CliError (exit 2) naming the flag, or the variable, that holds a bad value
 */
export function resolveServerSettings(flags: ServeFlags, env: NodeJS.ProcessEnv = process.env): ServerSettings {
  const byName: SettingFlags = Object.fromEntries(settingOptions().map(({ name, option }) => [name, flags[option.attributeName()]]));
  try {
    return loadServerConfig(env, byName);
  } catch (error) {
    if (error instanceof SettingsError) throw new CliError(error.message);
    throw error;
  }
}

/**
 * Parses a TCP port flag by the server's own rule (`SETTINGS.port`), for
 * commands that listen besides `serve` (`locscore listen`).
 *
 * @param value - the flag's text
 * @returns 0–65535 (0 = any free port)
 * @throws CliError (exit 2) naming `--port` and the value
 */
export function parsePort(value: string): number {
  return resolveServerSettings({ port: value }, {}).port;
}
