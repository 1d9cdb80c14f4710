/**
 * The store's one email sender per database and environment in a process: the outbox sender with
 * every feature's renderers (accounts, sellers, orders, stock alerts, defect claims). A write that adds an email kicks it
 * (`outboxMailer(deps).flush()`, not awaited by the request); the scheduled sweep
 * (app/features/jobs) flushes it for rows a crash left or a retry come due.
 */
import type { Db } from "~/db/client.server";
import { accountRenderers } from "~/features/accounts/emails.server";
import { claimRenderers } from "~/features/claims/emails.server";
import { orderRenderers } from "~/features/orders/mailer.server";
import { sellerRenderers } from "~/features/providers/emails.server";
import { STOCK_ALERT_BULK_KINDS, stockAlertRenderers } from "~/features/stock-alerts/emails.server";
import type { Env } from "~/utils/env.server";
import { type OutboxSender, type OutboxSenderOptions, createOutboxSender } from "./outbox.server";

const senders = new WeakMap<Db, WeakMap<Env, OutboxSender>>();

/** The sender of `db` with `env`'s mail settings, created on first use (`options` count then only). */
export function outboxMailer(
  deps: { db: Db; env: Env },
  options: Partial<Omit<OutboxSenderOptions, "db" | "env" | "renderers">> = {},
): OutboxSender {
  let byEnv = senders.get(deps.db);
  if (!byEnv) senders.set(deps.db, (byEnv = new WeakMap()));
  let sender = byEnv.get(deps.env);
  if (!sender) {
    sender = createOutboxSender({
      bulkKinds: STOCK_ALERT_BULK_KINDS,
      bulkPerSecond: deps.env.OUTBOX_BULK_PER_SECOND,
      ...options,
      db: deps.db,
      env: deps.env,
      renderers: {
        ...accountRenderers(deps.env),
        ...sellerRenderers(deps.env),
        ...orderRenderers(deps.env),
        ...stockAlertRenderers(deps.env),
        ...claimRenderers(deps.env),
      },
    });
    byEnv.set(deps.env, sender);
  }
  return sender;
}
