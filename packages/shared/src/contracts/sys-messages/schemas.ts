import { z } from 'zod';
import { SYS_MESSAGE_AUDIENCES } from '../../sys-messages.ts';
import { pageQuery } from '../common.ts';

/** Staff write system messages for the platform; each reader keeps its own read marks. */
export const STAFF = { tags: ['system messages'], access: { codes: ['adminSysMessageList'] }, scope: 'any' } as const;
export const READERS = { tags: ['system messages'], access: { codes: ['appSysMessageList'] }, scope: 'own' } as const;

export const sentView = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  audience: z.enum(SYS_MESSAGE_AUDIENCES),
  userIds: z.array(z.number()).describe("the picked users, for the audience 'users'"),
  author: z.string(),
  readCount: z.number().describe('how many of its readers have read it'),
  createdAt: z.string(),
});

export const inboxView = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});

export const sysMessageIds = z.array(z.number().int().positive()).max(1000);

export const sentListQuery = pageQuery.extend({ keyword: z.string().trim().max(100).optional() });
export const inboxQuery = pageQuery.extend({ unread: z.stringbool().optional() });

export const sysMessageInput = z.object({
  title: z.string().trim().min(1, 'fieldRequired').max(120),
  content: z.string().trim().min(1, 'fieldRequired').max(10_000),
  audience: z.enum(SYS_MESSAGE_AUDIENCES).default('all'),
  userIds: z.array(z.number().int().positive()).max(10_000).default([]),
});

export type SentSysMessage = z.output<typeof sentView>;
export type InboxSysMessage = z.output<typeof inboxView>;
export type SysMessageInput = z.input<typeof sysMessageInput>;
