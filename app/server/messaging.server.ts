import type { AppDatabase } from "./db.server";
import type { MailMessage, MailTransport } from "./mail.server";
import { enqueueEmail, enqueueSms, type OutboxWorker } from "./outbox.server";
import type { SmsMessage, SmsProvider } from "./sms.server";

export interface Messaging {
  db: AppDatabase;
  mail: MailTransport;
  sms: SmsProvider;
  worker: OutboxWorker;
}

// On globalThis so the dev server's module reloads keep the one configured at start-up.
const holder = globalThis as typeof globalThis & { __churchMessaging?: Messaging };

export function configureMessaging(messaging: Messaging): void {
  holder.__churchMessaging = messaging;
}

function messaging(): Messaging {
  const current = holder.__churchMessaging;
  if (!current) {
    throw new Error("Messaging is not configured: call configureMessaging() at start-up before sending mail or texts");
  }
  return current;
}

/** Queues an email in the outbox and wakes the worker; resolves with the outbox id. */
export async function sendEmail(m: MailMessage): Promise<string> {
  const { db, worker } = messaging();
  const id = await enqueueEmail(db, m);
  worker.kick();
  return id;
}

/** Queues a text message in the outbox and wakes the worker; resolves with the outbox id. */
export async function sendSms(m: SmsMessage): Promise<string> {
  const { db, worker } = messaging();
  const id = await enqueueSms(db, m);
  worker.kick();
  return id;
}

/**
 * Wakes the worker after messages were queued inside a transaction (with `enqueueEmail` on the
 * transaction), once it has committed. Without configured messaging (a script, a test that
 * runs no worker) the rows simply wait for the next worker to start.
 */
export function kickOutbox(): void {
  holder.__churchMessaging?.worker.kick();
}

/**
 * Stops the worker: nothing more is claimed, and the sends in flight are waited for. The
 * configuration stays, so queuing keeps working: a request still being answered during
 * shutdown (a sign-up, say) queues its mail, which the next start or another instance sends.
 */
export async function stopMessaging(): Promise<void> {
  await holder.__churchMessaging?.worker.stop();
}
