import { index, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, instant } from './columns';

/** Every message we send (SMS, e-mail) is written here first; a provider delivers it. */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: serial('id').primaryKey(),
    channel: varchar('channel', { length: 8 }).notNull(),
    recipient: text('recipient').notNull(),
    template: varchar('template', { length: 48 }).notNull(),
    body: text('body').notNull(),
    payload: jsonb('payload'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);

/** Audit of every state change of a domain entity (driven by the machines in src/machines). */
export const transitionLog = pgTable(
  'transition_log',
  {
    id: serial('id').primaryKey(),
    entity: varchar('entity', { length: 32 }).notNull(),
    entityId: integer('entity_id').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    event: text('event').notNull(),
    actorId: integer('actor_id').references(() => users.id),
    remark: text('remark'),
    at: instant('at').notNull().defaultNow(),
  },
  (t) => [index('transition_entity_idx').on(t.entity, t.entityId)],
);
