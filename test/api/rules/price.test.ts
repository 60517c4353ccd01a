// One price rule (spec 8, cli-spec 3; src/api/rules/price.ts): a prices CSV, a variants CSV,
// `--price`, the request schema and the sandbox refuse the same prices in the same words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LIMITS } from '../../../src/api/assumptions.js';
import { UsageError } from '../../../src/api/errors.js';
import { priceCents } from '../../../src/api/requests.js';
import { priceFlag } from '../../../src/cli/products/price-flag.js';
import { readPriceFile } from '../../../src/input/prices.js';
import { readVariantFile } from '../../../src/input/variants.js';
import { AS_FILE, fileWith } from '../../input/helpers.js';

const inPrices = async (price: string) =>
  (await readPriceFile(fileWith('prices.csv', `id;price\n1;${price}\n`), AS_FILE)).problems;
const inVariants = async (price: string) =>
  (await readVariantFile(fileWith('variants.csv', `index;price\n0;${price}\n`), AS_FILE)).problems;
const onFlag = (price: string) => {
  try {
    priceFlag(price);
  } catch (err) {
    assert.ok(err instanceof UsageError);
    return err.message;
  }
  assert.fail(`--price ${price} was accepted`);
};

for (const price of ['-5', '0', '0.00', '-0,01']) {
  test(`${price} is refused as "must be greater than 0" in a prices CSV, a variants CSV and --price`, async () => {
    const said = `"${price}" must be greater than 0`;
    assert.deepEqual(await inPrices(price), [`FILE:2: price ${said}`]);
    assert.deepEqual(await inVariants(price), [`FILE:2: price ${said}`]);
    assert.equal(onFlag(price), `--price ${said}`);
  });
}

test('the maximum is shown the way the price was typed: decimal for price and --price, cents for price_cents', async () => {
  assert.deepEqual(await inPrices('1000000.01'), ['FILE:2: price "1000000.01" is above the maximum of 1000000.00']);
  assert.deepEqual(await inVariants('1000000,01'), ['FILE:2: price "1000000,01" is above the maximum of 1000000.00']);
  assert.equal(onFlag('1000000.01'), '--price "1000000.01" is above the maximum of 1000000.00');
  const cents = (
    await readPriceFile(fileWith('prices.csv', `id,price_cents\n1,${LIMITS.priceMaxCents + 1}\n`), AS_FILE)
  ).problems;
  assert.deepEqual(cents, [
    `FILE:2: price_cents "${LIMITS.priceMaxCents + 1}" is above the maximum of ${LIMITS.priceMaxCents} cents`,
  ]);
  assert.equal(priceFlag('1000000.00'), LIMITS.priceMaxCents, 'the maximum itself is allowed');
});

test('the request schema (what the sandbox answers) says it in the same words', () => {
  const said = (cents: number) => priceCents.safeParse(cents).error?.issues[0]?.message;
  assert.equal(said(0), 'price must be greater than 0');
  assert.equal(said(LIMITS.priceMaxCents + 1), `price is above the maximum of ${LIMITS.priceMaxCents} cents`);
  assert.equal(said(1), undefined);
});
