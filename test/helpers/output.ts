/**
 * Files the tests leave for a person to look at (screenshots of the pages they drove), kept in the
 * project's ignored `test-output/` folder rather than anywhere else on the machine.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEST_OUTPUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-output');

/** The path of an output file by name, its folder created. */
export function testOutputPath(name: string): string {
  mkdirSync(TEST_OUTPUT_DIR, { recursive: true });
  return join(TEST_OUTPUT_DIR, name);
}
