import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { Database } from '../database/database';
import { TemplateEntity } from './template.entity';

/** The fields a list of templates shows: never the body. */
export const TEMPLATE_SUMMARY_FIELDS = ['id', 'name', 'fields', 'createdAt'] as const satisfies ReadonlyArray<keyof TemplateEntity>;
export type TemplateSummaryFields = Pick<TemplateEntity, (typeof TEMPLATE_SUMMARY_FIELDS)[number]>;

/** Template rows. Every query carries the account id: another account's template does not exist. */
export class TemplatesRepository {
  constructor(private readonly db: Database) {}

  async insert(template: TemplateEntity): Promise<void> {
    await this.db.run((m) => m.insert(TemplateEntity, template as QueryDeepPartialEntity<TemplateEntity>));
  }

  findForAccount(accountId: string, templateId: string): Promise<TemplateEntity | null> {
    return this.db.run((m) => m.findOneBy(TemplateEntity, { id: templateId, accountId }));
  }

  /** One page of an account's templates, newest first, and how many it has. */
  list(accountId: string, page: { limit: number; offset: number }): Promise<{ templates: TemplateSummaryFields[]; total: number }> {
    return this.db.run(async (m) => {
      const [templates, total] = await m.findAndCount(TemplateEntity, {
        select: [...TEMPLATE_SUMMARY_FIELDS],
        where: { accountId },
        order: { createdAt: 'DESC', id: 'DESC' },
        take: page.limit,
        skip: page.offset,
      });
      return { templates, total };
    });
  }

  /** Whether the account had the template (and now has not). */
  async delete(accountId: string, templateId: string): Promise<boolean> {
    const result = await this.db.run((m) => m.delete(TemplateEntity, { id: templateId, accountId }));
    return (result.affected ?? 0) > 0;
  }
}
