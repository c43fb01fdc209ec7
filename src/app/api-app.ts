import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AllExceptionsFilter } from '../common/all-exceptions.filter';
import { ApiError } from '../common/api-error';
import { ConsoleController } from '../console/console.controller';
import { mapError } from '../common/error-envelope';
import { newId } from '../common/ids';
import { decodedPath } from '../common/request-path';
import { HealthController } from '../health/health.controller';
import { loggedCheck, ReadinessProbe, type ReadinessCheck } from '../health/readiness';
import { ModelsController } from '../models/models.controller';
import { SampleMedia } from '../media/sample-media';
import { SamplesController } from '../media/samples.controller';
import { observeHttpRequests } from '../metrics/http-metrics';
import { logHttpRequests } from './access-log';
import { METRICS_ACCESS, MetricsController } from '../metrics/metrics.controller';
import { ServiceMetrics } from '../metrics/service-metrics';
import { OPENAPI_DOCUMENT, OpenApiController, OpenApiHolder } from '../openapi/openapi.controller';
import { FilesController } from '../storage/files.controller';
import { OUTPUT_STORAGE, URL_SIGNER } from '../storage/output-storage';
import { TasksController } from '../tasks/tasks.controller';
import { TasksService } from '../tasks/tasks.service';
import { TaskBatches } from '../templates/task-batches';
import { TaskBatchController, TemplatesController } from '../templates/templates.controller';
import { TemplatesService } from '../templates/templates.service';
import { BandwidthUsageRepository } from '../storage/bandwidth-usage.repository';
import { UsageController } from '../usage/usage.controller';
import { UsageService } from '../usage/usage.service';
import { DeliveriesController } from '../webhooks/deliveries.controller';
import { DeliveriesService } from '../webhooks/deliveries.service';
import { TaskEventStreams } from '../events/task-event-streams';
import { TaskEventsController } from '../events/task-events.controller';
import { refuseMalformedConnection, refuseUnroutableRequest, RouteMethods } from './framework-errors';
import { RunningHandlers } from './running-handlers';
import type { AppConfig } from '../config/app-config';
import type { RequestGate } from '../auth/request-gate';
import type { ApiParts } from './compose-api';
import type { Runtime, Services } from './composition-root';
import { loadTls, TlsMaterial } from './tls';

export interface ApiApp {
  app: NestFastifyApplication;
  tls: TlsMaterial | null;
  url: string;
}

/**
 * Builds the HTTP API: Fastify over HTTPS (or plain HTTP behind a trusted TLS
 * proxy), the request gate (auth, rate limits, version), the controllers and the
 * one error envelope. It never starts Chromium.
 */
export async function createApiApp(runtime: Runtime, services: Services, parts: ApiParts, readiness: ReadinessCheck[]): Promise<ApiApp> {
  const { config, logger } = runtime;
  const tls = loadTls(config);
  const openapi = new OpenApiHolder();
  const app = await NestFactory.create<NestFastifyApplication>(apiModule(runtime, services, parts, readiness, openapi), fastifyAdapter(config, tls), {
    bufferLogs: true,
    abortOnError: false,
    bodyParser: false,
  });
  app.useLogger(false);
  app.useGlobalFilters(new AllExceptionsFilter(logger));
  const fastify: FastifyInstance = app.getHttpAdapter().getInstance();
  const routeMethods = new RouteMethods();
  const handlers = new RunningHandlers();
  fastify.addHook('onRoute', (route) => {
    routeMethods.record(route.url, route.method);
    route.handler = handlers.track(route.handler);
  });
  fastify.addHook('onClose', async () => {
    if (!(await handlers.settled(HANDLERS_GRACE_MS))) {
      logger.warn({ running: handlers.count }, `request handlers still running ${HANDLERS_GRACE_MS / 1000} s after the API closed; stopping anyway`);
    }
    await parts.close();
  });
  observeHttpRequests(fastify, parts.metrics);
  logHttpRequests(fastify, logger);
  acceptEmptyJsonBodies(fastify);
  checkEveryRequest(fastify, config, routeMethods, parts.gate);
  openapi.document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Render service API')
      .setDescription('Asynchronous video rendering (spec v3). Decisions where the spec is silent: docs/api.md.')
      .setVersion('3.0')
      .addServer(`${config.publicBaseUrl}`)
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'API key', description: 'API key: <prefix>_<32 characters>' })
      .build(),
  );
  await app.init();
  const scheme = tls ? 'https' : 'http';
  return { app, tls, url: `${scheme}://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}` };
}

