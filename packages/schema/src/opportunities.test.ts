import { describe, expect, it } from 'vitest';
import { createOpenApiDocument } from './openapi.js';
import { DEFAULT_OPPORTUNITY_LIMIT, OPPORTUNITIES_PATH, OpportunitiesQuery } from './opportunities.js';

/** The messages of a failed parse, by field. */
function issues(query: unknown): Record<string, string> {
  const parsed = OpportunitiesQuery.safeParse(query);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.code === 'unrecognized_keys' ? 'unknown' : issue.path.join('.'), issue.message]));
}

describe('OpportunitiesQuery', () => {
  it('reads the category, region and limit from query strings', () => {
    expect(OpportunitiesQuery.parse({ category: 'coffee', region: ' liechtenstein ', limit: '20' })).toEqual({
      category: 'coffee',
      region: 'liechtenstein',
      limit: 20,
    });
    expect(OpportunitiesQuery.parse({ category: 'gym-fitness' })).toEqual({ category: 'gym-fitness' });
    expect(DEFAULT_OPPORTUNITY_LIMIT).toBe(20);
  });

  it('names each bad field', () => {
    expect(issues({})).toEqual({ category: expect.stringMatching(/category/i) });
    expect(issues({ category: 'tea' })).toHaveProperty('category');
    expect(issues({ category: 'coffee', limit: '0' })).toEqual({ limit: 'limit must be at least 1' });
    expect(issues({ category: 'coffee', limit: '101' })).toEqual({ limit: 'limit must be at most 100' });
    expect(issues({ category: 'coffee', limit: 'ten' })).toEqual({ limit: 'limit must be a whole number' });
    expect(issues({ category: 'coffee', region: '  ' })).toEqual({ region: 'region must not be empty' });
    expect(issues({ category: 'coffee', top: '5' })).toEqual({ unknown: 'unknown query parameter: top' });
  });

  it('is in the OpenAPI document, metered, with its query parameters', () => {
    const document = createOpenApiDocument();
    const operation = document.paths?.[OPPORTUNITIES_PATH]?.get;
    expect(operation?.operationId).toBe('listOpportunities');
    expect(operation?.description).toMatch(/one evaluation/);
    const names = (operation?.parameters ?? []).map((parameter) => ('name' in parameter ? parameter.name : ''));
    expect(names).toEqual(['category', 'region', 'limit']);
    expect(Object.keys(operation?.responses ?? {})).toEqual(['200', '400', '401', '429', '503']);
  });
});
