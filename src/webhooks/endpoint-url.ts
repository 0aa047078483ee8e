/**
 * The rule for where an endpoint's events may be sent: an http(s) address without credentials,
 * `https` only in production.
 */
import { ApiError } from '../errors.js';

export function checkEndpointUrl(raw: string, production: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError('parameter_invalid', `The url "${raw}" is not an absolute address such as https://example.com/webhooks.`, 'url');
  }
  const allowed = production ? ['https:'] : ['https:', 'http:'];
  if (!allowed.includes(url.protocol)) {
    throw new ApiError('parameter_invalid', production ? 'The url must start with https://.' : 'The url must start with https:// or http://.', 'url');
  }
  if (url.username !== '' || url.password !== '') throw new ApiError('parameter_invalid', 'The url must not carry a user name or password.', 'url');
  return url.toString();
}

