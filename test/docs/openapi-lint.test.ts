/**
 * The OpenAPI document a server serves lints clean with the two linters API tooling uses most:
 * Redocly's recommended rules and Spectral's `spectral:oas`, no error and no warning from either.
 * Served without PUBLIC_URL (relative servers) and with it (an absolute one).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { startTestServer, type TestServer } from '../helpers/server.js';

const run = promisify(execFile);
const BIN = resolve(import.meta.dirname, '../../node_modules/.bin');

/** A linter's output: it exits non-zero when it finds problems, and says which on stdout either way. */
async function lint(command: string, args: string[], cwd: string): Promise<string> {
  try {
    // Nothing leaves the machine: no usage report, no check for a newer version.
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    return (await run(join(BIN, command), args, { cwd, env, maxBuffer: 32 * 1024 * 1024 })).stdout;
  } catch (error) {
    // Problems found: the exit code is 1 and the report was written all the same.
    const { code, stdout, stderr } = error as { code?: unknown; stdout?: string; stderr?: string };
    if (code !== 1) throw new Error(`${command} failed: ${stderr ?? error}`);
    return stdout ?? '';
  }
}

for (const [title, env] of [
  ['served without PUBLIC_URL', {}],
  ['served with PUBLIC_URL', { PUBLIC_URL: 'https://till.example.org' }],
] as const) {
  describe(`the OpenAPI document ${title}`, () => {
    let server: TestServer;
    let dir: string;
    before(async () => {
      server = await startTestServer('sqlite', env);
      dir = mkdtempSync(join(tmpdir(), 'till-openapi-lint-'));
      const response = await fetch(`${server.url}/v1/openapi.json`);
      assert.equal(response.status, 200);
      writeFileSync(join(dir, 'openapi.json'), await response.text());
      writeFileSync(join(dir, '.spectral.yaml'), 'extends: ["spectral:oas"]\n');
    });
    after(async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test('Redocly (recommended rules): no error, no warning', async () => {
      const report = JSON.parse(await lint('redocly', ['lint', 'openapi.json', '--format=json', '--extends=recommended'], dir)) as {
        totals: { errors: number; warnings: number };
        problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
      };
      const problems = report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
      assert.deepEqual(problems, []);
      assert.deepEqual(report.totals, { ...report.totals, errors: 0, warnings: 0 });
    });

    test('Spectral (spectral:oas): no error, no warning', async () => {
      // Its JSON goes to a file: on stdout a sentence follows it when there is nothing to report.
      await lint('spectral', ['lint', 'openapi.json', '--format=json', '--output=spectral.json', '--ruleset=.spectral.yaml', '--fail-severity=hint'], dir);
      const results = JSON.parse(readFileSync(join(dir, 'spectral.json'), 'utf8')) as Array<{
        code: string;
        message: string;
        path: string[];
        severity: number;
      }>;
      assert.ok(Array.isArray(results), 'Spectral answered with its list of results');
      // Severity 0 is an error, 1 a warning (2 and 3 are information and hints).
      const problems = results.filter((r) => r.severity <= 1).map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
      assert.deepEqual(problems, []);
    });
  });
}
