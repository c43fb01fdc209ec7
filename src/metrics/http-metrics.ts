import type { FastifyInstance } from 'fastify';
import type { ServiceMetrics } from './service-metrics';

/** The route label of a request no route matched: raw URLs never become labels (unbounded, and they may carry ids). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Counts and times every answer of this process by its route pattern (e.g. /v3/tasks/:task_id). A callback
 * hook, not an async one: it runs on every answer, and has nothing to wait for.
 */
export function observeHttpRequests(fastify: FastifyInstance, metrics: ServiceMetrics): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.observeHttp({
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
    done();
  });
}
