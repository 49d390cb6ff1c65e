import { describe, expect, it } from 'vitest';
import { userDirectory } from './user-directory.js';

describe('userDirectory', () => {
  const viaPnpm = { INIT_CWD: '/home/ana/sites', npm_lifecycle_event: 'locscore', npm_package_name: 'locscore-monorepo' };

  it('is INIT_CWD when the CLI runs as the repository root script (pnpm locscore)', () => {
    expect(userDirectory(viaPnpm, '/src/locscore')).toBe('/home/ana/sites');
  });

  it('keeps the working directory otherwise', () => {
    expect(userDirectory({}, '/home/ana/sites')).toBe('/home/ana/sites');
    // Another package's script named locscore, and INIT_CWD without the script.
    expect(userDirectory({ ...viaPnpm, npm_package_name: 'franchise-tools' }, '/work/app')).toBe('/work/app');
    expect(userDirectory({ INIT_CWD: '/home/ana' }, '/work/app')).toBe('/work/app');
    expect(userDirectory({ ...viaPnpm, INIT_CWD: 'relative/dir' }, '/work/app')).toBe('/work/app');
  });
});
