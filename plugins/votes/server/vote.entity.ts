import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';

export interface VoteQuestion {
  text: string;
  options: string[];
}

export const VoteSchema = defineEntity({
  name: 'Vote',
  tableName: 'votes',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    title: p.string().length(150),
    questions: p.json<VoteQuestion[]>(),
    endsAt: p.datetime(),
    finished: p.boolean().default(false),
    weighted: p.boolean().default(true),
    excludeArrears: p.boolean().default(false),
    arrearsApplied: p.boolean().default(false),
    createdBy: p.uuid().nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class Vote extends VoteSchema.class {}
VoteSchema.setClass(Vote);
