import type { IncomingHttpHeaders } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import addFormats from 'ajv-formats';
import OpenAPIBackend, { SetMatchType, ValidationContext, type Document, type Operation, type ValidationResult } from 'openapi-backend';

/** One reply as a test received it. `raw` is null when the body was not read whole (an event stream). */
export interface ObservedReply {
  method: string;
  url: URL;
  status: number;
  headers: IncomingHttpHeaders;
  raw: Buffer | null;
}

type ValidatorError = NonNullable<ValidationResult['errors']>[number];
type JsonObject = { [key: string]: unknown };
interface ResponseObject {
  content?: Record<string, unknown>;
  headers?: Record<string, { required?: boolean }>;
}

/**
 * Replies to paths the document does not describe, with why. Their error
 * replies (4xx/5xx) are still checked against the error envelope.
 */
export const UNDOCUMENTED_PATHS: ReadonlyArray<{ pattern: RegExp; reason: string }> = [
  { pattern: /^\/files\//, reason: 'pre-signed output downloads: clients follow the URLs a task record gives, never build them (binary bodies)' },
  { pattern: /^\/(healthz|readyz)$/, reason: 'liveness and readiness probes for load balancers, outside /v3' },
  { pattern: /^\/metrics$/, reason: 'Prometheus text exposition for operators, outside /v3' },
  { pattern: /^\/console(\/|$)/, reason: "the web console's static files, outside /v3" },
  { pattern: /^\/v3\/openapi\.json$/, reason: 'the document itself' },
];

/** The envelope every error reply carries, also where no operation is documented (unknown routes, 405, refusals below the router). */
const ERROR_ENVELOPE = 'ErrorEnvelopeResponse';

/**
 * Checks replies against an OpenAPI 3.0 document with openapi-backend (ajv):
 * the status must be documented for the operation, the content type one the
 * response declares, a JSON body must fit its schema (objects closed: a field
 * the document does not name is a violation), and the headers the response
 * names must fit theirs (those marked required must be present).
 */
export class ReplyContract {
  private constructor(
    private readonly api: OpenAPIBackend,
    private readonly envelope: (body: unknown) => ValidatorError[],
  ) {}

  static async fromDocument(document: object): Promise<ReplyContract> {
    const api = new OpenAPIBackend({
      definition: asValidatorDialect(document) as Document,
      // strict: a document openapi-backend cannot read fails here instead of leaving every reply unchecked.
      strict: true,
      // quick: no request validators (only replies are checked here), and no definition check, whose meta-schema
      // reads 3.0 as draft-07; swagger-parser checks the document (npm run lint:openapi, test/e2e/foundation.e2e-spec.ts).
      quick: true,
      // openapi-backend knows only the OpenAPI numeric formats; date-time comes from ajv-formats (which fastify brings).
      customizeAjv: (ajv) => addFormats(ajv, ['date-time']),
    });
    await api.init();
    // Compiled now, once per document, not at an operation's first reply, where it would stretch timing-sensitive tests.
    for (const { operationId } of api.getOperations()) {
      if (!operationId) continue;
      api.validator.getStatusBasedResponseValidatorForOperation(operationId);
      api.validator.getResponseHeadersValidatorForOperation(operationId);
    }
    const schemas = (api.definition.components?.schemas ?? {}) as Record<string, object>;
    if (!schemas[ERROR_ENVELOPE]) throw new Error(`the document has no ${ERROR_ENVELOPE} schema`);
    const validate = api.validator.getAjv(ValidationContext.Response).compile(schemas[ERROR_ENVELOPE]);
    return new ReplyContract(api, (body) => (validate(body) ? [] : [...(validate.errors ?? [])]));
  }

  /** What is wrong with the reply; empty when it keeps the document. */
  problems(reply: ObservedReply): string[] {
    const method = reply.method.toUpperCase();
    const path = reply.url.pathname;
    // Fastify answers HEAD from the GET route: the same operation, without a body.
    const operation = this.api.matchOperation({ method: method === 'HEAD' ? 'get' : method.toLowerCase(), path, headers: {} });
    const body = method === 'HEAD' ? null : reply.raw;
    if (!operation) return this.undocumentedProblems(reply, body !== null);
    const response = declaredResponse(operation, reply.status);
    if (!response)
      return [`status ${reply.status} is not documented for ${operation.operationId} (documented: ${Object.keys(operation.responses ?? {}).join(', ')})`];
    return [...this.headerProblems(operation, response, reply), ...(body === null ? [] : this.bodyProblems(operation, response, reply, body))];
  }

  private undocumentedProblems(reply: ObservedReply, readBody: boolean): string[] {
    if (reply.status >= 400) return readBody ? this.refusalProblems(reply) : [];
    const exempt = UNDOCUMENTED_PATHS.some(({ pattern }) => pattern.test(reply.url.pathname));
    return exempt ? [] : [`${reply.url.pathname} is answered ${reply.status} but the document describes no such operation`];
  }

  /** What is wrong with a refusal as an error envelope; for refusals made before any operation is chosen. */
  refusalProblems(reply: ObservedReply): string[] {
    const parsed = jsonBody(reply);
    if ('problem' in parsed) return [parsed.problem];
    return this.envelope(parsed.body).map(describe);
  }

  private headerProblems(operation: Operation, response: ResponseObject, reply: ObservedReply): string[] {
    const declared = response.headers ?? {};
    const missing = Object.entries(declared)
      .filter(([name, header]) => header.required && reply.headers[name.toLowerCase()] === undefined)
      .map(([name]) => `header ${name} is required but missing`);
    const result = this.api.validateResponseHeaders(reply.headers, operation, { statusCode: reply.status, setMatchType: SetMatchType.Any });
    return [...missing, ...(result.errors ?? []).map(describe)];
  }

  private bodyProblems(operation: Operation, response: ResponseObject, reply: ObservedReply, body: Buffer): string[] {
    const declaredTypes = Object.keys(response.content ?? {});
    const contentType = String(reply.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    if (declaredTypes.length === 0) return body.length === 0 ? [] : [`a body of ${body.length} bytes where the document declares none`];
    if (!declaredTypes.includes(contentType)) return [`content type "${contentType}" is not one of ${declaredTypes.join(', ')}`];
    // Only JSON has a schema worth reading here; the others are files (format: binary) and event streams.
    if (contentType !== 'application/json') return [];
    const parsed = jsonBody(reply);
    if ('problem' in parsed) return [parsed.problem];
    return (this.api.validateResponse(parsed.body, operation, reply.status).errors ?? []).map(describe);
  }
}

function declaredResponse(operation: Operation, status: number): ResponseObject | undefined {
  const responses = (operation.responses ?? {}) as Record<string, ResponseObject>;
  return responses[String(status)] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses.default;
}

function jsonBody(reply: ObservedReply): { body: unknown } | { problem: string } {
  const contentType = String(reply.headers['content-type'] ?? '');
  if (!contentType.startsWith('application/json')) return { problem: `content type "${contentType}" where a JSON body is documented` };
  if (reply.raw === null) return { problem: 'the body was not read whole, so it cannot be checked' };
  try {
    return { body: JSON.parse(reply.raw.toString('utf8')) };
  } catch {
    return { problem: 'the body is not valid JSON' };
  }
}

function describe(error: ValidatorError): string {
  const params = error.params as Record<string, unknown>;
  const detail = params.additionalProperty ?? params.allowedValues ?? params.missingProperty;
  return `${error.instancePath || '(body)'} ${error.message ?? error.keyword}${detail === undefined ? '' : ` (${JSON.stringify(detail)})`}`;
}

/**
 * The document as ajv (JSON Schema draft-07) must read it: OpenAPI 3.0 writes
 * `exclusiveMinimum: true` beside `minimum`, draft-07 the bound itself; and
 * every object schema that lists its properties is closed, so a field the
 * service sends but the document does not name is caught.
 */
export function asValidatorDialect(document: object): object {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    const out: JsonObject = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value)]));
    for (const [flag, bound] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (typeof out[flag] !== 'boolean') continue;
      const exclusive = out[flag];
      delete out[flag];
      if (exclusive && typeof out[bound] === 'number') {
        out[flag] = out[bound];
        delete out[bound];
      }
    }
    if (out.type === 'object' && out.properties !== undefined && out.additionalProperties === undefined) out.additionalProperties = false;
    return out;
  };
  return visit(structuredClone(document)) as object;
}