/** How long the API's close waits for handlers of requests whose clients hung up (a slow create takes well under one second). */
const HANDLERS_GRACE_MS = 10_000;

function fastifyAdapter(config: AppConfig, tls: TlsMaterial | null) {
  return new FastifyAdapter({
    https: tls ? { cert: tls.cert, key: tls.key } : null,
    bodyLimit: config.bodyLimitBytes,
    // One proxy hop: the client is the address that proxy appended (the right-most of X-Forwarded-For);
    // anything to its left was written by the client and proves nothing.
    trustProxy: config.trustProxy ? 1 : false,
    genReqId: () => newId('req'),
    // Fastify answers a longer path parameter 414, a status the API does not use: with the bound at Node's
    // header limit (16 KiB, 431 beyond) any identifier reaches its route, which answers an unknown one 404.
    routerOptions: { maxParamLength: 16 * 1024 },
    requestIdHeader: false,
    return503OnClosing: true,
    clientErrorHandler: refuseMalformedConnection,
    frameworkErrors: refuseUnroutableRequest,
  } as ConstructorParameters<typeof FastifyAdapter>[0]);
}

/** The Nest module of the API: its controllers, and the composition root's services as their providers. */
function apiModule(runtime: Runtime, services: Services, parts: ApiParts, readiness: ReadinessCheck[], openapi: OpenApiHolder): new () => unknown {
  const { logger } = runtime;
  @Module({
    controllers: [
      TaskBatchController,
      TasksController,
      TemplatesController,
      TaskEventsController,
      DeliveriesController,
      ModelsController,
      UsageController,
      FilesController,
      HealthController,
      OpenApiController,
      MetricsController,
      SamplesController,
      ConsoleController,
    ],
    providers: [
      { provide: TasksService, useValue: services.tasks },
      { provide: TemplatesService, useValue: services.templates },
      { provide: TaskBatches, useValue: parts.batches },
      { provide: DeliveriesService, useValue: services.deliveries },
      { provide: TaskEventStreams, useValue: parts.eventStreams },
      { provide: UsageService, useValue: services.usage },
      { provide: OUTPUT_STORAGE, useValue: runtime.storage },
      { provide: URL_SIGNER, useValue: services.urlSigner },
      { provide: BandwidthUsageRepository, useValue: services.repositories.bandwidth },
      { provide: ReadinessProbe, useValue: new ReadinessProbe(readiness.map((check) => loggedCheck(check, logger))) },
      { provide: OPENAPI_DOCUMENT, useValue: openapi },
      { provide: ServiceMetrics, useValue: parts.metrics },
      { provide: METRICS_ACCESS, useValue: parts.metricsAccess },
      { provide: SampleMedia, useValue: services.samples },
    ],
  })
  class ApiModule {}
  return ApiModule;
}

/**
 * Before any route: the request id header, HTTPS behind a proxy, the gate (auth, rate limits, version), then the
 * method check, so that a 405 is answered to authenticated callers only and carries the rate-limit headers.
 */
function checkEveryRequest(fastify: FastifyInstance, config: AppConfig, routeMethods: RouteMethods, gate: RequestGate): void {
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('X-Request-Id', String(request.id));
    if (config.trustProxy && !isHealthPath(request.url) && request.headers['x-forwarded-proto'] !== 'https') {
      const mapped = mapError(new ApiError('FORBIDDEN', 'HTTPS only: the request did not arrive over HTTPS'), String(request.id));
      return reply.status(mapped.status).send(mapped.body);
    }
    await gate.handle(request, reply);
    if (reply.sent) return reply;
    const notAllowed = routeMethods.refusal(request.method, decodedPath(request.url));
    if (notAllowed !== null) {
      const mapped = mapError(notAllowed, String(request.id));
      return reply.status(mapped.status).headers(mapped.headers).send(mapped.body);
    }
  });
}

function isHealthPath(url: string): boolean {
  return url === '/healthz' || url === '/readyz';
}

/** JSON is the only body type (anything else is 415); an empty JSON body (e.g. on retry) is no body. */
function acceptEmptyJsonBodies(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (_request: FastifyRequest, body: string, done: (err: Error | null, value?: unknown) => void) => {
      if (body.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(body));
      } catch (error) {
        const parseError = Object.assign(new Error((error as Error).message), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
        done(parseError);
      }
    },
  );
}
