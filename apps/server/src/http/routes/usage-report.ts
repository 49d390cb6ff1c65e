import { type UsageReport, UsageReportQuery } from '@locscore/schema';
import type { Request } from 'express';
import { monthOf, periodOfMonth } from '../../services/usage/month.js';
import { invalidRequest } from '../api-error.js';
import type { ServerConfig } from '../server-config.js';
import { parseQuery } from '../validate.js';

/**
 * The usage report a request asks for (`?month=YYYY-MM`, default the current
 * month), of one key or of every key. Costs no quota.
 *
 * @param config - the server configuration (store, clock)
 * @param req - the request, whose query is validated by `UsageReportQuery`
 * @param keyId - one key's report (a franchisor's); every key's when absent
 * @throws ApiError 400 naming `month` when it is malformed or after the current month
 */
export async function usageReportFor(config: ServerConfig, req: Request, keyId?: string): Promise<UsageReport> {
  const now = (config.clock ?? (() => new Date()))();
  const month = parseQuery(UsageReportQuery, req.query).month ?? monthOf(now);
  if (month > monthOf(now)) throw invalidRequest([{ field: 'month', message: `month must not be after the current month, ${monthOf(now)}` }]);
  const period = periodOfMonth(month);
  // This instance's refusals of the last moments are counted in memory; the report shows them too.
  await config.store.refusals.flush();
  return config.store.usageReports.report({ month, period, until: now, ...(keyId === undefined ? {} : { keyId }) });
}
