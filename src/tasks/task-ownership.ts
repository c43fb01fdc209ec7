import type { Principal } from '../auth/auth.types';
import { ApiError } from '../common/api-error';
import type { TaskEntity } from './task.entity';
import type { TaskRecordFields, TasksRepository } from './tasks.repository';

const TASK_ID = /^tsk_[0-9a-z]{26}$/;

/**
 * The caller's task, or 404 TASK_NOT_FOUND. Another account's task is answered
 * exactly as one that does not exist, so ids cannot be probed across accounts;
 * a malformed id is not looked up at all.
 */
export function ownedTask(tasks: TasksRepository, principal: Principal, taskId: string): Promise<TaskEntity> {
  return owned(taskId, (id) => tasks.findForAccount(principal.accountId, id));
}

/** The same, with only the fields GET /v3/tasks/{id} shows. */
export function ownedTaskRecord(tasks: TasksRepository, principal: Principal, taskId: string): Promise<TaskRecordFields> {
  return owned(taskId, (id) => tasks.findRecordForAccount(principal.accountId, id));
}

async function owned<T>(taskId: string, find: (taskId: string) => Promise<T | null>): Promise<T> {
  const task = TASK_ID.test(taskId) ? await find(taskId) : null;
  if (!task) throw new ApiError('TASK_NOT_FOUND', `No task ${taskId.slice(0, 64)} exists for this account`);
  return task;
}
