/**
 * fetch refuses a URL with user info, and its error then quotes the whole URL, password included, into
 * the log. A service behind a proxy with basic auth is still given as `http://user:password@host`: the
 * user info moves into an Authorization header and out of every URL that an error could name.
 */
export interface CredentialFreeUrl {
  url: URL;
  /** `{authorization: 'Basic …'}` when the URL carried user info, else empty. */
  headers: Record<string, string>;
}

export function withoutCredentials(url: string | URL): CredentialFreeUrl {
  const parsed = new URL(url);
  if (parsed.username === '' && parsed.password === '') return { url: parsed, headers: {} };
  const userInfo = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
  parsed.username = '';
  parsed.password = '';
  return { url: parsed, headers: { authorization: `Basic ${Buffer.from(userInfo).toString('base64')}` } };
}

/** {@link withoutCredentials} for a base URL that paths are resolved against: its href ends with '/'. */
export function baseWithoutCredentials(baseUrl: string): { base: string; headers: Record<string, string> } {
  const { url, headers } = withoutCredentials(baseUrl);
  return { base: url.href.endsWith('/') ? url.href : `${url.href}/`, headers };
}
