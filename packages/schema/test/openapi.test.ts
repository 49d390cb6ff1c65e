import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { createOpenApiDocument } from '../src/index.js';

describe('OpenAPI document', () => {
  const document = createOpenApiDocument();

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(document)) as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes the score endpoint with every status of the contract', () => {
    const post = document.paths?.['/api/franchisor/score']?.post;
    expect(Object.keys(post?.responses ?? {})).toEqual(expect.arrayContaining(['200', '202', '400', '401', '429', '500', '503']));
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(
      expect.arrayContaining(['ScoreRequest', 'ScoreResult', 'QueuedAck', 'ErrorBody', 'RequestStatus', 'WebhookDelivery', 'WebhookFailure']),
    );
  });

  it('is the same as the emitted openapi.json when the package is built', () => {
    let emitted: string;
    try {
      emitted = readFileSync(new URL('../openapi.json', import.meta.url), 'utf8');
    } catch {
      console.warn('openapi.json not emitted yet (run pnpm build); comparison skipped');
      return;
    }
    expect(JSON.parse(emitted)).toEqual(JSON.parse(JSON.stringify(document)));
  });
});

describe('OpenAPI document: admin API, dashboard session and franchisor logs', () => {
  const document = createOpenApiDocument();

  it('describes every admin route with the adminToken bearer scheme and 404 for a server without a token', () => {
    expect(document.components?.securitySchemes?.['adminToken']).toMatchObject({ type: 'http', scheme: 'bearer' });
    const routes: Array<[string, 'get' | 'post' | 'patch' | 'delete']> = [
      ['/api/admin/accounts', 'post'],
      ['/api/admin/accounts', 'get'],
      ['/api/admin/keys', 'post'],
      ['/api/admin/keys', 'get'],
      ['/api/admin/keys/{prefix}', 'patch'],
      ['/api/admin/keys/{prefix}', 'delete'],
      ['/api/admin/keys/{prefix}/rotate-secret', 'post'],
      ['/api/admin/usage', 'get'],
      ['/api/admin/requests', 'get'],
      ['/api/admin/requests/{requestId}', 'get'],
      ['/api/admin/requests/{requestId}/redeliver', 'post'],
    ];
    for (const [path, method] of routes) {
      const operation = document.paths?.[path]?.[method];
      expect(operation?.security, `${method} ${path}`).toEqual([{ adminToken: [] }, { dashboardSession: [] }]);
      expect(Object.keys(operation?.responses ?? {}), `${method} ${path}`).toEqual(expect.arrayContaining(['401', '404']));
    }
  });

  it('asks for the CSRF header on every write a session cookie can make', () => {
    const writes: Array<[string, 'post' | 'patch' | 'delete']> = [
      ['/api/admin/keys', 'post'],
      ['/api/admin/keys/{prefix}', 'patch'],
      ['/api/admin/keys/{prefix}', 'delete'],
      ['/api/franchisor/requests/{requestId}/redeliver', 'post'],
      ['/dashboard/session', 'delete'],
    ];
    for (const [path, method] of writes) {
      const names = (document.paths?.[path]?.[method]?.parameters ?? []).map((parameter) => ('name' in parameter ? parameter.name : ''));
      expect(names, `${method} ${path}`).toContain('x-csrf-token');
    }
  });

  it('documents the map query with its bounds and the session cookie scheme', () => {
    const parameters = document.paths?.['/api/franchisor/map']?.get?.parameters ?? [];
    expect(parameters.map((parameter) => ('name' in parameter ? parameter.name : ''))).toEqual(['lat', 'lng', 'radius', 'category']);
    expect(document.components?.securitySchemes?.['dashboardSession']).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'locscore_session' });
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(
      expect.arrayContaining(['SiteMap', 'RequestPage', 'RequestDetail', 'UsageReport', 'CreatedKey', 'RotatedSecret', 'DashboardSession', 'SessionSignIn']),
    );
  });
});

describe('OpenAPI document: units and territory check', () => {
  const document = createOpenApiDocument();

  it('describes the unit routes free of quota and the territory check with its quota headers', () => {
    const routes: Array<[string, 'get' | 'post' | 'patch' | 'delete', string]> = [
      ['/api/franchisor/units', 'post', '201'],
      ['/api/franchisor/units', 'get', '200'],
      ['/api/franchisor/units/import', 'post', '200'],
      ['/api/franchisor/units/{id}', 'get', '200'],
      ['/api/franchisor/units/{id}', 'patch', '200'],
      ['/api/franchisor/units/{id}', 'delete', '204'],
      ['/api/franchisor/territories/check', 'post', '200'],
    ];
    for (const [path, method, success] of routes) {
      const operation = document.paths?.[path]?.[method];
      expect(Object.keys(operation?.responses ?? {}), `${method} ${path}`).toEqual(expect.arrayContaining([success, '401']));
      expect(operation?.security, `${method} ${path}`).toEqual([{ apiKey: [] }, { dashboardSession: [] }]);
    }
    const check = document.paths?.['/api/franchisor/territories/check']?.post?.responses?.['200'];
    expect(Object.keys((check as { headers?: object } | undefined)?.headers ?? {})).toContain('X-Quota-Remaining');
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(
      expect.arrayContaining([
        'Unit',
        'CreateUnit',
        'UpdateUnit',
        'UnitPage',
        'Territory',
        'UnitTerritory',
        'TerritoryCheckRequest',
        'TerritoryCheckResult',
        'ScoreTerritory',
      ]),
    );
  });
});
