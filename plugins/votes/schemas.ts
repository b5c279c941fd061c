// TypeBox schemas: request/response validation on the server, OpenAPI, and the admin's types.
import { type Static, Type } from 'typebox';
import { VOTE_OPTION_MAX, VOTE_QUESTION_MAX, VOTE_TITLE_MAX } from './manifest.ts';

/** Array bounds of the body (wider than the rules' limits, which answer with the spec's own texts). */
const QUESTIONS_BOUND = 50;
const OPTIONS_BOUND = 30;

const QuestionInput = Type.Object(
  {
    text: Type.String({ maxLength: VOTE_QUESTION_MAX }),
    options: Type.Array(Type.String({ maxLength: VOTE_OPTION_MAX }), { maxItems: OPTIONS_BOUND }),
  },
  { additionalProperties: false },
);

export const VoteCreateSchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: VOTE_TITLE_MAX }),
    questions: Type.Array(QuestionInput, { maxItems: QUESTIONS_BOUND }),
    endsAt: Type.String({ format: 'date-time' }),
    /** Results decided by the units' aliquots (Ecuador's horizontal-property law) rather than one unit one vote. */
    weighted: Type.Optional(Type.Boolean()),
    /** Units in arrears when the vote is created (accounting) may not vote and do not count for the quorum. */
    excludeArrears: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const VoteFileSchema = Type.Object({
  id: Type.String(),
  filename: Type.String(),
  size: Type.Integer(),
  url: Type.Optional(Type.String()),
});

export const VoteSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  questions: Type.Array(Type.Object({ text: Type.String(), options: Type.Array(Type.String()) })),
  questionCount: Type.Integer(),
  endsAt: Type.String({ format: 'date-time' }),
  /** Finalizada: the end has passed. */
  finished: Type.Boolean(),
  weighted: Type.Boolean(),
  excludeArrears: Type.Boolean(),
  /** Whether the arrears exclusion could be applied (accounting on when the vote was created). */
  arrearsApplied: Type.Boolean(),
  excludedUnits: Type.Integer(),
  ballotCount: Type.Integer(),
  eligibleUnits: Type.Integer(),
  /** Units that voted of the eligible ones, 0..100 with two decimals. */
  participation: Type.Number(),
  fileCount: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const VoteDetailSchema = Type.Object({ ...VoteSchema.properties, files: Type.Array(VoteFileSchema) });

export const VoteCreatedSchema = Type.Object({
  ...VoteSchema.properties,
  /** What happened to the arrears exclusion: applied, not asked, or why it could not be (accounting unavailable). */
  arrears: Type.Object({
    status: Type.Union([Type.Literal('applied'), Type.Literal('not-requested'), Type.Literal('unavailable')]),
    reason: Type.Optional(Type.String()),
    message: Type.Optional(Type.String()),
  }),
});

