/**
 * The device summary of the list of sign-ins, from real User-Agent headers.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeUserAgent } from '../../src/auth/user-agent.js';

test('browsers and systems are named, the more specific first; apps by their product token; nothing as "Unknown device"', () => {
  const cases: Array<[string | null, string]> = [
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', 'Safari on iOS'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15', 'Safari on macOS'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on macOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70', 'Edge on Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Windows'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', 'Samsung Internet on Android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1', 'Chrome on iOS'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on ChromeOS'],
    ['TillRegister/3.1 CFNetwork/1490.0.4 Darwin/23.2.0', 'TillRegister 3.1'],
    ['TillRegister/3.1 (iPad; iOS 17.4)', 'TillRegister 3.1 on iOS'],
    ['okhttp/4.12.0', 'okhttp 4.12.0'],
    ['curl/8.5.0', 'curl 8.5.0'],
    ['node', 'node'],
    ['Mozilla/5.0 (X11; Linux x86_64)', 'Linux'],
    ['', 'Unknown device'],
    ['   ', 'Unknown device'],
    [null, 'Unknown device'],
    ['%%%', 'Unknown device'],
  ];
  for (const [header, expected] of cases) assert.equal(describeUserAgent(header), expected, String(header));
});
