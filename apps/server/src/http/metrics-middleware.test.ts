import { describe, expect, it } from 'vitest';
import { routeLabel } from './metrics-middleware.js';

describe('routeLabel', () => {
  it('names every route of the app by its template, units and admin routes included', () => {
    const id = '3b241101-e2bb-4255-8caf-4136c566a962';
    expect(
      [
        '/api/franchisor/units',
        '/api/franchisor/units/',
        `/api/franchisor/units/${id}`,
        '/api/franchisor/units/import',
        '/api/franchisor/territories/check',
        `/api/franchisor/requests/${id}/redeliver`,
        '/api/franchisor/usage-report',
        '/api/admin/keys/lsk_abcdefgh/rotate-secret',
        `/api/admin/requests/${id}`,
        '/dashboard/session',
        '/dashboard/assets/index-BI2pkXNV.js',
        `/api/franchisor/score/${id}`,
      ].map(routeLabel),
    ).toEqual([
      '/api/franchisor/units',
      '/api/franchisor/units',
      '/api/franchisor/units/:id',
      '/api/franchisor/units/import',
      '/api/franchisor/territories/check',
      '/api/franchisor/requests/:requestId/redeliver',
      '/api/franchisor/usage-report',
      '/api/admin/keys/:prefix/rotate-secret',
      '/api/admin/requests/:requestId',
      '/dashboard/session',
      '/dashboard',
      '/api/franchisor/score/:requestId',
    ]);
  });

  it('keeps random paths out of the labels', () => {
    for (const path of ['/', '/api/franchisor/units/a/b', '/api/franchisorXunits', '/wp-login.php', '/api/admin/keys/a/b/c'])
      expect(routeLabel(path), path).toBe('unmatched');
  });
});
