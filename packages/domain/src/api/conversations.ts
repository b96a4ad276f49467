import { z } from "../zod.ts";
import { defineEndpoints } from "./endpoint.ts";
import { uuidParamsSchema } from "./shared.ts";
import { publicUserSchema } from "./users.ts";

/**
 * Support threads (spec 2: /support; spec 3: admin queues' supportThreads), messages between users
 * (spec 2: /profile/@{username}/message) and blocks. Limits are decisions (docs/DECISIONS.md).
 */
export const CONVERSATION_LIMITS = {
  subjectMax: 120,
  supportBodyMax: 5000,
  messageBodyMax: 2000,
  pageSize: 20,
} as const;

// No messages of its own: the server names a broken check by zod's code ("too_big"), and a form says it in
// the site's words ("Too long: 2001 of 2000 characters").
const body = (max: number) => z.string().trim().min(1).max(max);

export const conversationPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(CONVERSATION_LIMITS.pageSize),
});

export const SUPPORT_THREAD_STATUSES = ["open", "answered", "closed"] as const;

export const supportThreadCreateSchema = z
  .object({
    subject: body(CONVERSATION_LIMITS.subjectMax),
    body: body(CONVERSATION_LIMITS.supportBodyMax),
  })
  .strict();
export const supportReplySchema = z.object({ body: body(CONVERSATION_LIMITS.supportBodyMax) }).strict();

export const supportThreadSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  /** open: waiting for support's answer; answered: support answered last; closed: cleared by an admin. */
  status: z.enum(SUPPORT_THREAD_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  messageCount: z.number().int(),
  lastMessage: z.string(),
});
export const supportThreadListSchema = z.object({
  supportThreads: z.array(supportThreadSummarySchema),
  total: z.number().int(),
});

export const supportMessageSchema = z.object({
  id: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** True when an admin wrote it: the user sees "Support" rather than the admin's name. */
  fromSupport: z.boolean(),
  author: z.string(),
});
export const supportThreadSchema = supportThreadSummarySchema.extend({
  user: publicUserSchema,
  messages: z.array(supportMessageSchema),
});

/** The admin support queue (spec 3: Admin queues, supportThreads): threads waiting for an answer. */
export const supportQueueSchema = z.object({
  supportThreads: z.array(supportThreadSummarySchema.extend({ user: publicUserSchema })),
  total: z.number().int(),
});

export const messageCreateSchema = z
  .object({
    /** The creator's username (the profile path's @{username}). */
    recipient: z.string().trim().min(1).max(64),
    body: body(CONVERSATION_LIMITS.messageBodyMax),
  })
  .strict();

export const userMessageSchema = z.object({
  id: z.string(),
  body: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  sender: publicUserSchema,
  senderBlocked: z.boolean(),
});
export const sentMessageSchema = z.object({
  id: z.string(),
  body: z.string(),
  createdAt: z.string(),
  recipient: publicUserSchema,
});
export const inboxSchema = z.object({
  messages: z.array(userMessageSchema),
  total: z.number().int(),
  unread: z.number().int(),
});

export const blockParamsSchema = z.object({ userId: z.uuid() });
export const blockListSchema = z.object({ blocked: z.array(publicUserSchema) });
export const blockStateSchema = z.object({ userId: z.string(), blocked: z.boolean() });

export type SupportThreadSummary = z.infer<typeof supportThreadSummarySchema>;
export type SupportThreadList = z.infer<typeof supportThreadListSchema>;
export type SupportThread = z.infer<typeof supportThreadSchema>;
export type SupportQueue = z.infer<typeof supportQueueSchema>;
export type UserMessage = z.infer<typeof userMessageSchema>;
export type Inbox = z.infer<typeof inboxSchema>;
export type SentMessage = z.infer<typeof sentMessageSchema>;

/**
 * A write's answer. `mailed` is false when the message was saved but its e-mail could not be sent (the
 * web app then shows the footer's e-mail error); the message itself is never lost to a mail failure.
 */
export const supportThreadWriteSchema = z.object({ thread: supportThreadSchema, mailed: z.boolean() });
export const messageSentSchema = z.object({ message: sentMessageSchema, mailed: z.boolean() });

/** PUT /messages/{id}/read: when the recipient read it (null while unread). */
export const messageReadSchema = z.object({ id: z.string(), readAt: z.string().nullable() });

/** Support requests and messages between users. */
export const conversationEndpoints = defineEndpoints({
  "POST /messages": {
    summary: "Sends a message to a creator (spec 2: /profile/@{username}/message).",
    body: messageCreateSchema,
    response: messageSentSchema,
    status: 201,
  },
  "GET /messages/inbox": { query: conversationPageQuerySchema, response: inboxSchema },
  "PUT /messages/:id/read": { params: uuidParamsSchema, response: messageReadSchema },
  "GET /users/self/blocks": { response: blockListSchema },
  "PUT /users/self/blocks/:userId": { params: blockParamsSchema, response: blockStateSchema },
  "DELETE /users/self/blocks/:userId": { params: blockParamsSchema, response: blockStateSchema },

  "GET /support/threads": { query: conversationPageQuerySchema, response: supportThreadListSchema },
  "POST /support/threads": {
    summary: "Opens a support thread (spec 2: /support).",
    body: supportThreadCreateSchema,
    response: supportThreadWriteSchema,
    status: 201,
  },
  "GET /support/threads/:id": { params: uuidParamsSchema, response: supportThreadSchema },
  "POST /support/threads/:id/messages": {
    params: uuidParamsSchema,
    body: supportReplySchema,
    response: supportThreadWriteSchema,
    status: 201,
  },
  "GET /admin/support-threads": {
    summary: "The admin support queue: threads waiting for an answer.",
    query: conversationPageQuerySchema,
    response: supportQueueSchema,
  },
  "GET /admin/support-threads/:id": { params: uuidParamsSchema, response: supportThreadSchema },
  "POST /admin/support-threads/:id/messages": {
    params: uuidParamsSchema,
    body: supportReplySchema,
    response: supportThreadWriteSchema,
    status: 201,
  },
  "POST /admin/support-threads/:id/clear": {
    params: uuidParamsSchema,
    response: supportThreadSchema,
  },
});
