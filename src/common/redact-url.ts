/**
 * URLs as they may be written to a log. A media or webhook URL may carry a
 * credential anywhere after its path (signed links, `?token=`, a fragment) or
 * in its userinfo, and which parameter is secret is its owner's business: all
 * of it is replaced, so `https://u:p@host/a.mp4?sig=…` is logged as
 * `https://…@host/a.mp4?…`. Scheme, host and path stay, to tell URLs apart.
 */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;

export function redactUrl(url: string): string {
  const cut = url.search(/[?#]/);
  const base = (cut < 0 ? url : url.slice(0, cut)).replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1…@');
  return cut < 0 ? base : `${base}${url[cut]}…`;
}

/** `text` (an error's message or stack, say) with every URL in it redacted. */
export function redactUrls(text: string): string {
  return text.replace(URL_IN_TEXT, redactUrl);
}
