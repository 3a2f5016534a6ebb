// The commands and events of asking before a tool runs: waiting calls, the person's answers, permissions and the audit log.
import { z } from 'zod';
import type { ConsentRequest } from '../chat';
import { serverNameSchema } from '../configSchema';
import { type AuditEntry, CONSENT_DECISIONS, type Grant, type WritePreview } from '../consent';
import { command, event } from './spec';

export const commands = {
  'consent.pending': command(z.strictObject({})).returns<ConsentRequest[]>(),
  'consent.answer': command(
    z.strictObject({
      id: z.string().min(1),
      decision: z.enum(CONSENT_DECISIONS),
      /** The arguments as the person edited them. */
      args: z.json().optional(),
      /** Other waiting calls whose arguments the person is editing: a permission given now does not answer them. */
      editing: z.array(z.string().min(1).max(100)).max(200).optional(),
    }),
  ).returns<null>(),
  /** What a waiting call that writes a file would replace, with `args` as the person may have edited them. */
  'consent.writePreview': command(
    z.strictObject({ id: z.string().min(1), args: z.json() }),
  ).returns<WritePreview>(),
  'permissions.list': command(z.strictObject({})).returns<Grant[]>(),
  'permissions.revoke': command(z.strictObject({ id: z.string().min(1).max(100) })).returns<Grant[]>(),
  /** Runs the tools `server` marks read-only (as they are defined now) without asking, or stops doing so. */
  'permissions.trustReadOnly': command(
    z.strictObject({ server: serverNameSchema, enabled: z.boolean() }),
  ).returns<Grant[]>(),
  /** Lets the views of `server` call the tools only its views may call (as they are defined now) without asking, or stops it. */
  'permissions.trustViewTools': command(
    z.strictObject({ server: serverNameSchema, enabled: z.boolean() }),
  ).returns<Grant[]>(),
  /**
   * Runs every tool of `server` without asking while it runs in the sandbox with no network, or stops doing so. A
   * change of its network choice or of its sandbox setting suspends it.
   */
  'permissions.trustSandboxed': command(
    z.strictObject({ server: serverNameSchema, enabled: z.boolean() }),
  ).returns<Grant[]>(),
  'audit.list': command(z.strictObject({ limit: z.number().int().min(1).max(5000).optional() })).returns<
    AuditEntry[]
  >(),
};

export const events = {
  'consent.requested': event<ConsentRequest>(),
  /** A request left the queue: answered, cancelled, timed out or lost with its server. */
  'consent.settled': event<{ id: string; reason: 'answered' | 'cancelled' | 'server-gone' }>(),
  'permissions.changed': event<Grant[]>(),
};
