/**
 * Work a request starts but does not wait for (a password-reset link or an admin magic link is
 * made and queued after the answer, so the answer's timing tells nobody whether an account
 * exists). Kept here so the server's shutdown waits for it before the database closes (a link
 * asked for just before a restart is still queued), and so tests can wait for it too.
 */
const pending = new Set<Promise<unknown>>();

/** Runs `task` after the answer; its failure is the task's own to log (it must catch). */
export function inBackground(task: Promise<unknown>): void {
  pending.add(task);
  void task.catch(() => {}).finally(() => pending.delete(task));
}

/** Resolves once every background task started so far (and any they start) has ended. */
export async function backgroundSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
