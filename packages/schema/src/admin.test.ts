import { describe, expect, it } from 'vitest';
import { ApiKeyRecord, CreateAccount, CreatedKey, CreateKey, KeyListQuery, UpdateKeyPlan, UsageReport, UsageReportQuery } from './admin.js';

const ACCOUNT = '0c6f2d0e-3f5a-4d8b-9a7e-2f1b3c4d5e6f';

/** The `{ field, message }` pairs of a failed parse, as the server reports them. */
const issuesOf = (
  schema: { safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } },
  input: unknown,
) => (schema.safeParse(input).error?.issues ?? []).map((issue) => ({ field: issue.path.join('.'), message: issue.message }));

const record = {
  prefix: 'lsk_Q2hVx9aB',
  name: 'Vaduz pilot',
  plan: 'starter',
  accountId: ACCOUNT,
  accountName: 'Risch Kaffee AG',
  createdAt: '2026-11-01T09:00:00.000Z',
  revokedAt: null,
  lastUsedAt: null,
  usage: { used: 3, limit: 20, resetAt: '2026-12-01T00:00:00.000Z' },
};

describe('CreateAccount', () => {
  it('trims the name and refuses an empty one, naming the field', () => {
    expect(CreateAccount.parse({ name: '  Risch Kaffee AG ' })).toEqual({ name: 'Risch Kaffee AG' });
    expect(issuesOf(CreateAccount, { name: '   ' })).toEqual([{ field: 'name', message: 'name must not be empty' }]);
    expect(issuesOf(CreateAccount, {})).toEqual([{ field: 'name', message: 'name is required' }]);
  });

  it('refuses unknown fields by name', () => {
    expect(issuesOf(CreateAccount, { name: 'A', plan: 'growth' })[0]?.message).toBe('unknown field: plan');
  });
});

describe('CreateKey', () => {
  it('takes an account id, a plan and an optional name', () => {
    expect(CreateKey.parse({ account: ACCOUNT, plan: 'growth' })).toEqual({ account: ACCOUNT, plan: 'growth' });
    expect(CreateKey.parse({ account: ACCOUNT, plan: 'starter', name: ' POS ' }).name).toBe('POS');
  });

  it('names the account and the plan when they are wrong', () => {
    expect(issuesOf(CreateKey, { account: 'Risch Kaffee AG', plan: 'gold' })).toEqual([
      { field: 'account', message: 'account must be an account id (UUID v4)' },
      { field: 'plan', message: 'plan must be one of: starter, growth, enterprise' },
    ]);
    expect(issuesOf(CreateKey, { plan: 'growth', account: null })).toEqual([{ field: 'account', message: 'account must be an account id (UUID v4)' }]);
    expect(CreateKey.parse({ plan: 'growth' })).toEqual({ plan: 'growth' });
  });
});

describe('UpdateKeyPlan', () => {
  it('takes one known plan', () => {
    expect(UpdateKeyPlan.parse({ plan: 'enterprise' })).toEqual({ plan: 'enterprise' });
    expect(issuesOf(UpdateKeyPlan, { plan: 'Growth' })[0]?.field).toBe('plan');
  });
});

describe('ApiKeyRecord and CreatedKey', () => {
  it('accept a record with unlimited usage and never-used keys', () => {
    expect(ApiKeyRecord.parse({ ...record, plan: 'enterprise', usage: { ...record.usage, limit: null } }).usage.limit).toBeNull();
  });

  it('need a whsec_ secret and the full key on creation', () => {
    const created = { ...record, apiKey: 'lsk_Q2hVx9aBcdefghijklmnopqrstuvwxyz12', webhookSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' };
    expect(CreatedKey.parse(created).apiKey).toBe(created.apiKey);
    expect(issuesOf(CreatedKey, { ...created, webhookSecret: 'secret' })[0]?.field).toBe('webhookSecret');
    expect(issuesOf(CreatedKey, { ...record, webhookSecret: created.webhookSecret })[0]?.field).toBe('apiKey');
  });

  it('refuses a prefix longer than the 12 visible characters', () => {
    expect(issuesOf(ApiKeyRecord, { ...record, prefix: 'lsk_Q2hVx9aBc' })[0]?.field).toBe('prefix');
  });
});

describe('usage report', () => {
  it('takes a month as YYYY-MM, or none', () => {
    expect(UsageReportQuery.parse({})).toEqual({});
    expect(UsageReportQuery.parse({ month: '2026-11' })).toEqual({ month: '2026-11' });
    for (const month of ['2026-13', '2026-1', 'November', '2026-11-01', '0000-01']) {
      expect(issuesOf(UsageReportQuery, { month })).toEqual([{ field: 'month', message: 'month must be YYYY-MM between 1970-01 and 9999-12, e.g. 2026-11' }]);
    }
  });

  it('refuses a misspelt query parameter rather than ignoring it', () => {
    expect(issuesOf(UsageReportQuery, { mnth: '2026-11' })[0]?.message).toBe('unknown query parameter: mnth');
    expect(issuesOf(KeyListQuery, { acount: ACCOUNT })[0]?.message).toBe('unknown query parameter: acount');
  });

  it('holds keys, days and webhook outcomes', () => {
    const report = {
      month: '2026-11',
      periodStart: '2026-11-01T00:00:00.000Z',
      periodEnd: '2026-12-01T00:00:00.000Z',
      keys: [{ prefix: record.prefix, name: null, accountId: ACCOUNT, accountName: 'A', plan: 'growth', limit: 100, used: 42 }],
      days: [{ date: '2026-11-01', requests: 5, succeeded: 4, failed: 1 }],
      refused: { total: 7, days: [{ date: '2026-11-01', refused: 7 }] },
      webhooks: { delivered: 3, failed: 1, pending: 0 },
    };
    expect(UsageReport.parse(report).keys[0]?.used).toBe(42);
    expect(issuesOf(UsageReport, { ...report, refused: { total: -1, days: [] } })[0]?.field).toBe('refused.total');
    expect(issuesOf(UsageReport, { ...report, days: [{ date: '1 Nov', requests: 1, succeeded: 1, failed: 0 }] })[0]?.field).toBe('days.0.date');
    expect(
      issuesOf(UsageReport, {
        month: report.month,
        periodStart: report.periodStart,
        periodEnd: report.periodEnd,
        keys: [],
        days: [],
        webhooks: report.webhooks,
      })[0]?.field,
    ).toBe('refused');
  });
});
