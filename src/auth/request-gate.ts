import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { logServerError } from '../common/all-exceptions.filter';
import { ApiError } from '../common/api-error';
import { mapError } from '../common/error-envelope';
import { decodedPath } from '../common/request-path';
import type { Principal } from './auth.types';
import type { PrincipalCache } from './principal-cache';
import type { RateDecision, RateLimiter } from './rate-limiter';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

export const SUPPORTED_API_VERSIONS = ['2025-01-17'] as const;
export const PUBLIC_V3_PATHS = new Set(['/v3/openapi.json']);

/**
 * Runs first on every /v3 request, matched route or not: authenticates the key,
 * counts the request against its window (or the client IP's, when there is no
 * valid key, so guessing keys is slow), sets the rate-limit headers that every
 * response carries, and checks X-Service-Version. Permissions are checked later
 * per route (PermissionGuard), once the route is known. Refusals are answered here
 * in the error envelope; a 5xx is logged with its cause, like any route's.
 */
export class RequestGate {
  constructor(
    private readonly principals: PrincipalCache,
    private readonly limiter: RateLimiter,
    private readonly unauthenticatedLimit: number,
    private readonly logger: Logger,
  ) {}

  async handle(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const path = decodedPath(request.url);
    if (!path.startsWith('/v3/') && path !== '/v3') return;
    reply.header('X-Service-Version', SUPPORTED_API_VERSIONS[0]);
    try {
      await this.gate(request, reply, PUBLIC_V3_PATHS.has(path));
    } catch (error) {
      const mapped = mapError(error, String(request.id));
      logServerError(this.logger, request, mapped.status, error);
      await reply.status(mapped.status).headers(mapped.headers).send(mapped.body);
    }
  }

  private async gate(request: FastifyRequest, reply: FastifyReply, isPublic: boolean): Promise<void> {
    const header = request.headers.authorization;
    const missing = header === undefined || header.trim() === '';
    const token = missing ? null : (/^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? null);
    const { principal, decision } = await this.identify(request, token);
    request.principal = principal ?? undefined;
    let failure: ApiError | null = null;
    if (missing) {
      failure = new ApiError('MISSING_AUTHENTICATION', 'Send your API key in the Authorization header: "Authorization: Bearer <API_KEY>"');
    } else if (!principal) {
      failure = new ApiError('INVALID_API_KEY', 'The API key is invalid, revoked or expired', {
        suggestedAction: 'Check the key, or create a new one with `npm run keys -- create`',
      });
    }
    reply.headers(rateLimitHeaders(decision));
    if (!decision.allowed) throw rateLimitExceeded(decision);
    if (failure && !isPublic) throw failure;
    const version = request.headers['x-service-version'];
    if (version !== undefined && !(SUPPORTED_API_VERSIONS as readonly string[]).includes(String(version))) {
      // The value is echoed only when it reads as a version: not kilobytes, not bytes in another encoding.
      const shown = /^[\x21-\x7e]{1,32}$/.test(String(version)) ? ` ${String(version)}` : '';
      throw new ApiError('UNSUPPORTED_API_VERSION', `X-Service-Version${shown} is not supported; supported: ${SUPPORTED_API_VERSIONS.join(', ')}`, {
        details: { supported_versions: [...SUPPORTED_API_VERSIONS] },
      });
    }
  }

  /**
   * The request's principal and its rate-limit count. A principal read before the
   * last revoke or rotate is read again before it is trusted. Requests without a
   * working key count against the client IP. Once this process knows the IP has
   * used up its window, a key it has not seen working is refused unread, so a
   * flood of made-up keys costs the database nothing.
   */
  private async identify(request: FastifyRequest, token: string | null): Promise<{ principal: Principal | null; decision: RateDecision }> {
    const ip = `ip:${request.ip}`;
    const readable = token !== null && (this.principals.knows(token) || !this.limiter.isUsedUp(ip, this.unauthenticatedLimit));
    const candidate = readable ? await this.principals.lookup(token) : null;
    if (token !== null && candidate) {
      const { keyId, limits } = candidate.principal;
      const [decision, generation] = await Promise.all([this.limiter.consume(keyRateSubject(keyId), limits.requestsPerMinute), this.principals.generation()]);
      const principal = await this.principals.confirm(token, candidate, generation);
      if (principal) return { principal, decision };
    }
    return { principal: null, decision: await this.limiter.consume(ip, this.unauthenticatedLimit) };
  }
}

/** The rate-limit window of an API key's requests (a batch takes one count of it per task it creates). */
export function keyRateSubject(keyId: string): string {
  return `key:${keyId}`;
}

export function rateLimitExceeded(decision: RateDecision): ApiError {
  return new ApiError('RATE_LIMIT_EXCEEDED', `Rate limit of ${decision.limit} requests per minute exceeded`, {
    retryAfter: decision.retryAfterSeconds,
    headers: { 'Retry-After': String(decision.retryAfterSeconds) },
    suggestedAction: 'Wait retry_after seconds, back off exponentially and watch X-RateLimit-Remaining',
  });
}

export function rateLimitHeaders(decision: RateDecision, type = 'requests'): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': String(decision.resetAt),
    'X-RateLimit-Type': type,
  };
}
