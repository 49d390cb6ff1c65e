/**
 * @packageDocumentation
 * `@locscore/server/settings`: the server's settings table and its
 * validation alone, without the server (no Express, PGlite or engine), for
 * programs that only build or check a configuration, such as the `locscore`
 * command line generating `serve`'s flags.
 */
export {
  type LogLevel,
  loadServerConfig,
  type RateLimit,
  type RateLimits,
  SETTINGS,
  type ServerSettings,
  type SettingFlags,
  type SettingName,
  type SettingSpec,
  SettingsError,
} from './infra/settings.js';
