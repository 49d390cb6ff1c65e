import { describe, expect, it } from 'vitest';
import { CreateAccount, CreateKey, KeyPrefix, UsageMonth } from './admin.js';
import { createOpenApiDocument } from './openapi.js';
import { ScoreRequest, WebhookUrl } from './score-request.js';
import { STORABLE_TEXT } from './storable-text.js';
import { CreateUnit } from './units.js';

const fieldsOf = (result: { error?: { issues: Array<{ path: PropertyKey[] }> } }) => result.error?.issues.map((issue) => issue.path.join('.'));

describe('STORABLE_TEXT', () => {
  it('refuses NUL and unpaired surrogates, and takes every other character, astral ones included', () => {
    for (const text of ['a\u0000b', '\uD800', 'x\uDFFFy', '\uDC00\uD800']) expect(STORABLE_TEXT.test(text), JSON.stringify(text)).toBe(false);
    for (const text of ['Städtle 38', '☕ 😀 𝄞', '\u0001\u007f\uFFFE\uFFFF', '']) expect(STORABLE_TEXT.test(text), JSON.stringify(text)).toBe(true);
  });

  it('is applied to every string a client sends, naming the field', () => {
    expect(fieldsOf(ScoreRequest.safeParse({ address: 'Städtle 38 \u0000', category: 'coffee' }))).toEqual(['address']);
    expect(fieldsOf(CreateUnit.safeParse({ name: '\uD83D', address: 'Städtle 38', category: 'coffee', status: 'open', brand: 'B\u0000' }))).toEqual([
      'name',
      'brand',
    ]);
    expect(fieldsOf(CreateAccount.safeParse({ name: 'Acme\u0000' }))).toEqual(['name']);
    expect(fieldsOf(CreateKey.safeParse({ plan: 'starter', name: '\uDE00' }))).toEqual(['name']);
    expect(KeyPrefix.safeParse('lsk_\u0000').success).toBe(false);
  });

  it('shows as the pattern of those strings in the OpenAPI document', () => {
    const text = JSON.stringify(createOpenApiDocument());
    const pattern = JSON.stringify(STORABLE_TEXT.source);
    expect(text.split(pattern).length - 1).toBeGreaterThanOrEqual(6);
  });
});

describe('WebhookUrl and UsageMonth', () => {
  it('takes an IPv6 literal host in brackets, as URL.hostname gives it', () => {
    expect(WebhookUrl.safeParse('https://[2606:4700:4700::1111]:8443/hooks').success).toBe(true);
    expect(WebhookUrl.safeParse('https://[::1]/x').success).toBe(true);
    expect(WebhookUrl.safeParse('https://[not-ipv6]/x').success).toBe(false);
  });

  it('refuses a month before 1970 instead of reading 0000 as 1900', () => {
    expect(UsageMonth.safeParse('0000-01').success).toBe(false);
    expect(UsageMonth.safeParse('1969-12').success).toBe(false);
    expect(UsageMonth.safeParse('1970-01').success).toBe(true);
    expect(UsageMonth.safeParse('2026-11').success).toBe(true);
  });
});
