// svc limits: the spec's limits table (spec 8) and the live rate-limit state (cli-spec 2).
import { LIMITS } from '../../api/assumptions.js';
import { printRecords } from '../../ui/print.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, flag, type OptsOf } from '../shared/verb.js';

const options = { offline: flag('--offline', 'only the table; do not ask the service for the live state') };

const TABLE: [string, string | number][] = [
  ['v2 requests per minute (per account)', LIMITS.v2PerMinute],
  ['v2 requests per day (per account)', LIMITS.v2PerDay],
  ['v1 requests per minute', LIMITS.v1PerMinute],
  ['v1 requests per day', LIMITS.v1PerDay],
  ['rate bucket', 'shared by the v1 and v2 keys of the account'],
  ['v1 listing creations per day', LIMITS.v1CreationsPerDay],
  ['title length', `${LIMITS.titleMin}-${LIMITS.titleMax}`],
  ['description length', `${LIMITS.descriptionMin}-${LIMITS.descriptionMax}`],
  ['images per listing', LIMITS.v1ImagesMax],
  ['price (cents, max)', LIMITS.priceMaxCents],
  ['items per bulk-price / bulk-status / variants edit', `1-${LIMITS.itemsPerBulk}`],
  ['stock items per request', LIMITS.stockItemsPerRequest],
  ['characters per credential', LIMITS.credentialMaxChars],
  ['credentials per listing or variant', LIMITS.stockPerVariantMax],
  ['credentials in one creation', LIMITS.credentialsPerCreation],
  ['auto-delivery variants in one creation', LIMITS.autoDeliveryVariantsPerCreation],
  ['credentials text in one creation (chars)', LIMITS.credentialsTextCharsPerCreation],
  ['ref length', `${LIMITS.refMin}-${LIMITS.refMax}`],
  ['page size (limit)', LIMITS.pageSizeMax],
  ['active API keys', LIMITS.activeKeysMax],
  ['question answers', `${LIMITS.questionAnswersPerMinute}/min, ${LIMITS.questionAnswersPerHour}/h`],
  [
    'webhooks',
    `${LIMITS.webhooksActiveMax} active, ${LIMITS.webhookTimeoutMs / 1000} s to answer, ${LIMITS.webhookAttempts} attempts`,
  ],
];

async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  const rows = TABLE.map(([limit, value]) => ({ limit, value: String(value) }));
  if (!o.offline) {
    const client = await deps.client();
    if (client.hasKey('v2')) {
      const u = (await (await deps.api()).account.usage()).data;
      if (u.minute)
        rows.unshift({ limit: 'now: requests left this minute', value: `${u.minute.remaining} / ${u.minute.limit}` });
      if (u.day) rows.unshift({ limit: 'now: requests left today', value: `${u.day.remaining} / ${u.day.limit}` });
    } else {
      await (await deps.api()).account.check('v1');
      const left = client.budget.remaining('v1');
      if (left !== undefined) rows.unshift({ limit: 'now: v1 requests left this minute', value: String(left) });
    }
  }
  await printRecords(deps.io, rows, {
    format: deps.format(),
    columns: [
      // svc's own words, said in the seller's language in a table; json keeps them as they are
      { header: 'limit', value: 'limit', max: 60, kind: 'word' },
      { header: 'value', value: 'value', max: 60, kind: 'word' },
    ],
  });
  return 0;
}

export const limitsVerb = defineVerb({
  name: 'limits',
  description: "the service's limits, and what is left of the rate limit now",
  options,
  examples: ['svc limits', 'svc limits --offline -o json'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [limitsVerb];
