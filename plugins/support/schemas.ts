// TypeBox schemas: request/response validation on the server, OpenAPI, and the admin's types.
import { type Static, Type } from 'typebox';
import {
  DETAIL_MAX,
  FAQ_ANSWER_MAX,
  FAQ_CATEGORY_MAX,
  FAQ_ORDER_MAX,
  FAQ_QUESTION_MAX,
  REPLY_MAX,
  SUBJECT_MAX,
  SUPPORT_CATEGORIES,
  SUPPORT_STATES,
} from './manifest.ts';

const Uuid = Type.String({ format: 'uuid' });
const DateTime = Type.String({ format: 'date-time' });
const NullableString = Type.Union([Type.String(), Type.Null()]);

export const FaqSchema = Type.Object({
  id: Uuid,
  category: Type.String(),
  question: Type.String(),
  answer: Type.String(),
  sortOrder: Type.Integer(),
  published: Type.Boolean(),
  createdAt: DateTime,
  updatedAt: DateTime,
});

export const FaqWriteSchema = Type.Object(
  {
    category: Type.String({ minLength: 1, maxLength: FAQ_CATEGORY_MAX }),
    question: Type.String({ minLength: 1, maxLength: FAQ_QUESTION_MAX }),
    answer: Type.String({ minLength: 1, maxLength: FAQ_ANSWER_MAX }),
    sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: FAQ_ORDER_MAX })),
    published: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const FaqUpdateSchema = Type.Partial(FaqWriteSchema, { additionalProperties: false });

export const SupportCategorySchema = Type.Union(SUPPORT_CATEGORIES.map((c) => Type.Literal(c)));
export const SupportStateSchema = Type.Union(SUPPORT_STATES.map((s) => Type.Literal(s)));

export const SupportSchema = Type.Object({
  id: Uuid,
  complexId: Uuid,
  /** Platform lists only: the complex's name. */
  complexName: Type.Optional(NullableString),
  subject: Type.String(),
  category: Type.String(),
  detail: Type.String(),
  state: Type.String(),
  hasAttachment: Type.Boolean(),
  requesterId: Type.Union([Uuid, Type.Null()]),
  requesterName: Type.String(),
  replyCount: Type.Integer(),
  lastReplyAt: Type.Union([DateTime, Type.Null()]),
  createdAt: DateTime,
  updatedAt: DateTime,
});

export const SupportReplySchema = Type.Object({
  id: Uuid,
  authorName: Type.String(),
  fromStaff: Type.Boolean(),
  message: Type.String(),
  /** The state the reply moved the request to, when it moved it. */
  state: NullableString,
  createdAt: DateTime,
});

export const SupportDetailSchema = Type.Intersect([SupportSchema, Type.Object({ replies: Type.Array(SupportReplySchema) })]);

export const SupportCreateSchema = Type.Object(
  {
    subject: Type.String({ minLength: 1, maxLength: SUBJECT_MAX }),
    category: SupportCategorySchema,
    detail: Type.String({ minLength: 1, maxLength: DETAIL_MAX }),
  },
  { additionalProperties: false },
);

export const ReplyCreateSchema = Type.Object(
  { message: Type.String({ minLength: 1, maxLength: REPLY_MAX }) },
  { additionalProperties: false },
);

/** Staff's reply: a message, a new state, or both. */
export const StaffReplySchema = Type.Object(
  {
    message: Type.Optional(Type.String({ maxLength: REPLY_MAX })),
    state: Type.Optional(SupportStateSchema),
  },
  { additionalProperties: false },
);

export const AttachmentUrlSchema = Type.Object({ url: Type.String(), expiresAt: DateTime });

export type Faq = Static<typeof FaqSchema>;
export type Support = Static<typeof SupportSchema>;
export type SupportReply = Static<typeof SupportReplySchema>;
export type SupportDetail = Static<typeof SupportDetailSchema>;
