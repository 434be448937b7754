import { countsInFigure } from '@devenv/openapi'
import { COVERAGE_KINDS, uncoveredRuleReason } from './coverage'
import type { RunReport } from './run-report'
import { SINCE_LABEL_TEXT } from './suites'

/**
 * Any value as text for HTML content and attribute values. Every value a report holds goes
 * through it, numbers included: a shard `merge` reads was written by someone else, and a field
 * meant to hold a number may hold markup.
 */
export function escapeHtml(value: unknown): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1b1f24}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #d0d7de;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.n{text-align:right;font-variant-numeric:tabular-nums}
.pass{color:#1a7f37}.fail{color:#cf222e;font-weight:600}.skip{color:#6e7781}
.cell{display:inline-block;margin:0 .25rem .15rem 0;padding:0 .3rem;border-radius:3px;font-family:ui-monospace,monospace;font-size:.85em}
.hit{background:#dafbe1}.miss{background:#eaeef2;color:#57606a}.undoc{background:#ffebe9}
pre{background:#f6f8fa;padding:.5rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
.summary span{margin-right:1.5rem;font-size:1.1rem}
`

const cell = (text: unknown, kind: 'hit' | 'miss' | 'undoc', title: string) =>
  `<span class="cell ${kind}" title="${escapeHtml(title)}">${escapeHtml(text)}</span>`

/** One self-contained page (no external assets, no scripts): summary, operations, coverage, failures. */
export function toHtml(report: RunReport): string {
  const { summary, coverage } = report
  const untested = report.skippedParts.filter((part) => !part.accepted)
  const verdict = summary.failed > 0 || untested.length > 0 ? 'failed' : 'passed'
  const out: string[] = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(`devenv-contract ${report.mode}: ${verdict}`)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>devenv-contract ${escapeHtml(report.mode)} against <code>${escapeHtml(report.target)}</code></h1>`,
    `<p>Started ${escapeHtml(report.startedAt)}, took ${escapeHtml((Number(report.durationMs) / 1000).toFixed(1))} s${report.seed === undefined ? '' : `, seed <code>${escapeHtml(report.seed)}</code>`}.</p>`,
    '<p class="summary">',
    `<span class="pass">${escapeHtml(summary.passed)} passed</span>`,
    `<span class="${summary.failed > 0 ? 'fail' : 'pass'}">${escapeHtml(summary.failed)} failed</span>`,
    `<span class="skip">${escapeHtml(summary.skipped)} skipped</span>`,
    `<span>${escapeHtml(summary.schemaViolations)} response-schema violations</span>`,
    '</p>',
  ]
  if (report.notes.length > 0) {
    out.push('<ul>', ...report.notes.map((note) => `<li>${escapeHtml(note)}</li>`), '</ul>')
  }
  if (report.since) {
    out.push(
      `<h2>Asked of servers since <code>${escapeHtml(report.since.base)}</code> (${escapeHtml(report.since.asks.length)})</h2>`,
      `<p>${escapeHtml(report.since.new)} failures new in this contract version, ${escapeHtml(report.since.baseToo)} failing under the base contract too.</p>`,
      '<ul>',
      ...report.since.asks.map((ask) => `<li>${escapeHtml(ask)}</li>`),
      '</ul>',
    )
  }
  if (report.skippedParts.length > 0) {
    out.push(
      '<h2>Not tested</h2>',
      '<p>Whole parts of the run that were skipped; one not accepted with <code>--allow-skip</code> fails the run.</p>',
      '<table><thead><tr><th>part</th><th>why</th><th>verdict</th></tr></thead><tbody>',
      ...report.skippedParts.map(
        (part) =>
          `<tr><td><code>${escapeHtml(part.part)}</code></td><td>${escapeHtml(part.reason)}</td><td class="${part.accepted ? 'skip' : 'fail'}">${part.accepted ? 'accepted' : 'fails the run'}</td></tr>`,
      ),
      '</tbody></table>',
    )
  }

  out.push(
    '<h2>Coverage</h2>',
    '<table><thead><tr><th>of the contract</th><th>exercised</th><th>documented</th><th>percent</th></tr></thead><tbody>',
    ...[...COVERAGE_KINDS, 'rules' as const].flatMap((kind) => {
      const figure = coverage.summary[kind]
      return figure === undefined
        ? []
        : [
            `<tr><td>${kind}</td><td class="n">${escapeHtml(figure.covered)}</td><td class="n">${escapeHtml(figure.total)}</td><td class="n">${escapeHtml(figure.percent)}%</td></tr>`,
          ]
    }),
    '</tbody></table>',
    '<p>Green: exercised; grey: documented but not exercised; red: answered but not documented.</p>',
    '<table><thead><tr><th>operation</th><th>calls</th><th>statuses</th><th>examples</th></tr></thead><tbody>',
  )
  for (const row of coverage.operations) {
    const statuses = [
      ...row.statuses.map((status) =>
        cell(
          status.status,
          status.count > 0 ? 'hit' : 'miss',
          status.count > 0 ? `answered ${status.count} times` : 'not exercised',
        ),
      ),
      ...row.undocumentedStatuses.map((status) =>
        cell(String(status.status), 'undoc', `answered ${status.count} times, not documented`),
      ),
    ].join('')
    const examples =
      row.examples
        .map((example) =>
          cell(
            example.in === 'request' ? example.name : `${example.status} ${example.name}`,
            example.count > 0 ? 'hit' : 'miss',
            `${example.in} example${example.status ? ` of ${example.status}` : ''}: ${example.count > 0 ? `used ${example.count} times` : 'not exercised'}`,
          ),
        )
        .join('') || '<span class="skip">none documented</span>'
    out.push(
      `<tr><td><span class="${row.calls > 0 ? 'pass' : 'skip'}">${escapeHtml(row.operationId)}</span><br><code>${escapeHtml(`${row.method} ${row.path}`)}</code></td><td class="n">${escapeHtml(row.calls)}</td><td>${statuses}</td><td>${examples}</td></tr>`,
    )
  }
  out.push('</tbody></table>')
  // Each rule of the contract with the checks that cited it; the gaps say why none can.
  if (coverage.rules !== undefined)
    out.push(
      '<h3>Rules</h3>',
      '<table><thead><tr><th>rule</th><th>checks</th><th>uncovered because</th></tr></thead><tbody>',
      ...coverage.rules.map(
        (rule) =>
          `<tr><td>${cell(rule.id, rule.checks > 0 && countsInFigure(rule) ? 'hit' : 'miss', rule.checks > 0 ? `cited by ${rule.checks} checks` : 'cited by no check')}</td><td class="n">${escapeHtml(rule.checks)}</td><td>${rule.checks > 0 && countsInFigure(rule) ? '' : escapeHtml(uncoveredRuleReason(rule))}</td></tr>`,
      ),
      '</tbody></table>',
    )

  out.push(
    '<h2>Operations</h2>',
    '<table><thead><tr><th>operation</th><th>method</th><th>path</th><th>passed</th><th>failed</th><th>skipped</th><th>statuses seen</th></tr></thead><tbody>',
    ...report.operations.map(
      (operation) =>
        `<tr><td>${escapeHtml(operation.operationId)}</td><td>${escapeHtml(operation.method)}</td><td><code>${escapeHtml(operation.path)}</code></td><td class="n">${escapeHtml(operation.passed)}</td><td class="n${operation.failed > 0 ? ' fail' : ''}">${escapeHtml(operation.failed)}</td><td class="n">${escapeHtml(operation.skipped)}</td><td>${escapeHtml(operation.statusesSeen.join(', '))}</td></tr>`,
    ),
    '</tbody></table>',
  )

  out.push(`<h2>Failures (${report.failures.length})</h2>`)
  if (report.failures.length === 0) out.push('<p class="pass">None.</p>')
  // Against an older contract (`--since`), the new failures first, as the terminal lists them.
  const failures = report.since
    ? [...report.failures].sort(
        (a, b) => Number(a.since?.label !== 'new') - Number(b.since?.label !== 'new'),
      )
    : report.failures
  for (const failure of failures) {
    out.push(
      '<section>',
      `<h3 class="fail">${escapeHtml(`${failure.suite} › ${failure.check}`)}</h3>`,
      ...(failure.since
        ? [
            `<p><strong>${escapeHtml(SINCE_LABEL_TEXT[failure.since.label])}</strong>: ${escapeHtml(failure.since.because)}</p>`,
          ]
        : []),
      `<p>${escapeHtml(failure.message)}</p>`,
    )
    if (failure.request) {
      out.push(
        `<p><code>${escapeHtml(`${failure.request.method} ${failure.request.url}`)}</code> answered ${failure.status === null ? 'nothing' : escapeHtml(failure.status)}</p>`,
      )
    }
    if (failure.detail) {
      out.push(
        '<p>The request and the answer (secrets redacted):</p>',
        `<pre>${escapeHtml(failure.detail)}</pre>`,
      )
    }
    if (failure.reproducer) {
      out.push(
        failure.variables.length > 0
          ? `<p>Reproduce (set ${failure.variables.map((name) => `<code>${escapeHtml(name)}</code>`).join(', ')} first):</p>`
          : '<p>Reproduce:</p>',
        `<pre>${escapeHtml(failure.reproducer)}</pre>`,
      )
    }
    out.push('</section>')
  }

  if (report.skipped.length > 0) {
    out.push(
      `<h2>Skipped (${report.skipped.length})</h2>`,
      '<ul>',
      ...report.skipped.map(
        (skip) =>
          `<li>${escapeHtml(`${skip.suite} › ${skip.check}`)}: ${escapeHtml(skip.reason)}</li>`,
      ),
      '</ul>',
    )
  }

  if (report.findings.length > 0) {
    out.push(
      '<h2>Findings (not failures)</h2>',
      '<ul>',
      ...report.findings.map(
        (finding) =>
          `<li><strong>${escapeHtml(finding.title)}</strong>: ${escapeHtml(finding.detail)}</li>`,
      ),
      '</ul>',
    )
  }
  out.push('</main>', '</body>', '</html>', '')
  return out.join('\n')
}
