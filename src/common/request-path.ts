/**
 * The request path with percent-encoding undone, as the router sees it, so
 * `/%763/models` is gated and rate-counted like `/v3/models`; malformed
 * encoding is left as it is (the router refuses it).
 */
export function decodedPath(url: string): string {
  const path = url.split('?')[0];
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Query parameters whose values grant access: signed links (local files, S3) and tokens. */
const SECRET_QUERY = /sig|signature|token|key|credential|expires|x-amz-/i;

/** The URL as it may be logged: secret-bearing query values replaced, so a log line never carries a working link. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const [name] = pair.split('=', 1);
      return SECRET_QUERY.test(name) && pair.includes('=') ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, at)}?${query.join('&')}`;
}
