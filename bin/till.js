#!/usr/bin/env node
// The command line is TypeScript compiled to dist/ (by `npm install` through the prepare script, or `npm run build`).
// Older Node.js lines crash inside the SQLite driver (Node.js 20 with a segmentation fault): say so instead.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  process.stderr.write(`error: Till needs Node.js 22 or newer (22, 24 and 26 are supported); this is ${process.version}\n`);
  process.exit(1);
}
try {
  await import('../dist/cli/main.js');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/cli/main.js')) {
    process.stderr.write('error: till is not built yet; run "npm run build" (or "npm install") first\n');
    process.exit(1);
  }
  throw error;
}