export const BallotCreateSchema = Type.Object(
  {
    /** One option index per question, in the questions' order. */
    answers: Type.Array(Type.Integer({ minimum: 0, maximum: 100 }), { maxItems: QUESTIONS_BOUND }),
    /** The unit voted for: the caller's own (default) or one that delegated its vote to them. */
    unitId: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);

export const BallotSchema = Type.Object({
  id: Type.String(),
  voteId: Type.String(),
  unitId: Type.String(),
  unitNumber: Type.String(),
  answers: Type.Array(Type.Integer()),
  viaProxy: Type.Boolean(),
  castAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  /** True when this replaced an earlier ballot of the unit. */
  changed: Type.Boolean(),
});

/** The units the caller may vote for in a vote, with their ballot if any. */
export const MyBallotsSchema = Type.Object({
  units: Type.Array(
    Type.Object({
      unitId: Type.String(),
      unitNumber: Type.String(),
      own: Type.Boolean(),
      /** The own unit's proxy: who holds its vote (name), when delegated. */
      delegatedTo: Type.Union([Type.Object({ proxyId: Type.String(), name: Type.String() }), Type.Null()]),
      excluded: Type.Boolean(),
      ballot: Type.Union([
        Type.Object({ answers: Type.Array(Type.Integer()), castAt: Type.String(), updatedAt: Type.String() }),
        Type.Null(),
      ]),
    }),
  ),
});

export const ProxyCreateSchema = Type.Object(
  {
    /** The delegating unit (office roles; a resident's is always their own). */
    unitId: Type.Optional(Type.String({ format: 'uuid' })),
    /** Who holds the vote: a resident of the complex, by id (office) or by e-mail (a resident naming a neighbour). */
    holderId: Type.Optional(Type.String({ format: 'uuid' })),
    holderEmail: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

/** A unit's attendance at the assembly of a vote, as the office recorded it. */
export const AttendanceSchema = Type.Object({
  voteId: Type.String(),
  unitId: Type.String(),
  unitNumber: Type.String(),
  present: Type.Boolean(),
});

export const ProxySchema = Type.Object({
  id: Type.String(),
  voteId: Type.String(),
  unitId: Type.String(),
  unitNumber: Type.String(),
  holderId: Type.String(),
  holderName: Type.String(),
  grantedByName: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

const Share = Type.Object({
  count: Type.Integer(),
  /** One unit one vote: count of the question's ballots, 0..100 with two decimals. */
  percentage: Type.Number(),
  /** Sum of the voters' aliquots, exact text with 4 decimals ('8.3334'). */
  aliquot: Type.String(),
  /** Aliquot-weighted: aliquot of the question's ballots, 0..100 with two decimals. */
  weightedPercentage: Type.Number(),
});

export const VoteResultsSchema = Type.Object({
  voteId: Type.String(),
  title: Type.String(),
  finished: Type.Boolean(),
  weighted: Type.Boolean(),
  endsAt: Type.String(),
  ballots: Type.Integer(),
  quorum: Type.Object({
    votedUnits: Type.Integer(),
    /** Units that voted or that the office recorded as present (each once): the quorum's numerator. */
    presentUnits: Type.Integer(),
    eligibleUnits: Type.Integer(),
    /** Aliquot of the units that voted, of those present or voted, and of the eligible (active, not excluded) units, exact text. */
    votedAliquot: Type.String(),
    presentAliquot: Type.String(),
    eligibleAliquot: Type.String(),
    /** presentAliquot of eligibleAliquot, 0..100 with two decimals. */
    percentage: Type.Number(),
    /** presentUnits of eligibleUnits, 0..100 with two decimals. */
    unitPercentage: Type.Number(),
  }),
  excludedUnits: Type.Integer(),
  questions: Type.Array(
    Type.Object({
      index: Type.Integer(),
      text: Type.String(),
      options: Type.Array(Type.Object({ index: Type.Integer(), label: Type.String(), ...Share.properties })),
      /** The winning option's index by the vote's measure (weighted or per unit); null with no ballots or a tie. */
      winner: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
  /** Office roles only: who voted (unit, who cast it, by proxy), who did not, and the proxies. */
  voters: Type.Optional(
    Type.Array(
      Type.Object({
        unitId: Type.String(),
        unitNumber: Type.String(),
        aliquot: Type.String(),
        castByName: Type.String(),
        viaProxy: Type.Boolean(),
        castAt: Type.String(),
        answers: Type.Array(Type.Integer()),
      }),
    ),
  ),
  nonVoters: Type.Optional(
    Type.Array(
      Type.Object({
        unitId: Type.String(),
        unitNumber: Type.String(),
        aliquot: Type.String(),
        holderName: Type.String(),
        /** Recorded as present at the assembly: counts for the quorum without a ballot. */
        present: Type.Boolean(),
      }),
    ),
  ),
  proxies: Type.Optional(Type.Array(ProxySchema)),
});

export type Vote = Static<typeof VoteSchema>;
export type VoteDetail = Static<typeof VoteDetailSchema>;
export type VoteCreate = Static<typeof VoteCreateSchema>;
export type VoteCreated = Static<typeof VoteCreatedSchema>;
export type VoteResults = Static<typeof VoteResultsSchema>;
export type Ballot = Static<typeof BallotSchema>;
export type MyBallots = Static<typeof MyBallotsSchema>;
export type VoteProxy = Static<typeof ProxySchema>;
export type VoteFile = Static<typeof VoteFileSchema>;
export type VoteAttendance = Static<typeof AttendanceSchema>;
