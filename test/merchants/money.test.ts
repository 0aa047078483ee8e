/**
 * The order figures of `orders/money.ts` against the independent reference, over many generated
 * cases: tax on top and prices that include tax, cent-exact, and what returned goods give back.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { orderFigures, returnedValue, taxIncludedIn } from '../../src/orders/money.js';
import { includedTaxReference } from './reference.js';

const rate = fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(0, 1, 825, 2000, 9999, 10_000));
const linesTotal = fc.oneof(fc.integer({ min: 0, max: 4 * 99_999_999 * 10_000 }), fc.integer({ min: 0, max: 10_000 }));

test('orderFigures matches the reference, tax on top and included', () => {
  fc.assert(
    fc.property(linesTotal, rate, fc.boolean(), (lines, bps, inclusive) => {
      const { subtotal, tax } = orderFigures(lines, bps, inclusive);
      const expected = includedTaxReference(lines, bps, inclusive);
      assert.deepEqual({ subtotal, tax, total: subtotal + tax }, expected);
      if (inclusive) assert.equal(subtotal + tax, lines);
      else assert.equal(subtotal, lines);
    }),
    { numRuns: 20_000 },
  );
});

test('included tax: worked examples, and half a cent rounds up', () => {
  assert.equal(taxIncludedIn(947, 2000), 158); // 157.83
  assert.equal(taxIncludedIn(1200, 2000), 200); // exact
  assert.equal(taxIncludedIn(21, 1000), 2); // 1.909
  assert.equal(taxIncludedIn(105, 500), 5); // exact 5
  assert.equal(taxIncludedIn(1, 10_000), 1); // 0.5 rounds up
  assert.equal(taxIncludedIn(0, 825), 0);
  assert.equal(taxIncludedIn(12345, 0), 0);
});

test('returned goods: the price plus its tax share on top, the price alone when tax is included', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 1_000_000 }), rate, fc.integer({ min: 0, max: 1_000_000 }), (lines, bps, goodsSeed) => {
      const goods = goodsSeed % (lines + 1);
      const onTop = orderFigures(lines, bps, false);
      assert.equal(returnedValue(goods, onTop, lines), goods + Math.floor((2 * goods * onTop.tax + lines) / (2 * lines)));
      const included = orderFigures(lines, bps, true);
      if (included.tax > 0) assert.equal(returnedValue(goods, included, lines), goods);
      assert.equal(returnedValue(lines, onTop, lines), onTop.subtotal + onTop.tax);
    }),
    { numRuns: 5_000 },
  );
});
