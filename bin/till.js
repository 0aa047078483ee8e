#!/usr/bin/env node
// The command line is TypeScript compiled to dist/ (by `npm install` through the prepare script, or `npm run build`).
try {
  await import('../dist/cli/main.js');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/cli/main.js')) {
    process.stderr.write('error: till is not built yet; run "npm run build" (or "npm install") first\n');
    process.exit(1);
  }
  throw error;
}
