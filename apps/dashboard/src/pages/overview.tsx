import type { UsageReport } from '@locscore/schema';
import { useState } from 'preact/hooks';
import { DailyChart } from '../components/daily-chart.js';
import { Fact } from '../components/fact.js';
import { ResourceView } from '../components/messages.js';
import { TableHead } from '../components/table-head.js';
import { UsageMeter } from '../components/usage-meter.js';
import { formatDate, formatPercent, formatPlan, monthOf } from '../format/format.js';
import { totalRequests, webhookSuccessRate } from '../format/rates.js';
import { useResource } from '../hooks/use-resource.js';
import { useSession } from '../session/session-context.js';

/**
 * Overview of a month: requests per day, error rate (scoring failures and
 * refused requests), refused requests, webhook success rate,
 * and each key's usage against its plan (the operator sees every key, a
 * franchisor its own).
 */
export function OverviewPage() {
  const { admin, franchisor } = useSession();
  const [month, setMonth] = useState(() => monthOf(new Date()));
  const [report] = useResource((signal) => (admin === null ? franchisor.usageReport(month, { signal }) : admin.usage(month, { signal })), [month]);
  return (
    <>
      <h1>Overview</h1>
      <form class="toolbar" onSubmit={(event) => event.preventDefault()}>
        <label for="month">Month (UTC)</label>
        <input
          id="month"
          type="month"
          value={month}
          max={monthOf(new Date())}
          onChange={(event) => event.currentTarget.value !== '' && setMonth(event.currentTarget.value)}
        />
      </form>
      <ResourceView resource={report} label="the usage report">
        {(data) => <Report report={data} />}
      </ResourceView>
    </>
  );
}

/**
 * Share of answered API requests that were errors: scoring failures plus
 * refused requests (4xx other than 404: bad input, credentials, quota, burst
 * limit) over the finished and the refused ones.
 *
 * @returns 0–1, or null when nothing was answered yet (no rate, not 0%)
 */
function errorRateOf(report: UsageReport): number | null {
  let failed = report.refused.total;
  let answered = report.refused.total;
  for (const day of report.days) {
    failed += day.failed;
    answered += day.succeeded + day.failed;
  }
  return answered === 0 ? null : failed / answered;
}

function Report({ report }: { report: UsageReport }) {
  return (
    <>
      <section aria-labelledby="totals-heading">
        <h2 id="totals-heading" class="visually-hidden">
          Totals
        </h2>
        <dl class="tiles">
          <Fact term="Requests">{totalRequests(report.days)}</Fact>
          <Fact term="Error rate">{formatPercent(errorRateOf(report))}</Fact>
          <Fact term="Refused">{report.refused.total}</Fact>
          <Fact term="Webhook success">{formatPercent(webhookSuccessRate(report.webhooks))}</Fact>
          <Fact term="Period ends">{formatDate(report.periodEnd)}</Fact>
        </dl>
      </section>
      <section aria-labelledby="daily-heading">
        <h2 id="daily-heading">Requests per day</h2>
        <DailyChart days={report.days} title={`Requests per day in ${report.month}`} />
      </section>
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">Usage per key</h2>
        <table>
          <TableHead columns={['Key', 'Account', 'Plan', 'Used this month']} />
          <tbody>
            {report.keys.map((key) => (
              <tr key={key.prefix}>
                <th scope="row">
                  <span class="mono">{key.prefix}</span> {key.name}
                </th>
                <td>{key.accountName}</td>
                <td>{formatPlan(key.plan)}</td>
                <td>
                  <UsageMeter used={key.used} limit={key.limit} label={`Usage of ${key.prefix}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {report.keys.length === 0 && <p class="muted">No keys yet.</p>}
      </section>
    </>
  );
}
