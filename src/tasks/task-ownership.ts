import type { Principal } from '../auth/auth.types';
import { ApiError } from '../common/api-error';
import type { TaskEntity } from './task.entity';
import type { TasksRepository } from './tasks.repository';

const TASK_ID = /^tsk_[0-9a-z]{26}$/;

/**
 * The caller's task, or 404 TASK_NOT_FOUND. Another account's task is answered
 * exactly as one that does not exist, so ids cannot be probed across accounts;
 * a malformed id is not looked up at all.
 */
export async function ownedTask(tasks: TasksRepository, principal: Principal, taskId: string): Promise<TaskEntity> {
  const task = TASK_ID.test(taskId) ? await tasks.findForAccount(principal.accountId, taskId) : null;
  if (!task) throw new ApiError('TASK_NOT_FOUND', `No task ${taskId.slice(0, 64)} exists for this account`);
  return task;
}
