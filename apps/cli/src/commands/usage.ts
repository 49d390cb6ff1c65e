import { LocScoreClient } from '@locscore/sdk';
import { resolveConnection } from '../config.js';
import { EXIT } from '../exit-codes.js';
import { printJson } from '../output/json.js';
import type { Terminal } from '../output/terminal.js';

/** Options of `locscore usage`, as parsed from flags. */
export interface UsageOptions {
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  json?: boolean | undefined;
}

/**
 * `locscore usage`: the API key's own usage in the current quota period
 * (`GET /api/franchisor/usage`), costing no quota: its plan, evaluations
 * used of the limit, what remains and when it resets (UTC). `--json` (or a
 * stdout that is not a terminal) prints the API body.
 *
 * @returns exit code 0
 * @throws the SDK's typed errors (reported by the CLI: a missing or refused key is exit 3)
 */
export async function runUsage(options: UsageOptions, terminal: Terminal): Promise<number> {
  const { apiKey, baseUrl } = resolveConnection(options);
  const client = new LocScoreClient({ apiKey, baseUrl });
  try {
    const usage = await client.getUsage();
    if (options.json || !terminal.stdoutIsTTY) {
      printJson(terminal, usage);
      return EXIT.ok;
    }
    const limit = usage.limit === null ? 'unlimited' : String(usage.limit);
    const remaining = usage.remaining === null ? 'unlimited' : String(usage.remaining);
    terminal.stdout.write(`Plan ${usage.plan}: ${usage.used} of ${limit} evaluations used this period, ${remaining} left; resets ${usage.resetAt}.\n`);
    return EXIT.ok;
  } finally {
    await client.close();
  }
}
