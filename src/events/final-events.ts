/** After one of these a task has nothing more to report: its event stream ends. Dependency-free, so the CLI can share it. */
export const FINAL_EVENT_TYPES: ReadonlySet<string> = new Set(['task.completed', 'task.failed', 'task.canceled']);
