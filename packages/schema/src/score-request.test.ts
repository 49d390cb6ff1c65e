import { describe, expect, it } from 'vitest';
import { CATEGORIES } from './categories.js';
import { ScoreRequest } from './score-request.js';

const fieldsOf = (input: unknown) => {
  const parsed = ScoreRequest.safeParse(input);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
};

describe('ScoreRequest', () => {
  it('accepts an address and a category, trimming the address', () => {
    expect(ScoreRequest.parse({ address: '  Städtle 38, 9490 Vaduz ', category: 'coffee' })).toEqual({
      address: 'Städtle 38, 9490 Vaduz',
      category: 'coffee',
    });
  });

  it('names a missing address and lists the valid categories for an unknown one', () => {
    const issues = fieldsOf({ category: 'tacos' });
    expect(issues.map((issue) => issue.field).sort()).toEqual(['address', 'category']);
    const category = issues.find((issue) => issue.field === 'category');
    for (const value of CATEGORIES) expect(category?.message).toContain(value);
  });

  it('refuses addresses outside 3–300 characters', () => {
    expect(fieldsOf({ address: 'ab', category: 'coffee' })[0]?.field).toBe('address');
    expect(fieldsOf({ address: 'a'.repeat(301), category: 'coffee' })[0]?.field).toBe('address');
  });

  it('accepts http(s) webhook URLs only', () => {
    expect(fieldsOf({ address: '1 Main St', category: 'coffee', webhookUrl: 'https://hooks.example.com/x' })).toEqual([]);
    expect(fieldsOf({ address: '1 Main St', category: 'coffee', webhookUrl: 'ftp://example.com/x' })[0]?.field).toBe('webhookUrl');
    expect(fieldsOf({ address: '1 Main St', category: 'coffee', webhookUrl: 'not a url' })[0]?.field).toBe('webhookUrl');
  });

  it('refuses unknown fields, naming them', () => {
    const issues = fieldsOf({ address: '1 Main St', category: 'coffee', webhookURL: 'https://x.example' });
    expect(issues[0]?.message).toContain('webhookURL');
  });
});
