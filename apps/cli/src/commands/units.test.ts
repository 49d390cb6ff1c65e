import { describe, expect, it } from 'vitest';
import { EXIT } from '../exit-codes.js';
import { type ImportLine, importExitCode } from './units.js';

const failed = (code: string): ImportLine => ({ source: 'row 1', status: 'failed', error: { code, message: code } });
const created: ImportLine = { source: 'row 2', status: 'created', unitId: 'u', name: 'A' };

describe('importExitCode', () => {
  it('is 0 only when every row was created, 2 for refused rows, 3 for the key, 5 for the server', () => {
    expect(importExitCode([created])).toBe(EXIT.ok);
    expect(importExitCode([created, failed('invalid_request'), failed('address_not_found')])).toBe(EXIT.usage);
    expect(importExitCode([failed('invalid_request'), failed('unauthorized')])).toBe(EXIT.auth);
    expect(importExitCode([failed('address_ambiguous'), failed('connection_error')])).toBe(EXIT.server);
    expect(importExitCode([failed('not_configured')])).toBe(EXIT.server);
    expect(importExitCode([failed('conflict')])).toBe(EXIT.usage);
  });
});
