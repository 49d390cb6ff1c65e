import { describe, expect, it } from 'vitest';
import { Refusal } from '../refusal.js';
import { checkWebhookUrl, forbiddenRange } from './url-policy.js';

describe('forbiddenRange', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:10.0.0.1', 'private'],
  ])('refuses %s (%s)', (address, range) => {
    expect(forbiddenRange(address)).toBe(range);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:93.184.216.34'])('allows public %s', (address) => {
    expect(forbiddenRange(address)).toBeNull();
  });
});

describe('checkWebhookUrl', () => {
  const resolve = async (host: string): Promise<string[]> => {
    if (host === 'public.example') return ['93.184.216.34'];
    if (host === 'mixed.example') return ['93.184.216.34', '192.168.0.10'];
    throw new Error('ENOTFOUND');
  };

  async function reason(url: string, allowPrivate = false): Promise<string | null> {
    try {
      await checkWebhookUrl(url, { allowPrivate, resolve });
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(Refusal);
      const fields = (error as Refusal).details?.fields ?? [];
      expect(fields.map((field) => field.field)).toEqual(['webhookUrl']);
      return fields[0]?.message ?? '';
    }
  }

  it('accepts a public host', async () => {
    expect(await reason('https://public.example/hooks/locscore')).toBeNull();
  });

  it('refuses a host with any private address, unresolvable hosts, credentials and other schemes', async () => {
    expect(await reason('https://mixed.example/')).toMatch(/private address \(192\.168\.0\.10\)/);
    expect(await reason('https://nowhere.example/')).toMatch(/could not be resolved/);
    expect(await reason('https://user:pw@public.example/')).toMatch(/credentials/);
    expect(await reason('ftp://public.example/')).toMatch(/http or https/);
    expect(await reason('http://LOCALHOST:8080/')).toMatch(/localhost/);
    expect(await reason('http://api.localhost/')).toMatch(/localhost/);
  });

  it('allows private targets only when configured to', async () => {
    expect(await reason('http://127.0.0.1:9000/hook', true)).toBeNull();
    expect(await reason('http://127.0.0.1:9000/hook')).toMatch(/loopback/);
  });
});
