/**
 * Bundles the merchant dashboard (`dashboard/`) with esbuild into `dist/dashboard/public/`: one
 * script and one style sheet (named by their content's hash) and the page that loads them, served by the server at `/dashboard`.
 * Part of `npm run build`.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
const page = readFileSync(`${root}dashboard/index.html`, 'utf8')
  .replace('{{script}}', named('dashboard/src/main.tsx', '.js'))
  .replace('{{styles}}', named('dashboard/src/styles.css', '.css'));
writeFileSync(`${outdir}/index.html`, page);
console.log(`dashboard built in ${Date.now() - started} ms: ${outdir}`);
