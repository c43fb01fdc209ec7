import type { Principal } from '../auth/auth.types';
import { ApiError } from '../common/api-error';
import { newId } from '../common/ids';
import type { TasksService } from '../tasks/tasks.service';
import { checkRenderRequest, checkTemplate, renderBody } from './template-rules';
import { TemplateEntity } from './template.entity';
import type { TemplateSummaryFields, TemplatesRepository } from './templates.repository';

const TEMPLATE_ID = /^tpl_[0-9a-z]{26}$/;

export interface TemplatesServiceDeps {
  templates: TemplatesRepository;
  tasks: TasksService;
  now?: () => number;
}

/** The template endpoints: create, read, list, delete, and render one into a task. */
export class TemplatesService {
  private readonly now: () => number;

  constructor(private readonly deps: TemplatesServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  async create(principal: Principal, raw: unknown) {
    const draft = checkTemplate(raw, (body) => this.deps.tasks.check(body));
    const template = Object.assign(new TemplateEntity(), { id: newId('tpl'), accountId: principal.accountId, ...draft, createdAt: this.now() });
    await this.deps.templates.insert(template);
    return summary(template);
  }

  async get(principal: Principal, templateId: string) {
    const template = await this.owned(principal, templateId);
    return { ...summary(template), body: template.body };
  }

  async list(principal: Principal, page: { limit: number; offset: number }) {
    const { templates, total } = await this.deps.templates.list(principal.accountId, page);
    return {
      templates: templates.map(summary),
      pagination: { total, limit: page.limit, offset: page.offset, has_more: page.offset + templates.length < total },
    };
  }

  async delete(principal: Principal, templateId: string) {
    if (!(TEMPLATE_ID.test(templateId) && (await this.deps.templates.delete(principal.accountId, templateId)))) throw notFound(templateId);
    return { template_id: templateId, deleted: true as const };
  }

  /**
   * POST /v3/templates/{id}/tasks (and a batch item naming a template): the
   * merged body goes the way of any POST /v3/tasks body.
   */
  async createTask(principal: Principal, templateId: string, raw: unknown, beforeCommit?: () => Promise<void>) {
    const template = await this.owned(principal, templateId);
    const body = renderBody(template, checkRenderRequest(raw));
    return this.deps.tasks.create(principal, body, beforeCommit);
  }

  /** The caller's template, or 404 TEMPLATE_NOT_FOUND: another account's is answered as one that does not exist. */
  private async owned(principal: Principal, templateId: string): Promise<TemplateEntity> {
    const template = TEMPLATE_ID.test(templateId) ? await this.deps.templates.findForAccount(principal.accountId, templateId) : null;
    if (!template) throw notFound(templateId);
    return template;
  }
}

function notFound(templateId: string): ApiError {
  return new ApiError('TEMPLATE_NOT_FOUND', `No template ${templateId.slice(0, 64)} exists for this account`);
}

function summary(template: TemplateSummaryFields) {
  return { template_id: template.id, name: template.name, fields: template.fields, created_at: new Date(template.createdAt).toISOString() };
}
