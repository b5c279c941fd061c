import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';

/** A question and its answer of the platform's FAQ: platform-wide, no complex. */
export const FaqEntrySchema = defineEntity({
  name: 'FaqEntry',
  tableName: 'support_faq',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    category: p.string().length(80),
    question: p.string().length(250),
    answer: p.text(),
    sortOrder: p.integer().default(0),
    published: p.boolean().default(true),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class FaqEntry extends FaqEntrySchema.class {}
FaqEntrySchema.setClass(FaqEntry);

/** A complex's support request to platform staff. The table is named as its API resource (the route walks find it). */
export const SupportRequestSchema = defineEntity({
  name: 'SupportRequest',
  tableName: 'supports',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    subject: p.string().length(150),
    category: p.string().length(20),
    detail: p.text(),
    state: p.string().length(20).default('Abierto'),
    attachmentFileId: p.uuid().nullable(),
    requesterId: p.uuid().nullable(),
    /** As they were when they filed it: replies are mailed there even if the account changes or goes. */
    requesterName: p.string().length(201),
    requesterEmail: p.string().length(100).nullable(),
    replyCount: p.integer().default(0),
    lastReplyAt: p.datetime().nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class SupportRequest extends SupportRequestSchema.class {}
SupportRequestSchema.setClass(SupportRequest);

export const SupportReplySchema = defineEntity({
  name: 'SupportReply',
  tableName: 'support_replies',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    supportId: p.uuid(),
    authorId: p.uuid().nullable(),
    authorName: p.string().length(201),
    fromStaff: p.boolean(),
    message: p.text(),
    state: p.string().length(20).nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class SupportReply extends SupportReplySchema.class {}
SupportReplySchema.setClass(SupportReply);
