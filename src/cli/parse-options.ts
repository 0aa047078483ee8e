/**
 * Parsers for option values. Each throws commander's InvalidArgumentError, which commander reports as
 * `error: option '--x <value>' argument 'y' is invalid. <reason>` and exits 1.
 */
import { InvalidArgumentError } from 'commander';
import { parseApiKeyScopes, type ApiKeyScope } from '../auth/permissions.js';

export function wholeNumber(min: number, max: number): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      throw new InvalidArgumentError(`Expected a whole number from ${min} to ${max}.`);
    }
    return Number(value);
  };
}

export function scopeList(value: string): ApiKeyScope[] {
  try {
    return parseApiKeyScopes(value);
  } catch (error) {
    throw new InvalidArgumentError(`${(error as Error).message}.`);
  }
}
