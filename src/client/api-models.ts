import type { components, operations } from './api-types';

/**
 * What the client sends and receives, every type taken from the generated
 * OpenAPI types (api-types.ts), so a change of the served document shows up
 * here as a type error, never as a silently stale shape.
 */
type Schemas = components['schemas'];

type JsonBody<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : never;

/**
 * The JSON body of an operation's answer. An operation or status the document
 * does not declare becomes a message type that no value fits, so every use fails to compile.
 */
type Answer<Op extends keyof operations, Status extends number> = Status extends keyof operations[Op]['responses']
  ? JsonBody<operations[Op]['responses'][Status]>
  : `the document declares no ${Status} answer for ${Op}`;

export type CreateTaskBody = Schemas['CreateTaskDto'];

export type TaskStatus = Schemas['TaskStatus'];
export type TaskPhase = NonNullable<Schemas['TaskProgressResponse']['current_phase']>;
export type UsagePeriod = Schemas['UsagePeriod'];
export type TaskOutput = Schemas['TaskOutputResponse'];
export type TaskFailure = Schemas['TaskFailureResponse'];
export type ModelRecord = Schemas['ModelRecordResponse'];

export type TaskRecord = Answer<'TasksController_get', 200>;
export type CreatedTask = Answer<'TasksController_create', 201>;
export type TaskList = Answer<'TasksController_list', 200>;
export type CanceledTask = Answer<'TasksController_cancel', 200>;
export type RetriedTask = Answer<'TasksController_retry', 201>;
export type SubmittedRequest = Answer<'TasksController_submittedRequest', 200>;
export type DeliveryList = Answer<'DeliveriesController_list', 200>;
export type Redelivery = Answer<'DeliveriesController_redeliver', 202>;
export type ModelList = Answer<'ModelsController_list', 200>;
export type UsageRecord = Answer<'UsageController_get', 200>;
export type TemplateRecord = Answer<'TemplatesController_get', 200>;
export type TemplateList = Answer<'TemplatesController_list', 200>;
export type CreatedTemplate = Answer<'TemplatesController_create', 201>;
export type CreateTemplateBody = Schemas['CreateTemplateDto'];
export type BatchResults = Answer<'TaskBatchController_create', 200>;
export type TemplateTaskItem = Schemas['TemplateTaskItemDto'];

/** The error envelope of every non-2xx answer. */
export type ErrorEnvelope = Schemas['ErrorEnvelopeResponse'];

export type ListTasksQuery = NonNullable<operations['TasksController_list']['parameters']['query']>;
