import { CATEGORIES, type Category, isCategory, type ScoreResult } from '@locscore/schema';
import { LocScoreClient } from '@locscore/sdk';
import { resolveConnection } from '../config.js';
import { CliError, EXIT } from '../exit-codes.js';
import { renderCard } from '../output/card.js';
import { printJson } from '../output/json.js';
import { startSpinner, type Terminal } from '../output/terminal.js';

/** Options of `locscore score`, as parsed from flags. */
export interface ScoreOptions {
  address: string;
  category: string;
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  json?: boolean | undefined;
  webhookUrl?: string | undefined;
  wait?: boolean | undefined;
}

/**
 * Checks a category given on the command line.
 *
 * @param category - the `--category` value
 * @throws CliError (exit 2) naming every valid category when it is not one of them
 */
export function requireCategory(category: string | undefined): asserts category is Category {
  if (category === undefined || !isCategory(category)) {
    throw new CliError(`${category === undefined ? 'missing --category' : `unknown category "${category}"`}; use one of: ${CATEGORIES.join(', ')}`, EXIT.usage);
  }
}

/**
 * Prints a score result: the card on a terminal unless `json`, else the API
 * body as JSON.
 *
 * @param terminal - the command's terminal
 * @param result - the score result
 * @param options - `json` forces JSON; `card` forces the card even when stdout is not a terminal
 * @param context - address and category for the card's header
 */
export function printResult(
  terminal: Terminal,
  result: ScoreResult,
  options: { json?: boolean | undefined; card?: boolean | undefined },
  context: { address?: string; category?: string },
): void {
  if (options.json || (!terminal.stdoutIsTTY && !options.card)) printJson(terminal, result);
  else terminal.stdout.write(renderCard(result, terminal.out, context, terminal.stdoutColumns));
}

/**
 * `locscore score <address> --category <c>`: scores one civic address over
 * the API with the SDK. With `--webhook-url` the request is queued and the
 * acknowledgement printed; `--wait` then polls until the result is ready and
 * prints it like a synchronous score.
 *
 * @param options - parsed flags
 * @param terminal - the command's terminal
 * @returns exit code 0
 * @throws CliError (exit 2) for a bad category or `--wait` without `--webhook-url`;
 *   SDK errors propagate and are mapped by `reportError`
 */
export async function runScore(options: ScoreOptions, terminal: Terminal): Promise<number> {
  requireCategory(options.category);
  if (options.wait && !options.webhookUrl) throw new CliError('--wait needs --webhook-url (a synchronous score already waits)', EXIT.usage);
  const connection = resolveConnection(options);
  const client = new LocScoreClient({ apiKey: connection.apiKey, baseUrl: connection.baseUrl });
  const request = { address: options.address, category: options.category };
  const context = { address: options.address, category: options.category };
  const spinner = startSpinner(terminal, `Scoring ${options.address}`);
  try {
    if (options.webhookUrl) {
      const ack = await client.scoreAsync({ ...request, webhookUrl: options.webhookUrl });
      if (!options.wait) {
        spinner.stop();
        if (options.json || !terminal.stdoutIsTTY) printJson(terminal, ack);
        else terminal.stdout.write(`Queued request ${ack.requestId}; the result will be POSTed to ${options.webhookUrl}\n`);
        return EXIT.ok;
      }
      spinner.update(`Queued ${ack.requestId}, waiting for the result`);
      const result = await client.waitForResult(ack.requestId);
      spinner.stop();
      printResult(terminal, result, options, context);
      return EXIT.ok;
    }
    const result = await client.score(request);
    spinner.stop();
    printResult(terminal, result, options, context);
    return EXIT.ok;
  } finally {
    spinner.stop();
  }
}
