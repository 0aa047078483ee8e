/**
 * A short, human summary of a `User-Agent` header, for the list of sign-ins: "Chrome on macOS",
 * "Safari on iOS", "okhttp 4.12". It only helps a person recognise their own devices; it is never
 * used to decide anything, so a lying header can only mislabel its own sign-in.
 *
 * @example describeUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) ... Version/17.4 Mobile/15E148 Safari/604.1') // 'Safari on iOS'
 */

/** Browsers, most specific first: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(Headless)?Chrom(e|ium)\/|\bCriOS\//, 'Chrome'],
  // "Version/17.4 Safari/605.1.15", "Version/17.4 Mobile/15E148 Safari/604.1": one way to match, no
  // run of anything between the tokens (the ReDoS check refuses such a pattern).
  [/\bVersion\/[\d.]+ (?:Mobile\/\w+ )?Safari\//, 'Safari'],
];

/** Systems, most specific first: Android also says "Linux", iOS also says "Mac OS X". */
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function describeUserAgent(userAgent: string | null): string {
  if (userAgent === null || userAgent.trim() === '') return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser !== undefined && system !== undefined) return `${browser} on ${system}`;
  if (browser !== undefined) return browser;
  // An app or a library: its first product token ("okhttp/4.12.0", "Register/3.1 CFNetwork/1490").
  const product = /^([A-Za-z][\w.-]{0,40})(?:\/([\w.]{1,20}))?/.exec(userAgent.trim());
  const name = product === null ? undefined : product[2] === undefined ? product[1] : `${product[1]} ${product[2]}`;
  if (name !== undefined && name !== 'Mozilla 5.0') return system === undefined ? name : `${name} on ${system}`;
  return system ?? 'Unknown device';
}
