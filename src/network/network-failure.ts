import { thrownField } from '../common/thrown-field';
import { NetworkTimeoutError, RedirectRefusedError } from './guarded-http';
import { BlockedAddressError } from './ssrf-guard';

/**
 * What a client may read about a failed request the service made for it
 * (a media download, a webhook delivery): the kind of failure, in words, and
 * never the raw error text, which carries the addresses the service resolved
 * and connected to on its side of the network. The raw error is for the log.
 */
const BY_CODE: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'the server refused the connection',
  ECONNRESET: 'the server closed the connection',
  EPIPE: 'the server closed the connection',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved (temporary DNS failure)',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network of the host is unreachable',
  CERT_HAS_EXPIRED: "the server's TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's TLS certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "the server's TLS certificate chain is not trusted",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the server's TLS certificate chain is incomplete or not trusted",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "the server's TLS certificate is not trusted",
  ERR_TLS_CERT_ALTNAME_INVALID: "the server's TLS certificate does not name this host",
  HPE_INVALID_CONSTANT: 'the server did not answer with valid HTTP',
};

export function networkFailureText(error: unknown): string {
  // Our own errors are written for clients: they name the URL the client gave, never a resolved address.
  if (error instanceof NetworkTimeoutError || error instanceof RedirectRefusedError || error instanceof BlockedAddressError) {
    return error.message;
  }
  const code = thrownField(error, 'code');
  // The caller's deadline (AbortSignal.timeout) can fire before the request's own timers.
  const name = thrownField(error, 'name');
  if (name === 'TimeoutError') return 'the request timed out';
  if (name === 'AbortError' || code === 'ABORT_ERR') return 'the request was aborted (timed out or cancelled)';
  return BY_CODE[code] ?? (/^ERR_(TLS|SSL)_|CERT/.test(code) ? 'the TLS handshake failed' : 'the connection failed');
}
