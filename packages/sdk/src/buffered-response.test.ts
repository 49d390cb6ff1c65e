import { describe, expect, it } from 'vitest';
import { BufferedResponse } from './buffered-response.js';

describe('BufferedResponse', () => {
  const response = new BufferedResponse(200, ['X-Request-Id', 'abc', 'Content-Type', 'application/json', 'Vary', 'a', 'vary', 'b'], '{"score":4.4}');

  it('is a Response with the status, and reads its buffered body as text, JSON and bytes, again and again', async () => {
    expect(response).toBeInstanceOf(Response);
    expect(response.ok).toBe(true);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"score":4.4}');
    expect(await response.json()).toEqual({ score: 4.4 });
    expect(new TextDecoder().decode(await response.arrayBuffer())).toBe('{"score":4.4}');
    expect(await response.text()).toBe('{"score":4.4}');
  });

  it('answers one header by name in any case, joining repeats as Headers does', () => {
    expect(response.header('x-request-id')).toBe('abc');
    expect(response.header('VARY')).toBe('a, b');
    expect(response.header('retry-after')).toBeNull();
    expect(response.headers.get('vary')).toBe(response.header('vary'));
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('clones with the same status, headers and body', async () => {
    const copy = response.clone();
    expect(copy).toBeInstanceOf(BufferedResponse);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('x-request-id')).toBe('abc');
    expect(await copy.json()).toEqual({ score: 4.4 });
  });

  it('rejects json() with a SyntaxError when the body is not JSON', async () => {
    await expect(new BufferedResponse(200, [], 'not json').json()).rejects.toBeInstanceOf(SyntaxError);
  });
});
