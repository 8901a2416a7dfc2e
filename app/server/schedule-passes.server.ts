/** A background job the server runs at start-up and then on an interval. */
export interface PassSchedule {
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` once `firstPassDelayMs` after start (at once when 0: the server answers its first
 * requests first otherwise) and every `intervalMs` after, never two at a time (a pass that
 * outlasts the interval makes the next one wait its turn), never after `stop()`. `pass` handles
 * and logs its own failures; the timers never keep the process alive.
 */
export function schedulePasses({
  pass,
  intervalMs,
  firstPassDelayMs = 0,
}: {
  pass: () => Promise<void>;
  intervalMs: number;
  firstPassDelayMs?: number;
}): PassSchedule {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let busy = false;
  const run = () => {
    if (stopped || busy) return;
    busy = true;
    running = pass().finally(() => {
      busy = false;
    });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  const first = firstPassDelayMs > 0 ? setTimeout(run, firstPassDelayMs) : (run(), undefined);
  first?.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
