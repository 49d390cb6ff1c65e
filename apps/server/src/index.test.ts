import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import * as server from './index.js';
import * as settings from './settings.js';

describe('@locscore/server public surface', () => {
  it('exports what a program that runs or embeds the server needs: start, settings, key store and its quota period, errors', () => {
    expect(Object.keys(server).sort()).toEqual([
      'EXIT_CODES',
      'SETTINGS',
      'SettingsError',
      'StoreLockedError',
      'loadServerConfig',
      'openStore',
      'quotaPeriod',
      'runServer',
      'startServer',
    ]);
  });

  it('exports the settings table alone from @locscore/server/settings', async () => {
    expect(Object.keys(settings).sort()).toEqual(['SETTINGS', 'SettingsError', 'loadServerConfig']);
    const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> };
    expect(Object.keys(manifest.exports)).toEqual(['.', './settings', './package.json']);
  });
});
