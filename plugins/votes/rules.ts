// The check of a new vote's texts and limits (spec 002 §5), isomorphic: the admin's editor runs it for comfort and
// the server runs it again, so the two can never disagree. Problems are keys of `votes.validation.*` (the messages
// of both languages), keyed by field path ('questions.1.options.0'); the server turns them into VOTE_MESSAGES.
import { VOTE_FORBIDDEN_CHARS, VOTE_OPTIONS_MAX, VOTE_OPTIONS_MIN, VOTE_QUESTIONS_MAX } from './manifest.ts';

export type VoteProblem =
  | 'required'
  | 'forbiddenChars'
  | 'questionLimit'
  | 'optionLimit'
  | 'optionMin'
  | 'duplicateOption'
  | 'endInPast';

export interface VoteInputDraft {
  title: string;
  questions: readonly { text: string; options: readonly string[] }[];
  /** An instant (ISO with its offset). */
  endsAt: string;
}

export interface CheckedVoteInput {
  title: string;
  questions: { text: string; options: string[] }[];
  endsAt: Date;
  /** Every problem by field; empty when the vote may be created. */
  problems: Record<string, VoteProblem>;
}

const textProblem = (text: string): VoteProblem | undefined =>
  !text ? 'required' : VOTE_FORBIDDEN_CHARS.test(text) ? 'forbiddenChars' : undefined;

/** The vote's texts trimmed and every problem keyed by its field. */
export function checkVoteDraft(input: VoteInputDraft, now = new Date()): CheckedVoteInput {
  const problems: Record<string, VoteProblem> = {};
  const set = (key: string, problem: VoteProblem | undefined) => {
    if (problem && !(key in problems)) problems[key] = problem;
  };
  const title = input.title.trim();
  set('title', textProblem(title));
  if (input.questions.length > VOTE_QUESTIONS_MAX) set('questions', 'questionLimit');
  else if (input.questions.length === 0) set('questions', 'required');
  const questions = input.questions.map((q, i) => {
    const text = q.text.trim();
    set(`questions.${i}.text`, textProblem(text));
    if (q.options.length > VOTE_OPTIONS_MAX) set(`questions.${i}.options`, 'optionLimit');
    else if (q.options.length < VOTE_OPTIONS_MIN) set(`questions.${i}.options`, 'optionMin');
    const options = q.options.map((o) => o.trim());
    const seen = new Set<string>();
    options.forEach((option, j) => {
      set(`questions.${i}.options.${j}`, textProblem(option));
      const key = option.toLocaleLowerCase('es');
      if (option && seen.has(key)) set(`questions.${i}.options.${j}`, 'duplicateOption');
      seen.add(key);
    });
    return { text, options };
  });
  const endsAt = new Date(input.endsAt);
  if (Number.isNaN(endsAt.getTime()) || endsAt.getTime() <= now.getTime()) set('endsAt', 'endInPast');
  return { title, questions, endsAt, problems };
}
