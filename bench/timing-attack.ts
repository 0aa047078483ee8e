/**
 * Timing: an unknown API key and a wrong secret for a known key's prefix, measured over HTTP and
 * compared statistically. A verdict from times depends on how loaded the machine is, so this runs
 * apart from the test suite (which checks instead that both paths run the same statements, see
 * test/security/attacks.test.ts); docs/reliability.md gives its figures.
 *
 * 50 warm-up pairs, then 400 pairs, one request of each kind right after the other (alternating
 * which goes first), each with a fresh random key. It fails (exit code 1) when the unpaired shift
 * reaches max(0.25 ms, 15% of the median), or when the paired shift reaches 0.05 ms and the
 * signed-rank test puts it beyond chance (p < 0.001).
 *
 *   node --import tsx bench/timing-attack.ts            # SQLite
 *   TEST_DATABASE_URL=postgres://... node --import tsx bench/timing-attack.ts postgres
 */
import assert from 'node:assert/strict';
import { randomBase62 } from '../src/ids.js';
import type { BackendName } from '../test/helpers/backends.js';
import { createTestMerchant, startTestServer } from '../test/helpers/server.js';

/** The paired shift (ms) and the p-value under which it counts as a leak. */
const PAIRED_SHIFT_MS = 0.05;
const PAIRED_P = 0.001;

async function main(): Promise<void> {
  const backend = (process.argv[2] ?? 'sqlite') as BackendName;
  const server = await startTestServer(backend);
  try {
    const shop = await createTestMerchant(server);
    const known = shop.sandboxKey;
    const samples = { unknown: [] as number[], wrongSecret: [] as number[] };
    const time = async (key: string) => {
      const started = process.hrtime.bigint();
      const response = await fetch(`${server.url}/v1/orders`, { headers: { authorization: `Bearer ${key}` } });
      await response.arrayBuffer();
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
      assert.equal(response.status, 401);
      return elapsed;
    };
    // Warm up both paths, then interleave them so that load on the machine falls on both alike.
    for (let i = 0; i < 50; i++) {
      await time(`sk_test_${randomBase62(40)}`);
      await time(known.slice(0, 16) + randomBase62(known.length - 16));
    }
    for (let i = 0; i < 400; i++) {
      const unknown = `sk_test_${randomBase62(known.length - 8)}`;
      // The same prefix as a real key (its first 8 secret characters, as a leak of a key's start would give).
      const wrongSecret = known.slice(0, 16) + randomBase62(known.length - 16);
      if (i % 2 === 0) {
        samples.unknown.push(await time(unknown));
        samples.wrongSecret.push(await time(wrongSecret));
      } else {
        samples.wrongSecret.push(await time(wrongSecret));
        samples.unknown.push(await time(unknown));
      }
    }
    const result = compareTimings(samples.unknown, samples.wrongSecret);
    console.log(`timing ${backend}: ${JSON.stringify(result)}`);
    // A real leak (one more database query on one path, 0.1 ms or more; an Argon2 verification, 20 ms
    // and more) is caught two ways:
    // - the unpaired shift must be below the larger of 0.25 ms and 15% of the median;
    // - the paired shift may pass 0.05 ms only where the signed-rank test cannot tell it from chance
    //   (p >= 0.001), as on a machine so loaded that the pairs' differences spread over milliseconds.
    const bound = Math.max(0.25, 0.15 * result.medianUnknownMs);
    const failures = [];
    if (Math.abs(result.hodgesLehmannMs) >= bound) failures.push(`shift ${result.hodgesLehmannMs.toFixed(3)} ms (bound ${bound.toFixed(3)} ms)`);
    if (Math.abs(result.pairedShiftMs) >= PAIRED_SHIFT_MS && result.pairedPValue < PAIRED_P) failures.push(`paired shift ${result.pairedShiftMs.toFixed(3)} ms, p ${result.pairedPValue.toExponential(1)}`);
    if (failures.length > 0) {
      console.error(`distinguishable: ${failures.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    await server.close();
  }
}

/** The median of `values` (which it sorts). */
function median(values: number[]): number {
  values.sort((x, y) => x - y);
  const mid = values.length >> 1;
  return values.length % 2 === 1 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
}

/** 1-based ranks of `values`, ties given their average rank. */
function ranksOf(values: number[]): number[] {
  const order = values.map((v, i) => ({ v, i })).sort((x, y) => x.v - y.v);
  const ranks = new Array<number>(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]!.v === order[i]!.v) j++;
    for (let k = i; k <= j; k++) ranks[order[k]!.i] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return ranks;
}

/** Two-sided p-value of a standard normal statistic. */
function twoSidedP(z: number): number {
  return 2 * (1 - normalCdf(Math.abs(z)));
}

/**
 * Compares the times of two kinds of request, `a[i]` and `b[i]` taken one right after the other.
 *
 * - Unpaired: the medians, the Hodges-Lehmann shift (the median of all differences a - b) and a
 *   Mann-Whitney U test (normal approximation, ties averaged).
 * - Paired: the shift of the pairs' differences a[i] - b[i] (the median of their Walsh averages) and
 *   a Wilcoxon signed-rank test (zeros dropped, ties averaged). A pair's two requests share the
 *   machine's load of that moment, so the paired figures are not moved by load that comes and goes,
 *   which moves both medians and widens the unpaired figures.
 */
export function compareTimings(a: number[], b: number[]) {
  assert.equal(a.length, b.length, 'the samples are pairs');
  const n = a.length;
  const ranks = ranksOf([...a, ...b]);
  const rankSumA = ranks.slice(0, n).reduce((sum, r) => sum + r, 0);
  const u = rankSumA - (n * (n + 1)) / 2;
  const mannWhitneyZ = (u - (n * n) / 2) / Math.sqrt((n * n * (2 * n + 1)) / 12);
  const differences: number[] = [];
  for (const x of a) for (const y of b) differences.push(x - y);

  const paired = a.map((x, i) => x - b[i]!);
  const walshAverages: number[] = [];
  for (let i = 0; i < n; i++) for (let j = i; j < n; j++) walshAverages.push((paired[i]! + paired[j]!) / 2);
  const nonZero = paired.filter((d) => d !== 0);
  const signedRanks = ranksOf(nonZero.map(Math.abs));
  const m = nonZero.length;
  const positiveRankSum = nonZero.reduce((sum, d, i) => (d > 0 ? sum + signedRanks[i]! : sum), 0);
  const signedRankZ = m === 0 ? 0 : (positiveRankSum - (m * (m + 1)) / 4) / Math.sqrt((m * (m + 1) * (2 * m + 1)) / 24);

  return {
    n,
    medianUnknownMs: round(median([...a])),
    medianWrongSecretMs: round(median([...b])),
    hodgesLehmannMs: round(median(differences)),
    mannWhitneyZ: round(mannWhitneyZ),
    pValue: round(twoSidedP(mannWhitneyZ)),
    pairedShiftMs: round(median(walshAverages)),
    signedRankZ: round(signedRankZ),
    pairedPValue: twoSidedP(signedRankZ),
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26). */
function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * (x / Math.SQRT2));
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(x * x) / 2);
  return 0.5 * (1 + erf);
}

await main();
