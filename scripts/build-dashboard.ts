/**
 * Bundles the merchant dashboard (`dashboard/`) with esbuild into `dist/dashboard/public/`: one
 * script and one style sheet (named by their content's hash) and the page that loads them, served by the server at `/dashboard`;
 * the web app manifest and its icon; and the service worker (`sw.js`) that keeps that page, script and
 * style sheet for the register to open offline, built last with their names in it (a new build, a new worker).
 * Part of `npm run build`.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist/dashboard/public`;

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { app: 'dashboard/src/main.tsx', styles: 'dashboard/src/styles.css' },
  outdir,
  bundle: true,
  format: 'esm',
  target: ['es2022'],
  minify: true,
  sourcemap: true,
  jsx: 'automatic',
  jsxImportSource: 'preact',
  // Names carry a hash of the content, so a browser may keep them for good and a new build is seen at once.
  entryNames: '[name]-[hash]',
  metafile: true,
  logLevel: 'warning',
});
const outputs = Object.entries(result.metafile.outputs);
const named = (entry: string, extension: string) => {
  const found = outputs.find(([file, output]) => output.entryPoint === entry && file.endsWith(extension));
  if (found === undefined) throw new Error(`esbuild wrote no ${extension} file for ${entry}`);
  return `/dashboard/assets/${basename(found[0])}`;
};
const script = named('dashboard/src/main.tsx', '.js');
const styles = named('dashboard/src/styles.css', '.css');
const page = readFileSync(`${root}dashboard/index.html`, 'utf8').replace('{{script}}', script).replace('{{styles}}', styles);
writeFileSync(`${outdir}/index.html`, page);
copyFileSync(`${root}dashboard/manifest.webmanifest`, `${outdir}/manifest.webmanifest`);
copyFileSync(`${root}dashboard/icon.svg`, `${outdir}/icon.svg`);

// The shell the worker keeps: the page (at `/dashboard`, as the server answers it), its script and style sheet, the icon.
const precache = ['/dashboard', script, styles, '/dashboard/icon.svg', '/dashboard/manifest.webmanifest'];
await build({
  absWorkingDir: root,
  entryPoints: ['dashboard/src/service-worker.ts'],
  outfile: `${outdir}/sw.js`,
  bundle: true,
  format: 'iife',
  target: ['es2022'],
  minify: true,
  define: { PRECACHE: JSON.stringify(precache), BUILD: JSON.stringify(createHash('sha256').update(page).digest('hex').slice(0, 16)) },
  logLevel: 'warning',
});
console.log(`dashboard built in ${Date.now() - started} ms: ${outdir}`);
