// What a shop pass prints: one record per rule in every -o format (the plan under
// --dry-run, with the notices that would go out), a summary line on stderr.
import { count } from '../../output/plural.js';
import { t } from '../../i18n/index.js';
import type { Channel } from '../../notify/channel.js';
import type { Notice } from '../../notify/notice.js';
import { jsonText, sanitizeInline } from '../../output/sanitize.js';
import { note } from '../../output/reporter.js';
import type { PassResult } from '../../shop/runner.js';
import type { RuleOutcome } from '../../shop/types.js';
import { printRecords } from '../../ui/print.js';
import type { Deps } from '../shared/context.js';

const COLUMNS = [
  { header: 'rule', value: 'rule' },
  { header: 'title', value: 'title', max: 30, drop: 1 },
  { header: 'held', value: 'held', kind: 'number' },
  { header: 'min', value: 'min', kind: 'number', drop: 2 },
  { header: 'target', value: 'target', kind: 'number' },
  { header: 'refill', value: 'refill', kind: 'number' },
  { header: 'in stock', value: 'inStock', kind: 'number', drop: 4 },
  { header: 'pool left', value: 'poolLeft', kind: 'number', drop: 5 },
  { header: 'days left', value: 'daysLeft', kind: 'number', drop: 3 },
  { header: 'action', value: 'action', kind: 'word' },
  { header: 'result', value: 'result', kind: 'word' },
  { header: 'code', value: 'code' },
  { header: 'alerts', value: (r: RuleOutcome) => [r.message, ...r.alerts].filter(Boolean).join('; '), max: 60 },
] as const;

/** The notices as each channel gets them: channel, kind, and the text its platform would show. */
function routed(notices: Notice[], channels: Channel[]): { channel: string; kind: string; text: string }[] {
  const out: { channel: string; kind: string; text: string }[] = [];
  for (const c of channels) {
    const mine = notices.filter((n) => c.wants(n.kind));
    for (const n of mine) out.push({ channel: c.name, kind: n.kind, text: c.payload([n]).preview });
  }
  return out;
}

export async function printPass(deps: Deps, r: PassResult, channels: Channel[], dryRun: boolean): Promise<void> {
  const format = deps.format();
  const sends = routed(r.notices, channels);
  if (format === 'json') {
    deps.io.stdout.write(
      `${jsonText({ ...(dryRun ? { dryRun: true } : {}), exit: r.exit, rules: r.outcomes, notices: sends }, 2)}\n`,
    );
    return;
  }
  if (format === 'jsonl') {
    for (const o of r.outcomes)
      deps.io.stdout.write(`${jsonText({ type: 'rule', ...(dryRun ? { dryRun: true } : {}), ...o })}\n`);
    for (const s of sends)
      deps.io.stdout.write(`${jsonText({ type: 'notice', ...(dryRun ? { dryRun: true } : {}), ...s })}\n`);
    return;
  }
  if (dryRun && format === 'table') deps.io.stdout.write(`${t('dry run: nothing sent')}\n`);
  await printRecords<RuleOutcome>(deps.io, r.outcomes, {
    format,
    empty: 'no rules',
    columns: COLUMNS as never,
  });
  if (format === 'table') {
    if (sends.length > 0) {
      deps.io.stdout.write(`\n${dryRun ? 'would notify' : 'notified'}:\n`);
      for (const s of sends)
        deps.io.stdout.write(`[${sanitizeInline(s.channel)}] ${s.text.split('\n').join('\n    ')}\n`);
    }
  } else if (sends.length > 0) {
    // csv/tsv hold one kind of row: the notices are said on stderr.
    note(deps.io, noticesLine(sends, dryRun));
  }
}

/**
 * `2 notices queued: "vendas" refill_done, listing_reactivated`: each channel (the seller's own
 * name, quoted as data) with the kinds of its notices (codes, as in shop.yaml).
 */
function noticesLine(sends: { channel: string; kind: string }[], dryRun: boolean): string {
  const kinds = new Map<string, Set<string>>();
  for (const s of sends) kinds.set(s.channel, (kinds.get(s.channel) ?? new Set()).add(s.kind));
  const list = [...kinds].map(([channel, k]) => `"${sanitizeInline(channel)}" ${[...k].join(', ')}`).join('; ');
  const one = sends.length === 1;
  if (dryRun)
    return t(one ? '1 notice would be sent: {list}' : '{n} notices would be sent: {list}', { n: sends.length, list });
  return t(one ? '1 notice queued: {list}' : '{n} notices queued: {list}', { n: sends.length, list });
}

export function passSummary(r: PassResult): string {
  const sent = r.outcomes.reduce((n, o) => n + o.refill, 0);
  const on = r.outcomes.filter((o) => o.action === 'activate').length;
  const off = r.outcomes.filter((o) => o.action === 'deactivate').length;
  const seller = r.outcomes.filter((o) => o.result === 'refused' || o.result === 'needs seller' || o.alerts.length > 0);
  const needs = seller.length ? t('; needs you: {rules}', { rules: seller.map((o) => o.rule).join(', ') }) : '';
  return (
    t('shop: {rules}, {sent} refilled, {on} reactivated, {off} deactivated, {notices}', {
      rules: count(r.outcomes.length, 'rule'),
      sent: count(sent, 'credential'),
      on,
      off,
      notices: count(r.notices.length, 'notice'),
    }) + needs
  );
}
