import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error.js';
import { parseScoreRequest } from './score-request.js';

function fieldsOf(body: unknown): string[] {
  try {
    parseScoreRequest(body);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return ((error as ApiError).details?.fields ?? []).map((issue) => issue.field);
  }
}

describe('parseScoreRequest', () => {
  it('trims and accepts a valid request', () => {
    expect(parseScoreRequest({ address: '  Städtle 38, Vaduz ', category: 'coffee' })).toEqual({
      address: 'Städtle 38, Vaduz',
      category: 'coffee',
    });
  });

  it('names every bad field, each unknown field by name, and body for non-objects', () => {
    expect(fieldsOf({ address: 'ab', category: 'bakery' }).sort()).toEqual(['address', 'category']);
    expect(fieldsOf({ address: 'Städtle 38', category: 'coffee', extra: 1, other: 2 }).sort()).toEqual(['extra', 'other']);
    expect(fieldsOf(null)).toEqual(['body']);
    expect(fieldsOf(42)).toEqual(['body']);
  });
});
