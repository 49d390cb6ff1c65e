import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The folder of the built dashboard (`@locscore/dashboard`'s `dist/`), found
 * from the package as installed beside the server; null when the package or
 * its build is absent.
 */
export function defaultDashboardDir(): string | null {
  let packageJson: string;
  try {
    packageJson = createRequire(import.meta.url).resolve('@locscore/dashboard/package.json');
  } catch {
    return null;
  }
  const dist = join(dirname(packageJson), 'dist');
  return existsSync(join(dist, 'index.html')) ? dist : null;
}