const byOrigin = new Map<string, Promise<ReplyContract>>();
const byDocument = new Map<string, Promise<ReplyContract>>();

/** The contract of the service at `origin`, from the document it publishes; fetched once per origin. */
export function contractOf(origin: string, ca: Buffer | undefined): Promise<ReplyContract> {
  let contract = byOrigin.get(origin);
  if (!contract) {
    contract = fetchDocument(origin, ca).then(compiled);
    // A failed fetch is not remembered: the next reply tries again (the service may have been restarting).
    contract.catch(() => byOrigin.delete(origin));
    byOrigin.set(origin, contract);
  }
  return contract;
}

/** Services of one test file publish the same document but for its server URL: compiled once. */
function compiled(document: object): Promise<ReplyContract> {
  const key = JSON.stringify({ ...document, servers: [] });
  let contract = byDocument.get(key);
  if (!contract) {
    contract = ReplyContract.fromDocument(document);
    byDocument.set(key, contract);
  }
  return contract;
}

function fetchDocument(origin: string, ca: Buffer | undefined): Promise<object> {
  const url = new URL('/v3/openapi.json', origin);
  const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    // x-forwarded-proto: a service behind a TLS-terminating proxy (TRUST_PROXY) refuses requests not marked as HTTPS.
    const req = send(url, { ca, headers: { 'x-forwarded-proto': 'https' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode !== 200) reject(new Error(`GET ${url.href} answered ${res.statusCode}: ${text.slice(0, 200)}`));
        else resolve(JSON.parse(text) as object);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Throws, naming the request, the status and every problem, when the reply breaks the document its service publishes. */
export async function assertReplyKeepsContract(reply: ObservedReply, ca: Buffer | undefined): Promise<void> {
  const contract = await contractOf(reply.url.origin, ca);
  failOn(reply, contract.problems(reply));
}

/**
 * For refusals made below the router (Node's HTTP parser: 431; the
 * router: malformed percent-encoding), which answer before any operation is
 * chosen and so are documented by no operation: only the envelope is checked.
 */
export async function assertRefusalKeepsContract(reply: ObservedReply, ca: Buffer | undefined): Promise<void> {
  const contract = await contractOf(reply.url.origin, ca);
  failOn(reply, contract.refusalProblems(reply));
}

/** fetch(), with the reply checked like HttpClient's (for services behind a TLS-terminating proxy, spoken to in plain HTTP). */
export async function checkedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, init);
  const raw = Buffer.from(await response.clone().arrayBuffer());
  const headers: IncomingHttpHeaders = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  await assertReplyKeepsContract({ method: init.method ?? 'GET', url: new URL(url), status: response.status, headers, raw }, undefined);
  return response;
}

function failOn(reply: ObservedReply, problems: string[]): void {
  if (problems.length === 0) return;
  throw new Error(
    `Reply breaks the OpenAPI document: ${reply.method.toUpperCase()} ${`${reply.url.pathname}${reply.url.search}`.slice(0, 200)} → ${reply.status}\n` +
      problems.map((problem) => `  - ${problem}`).join('\n'),
  );
}
