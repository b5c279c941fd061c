// The vote rules as plain functions: exact aliquots, half-up percentages, the texts of a new vote.
import { describe, expect, it } from 'vitest';
import { VOTE_MESSAGES } from '../manifest.ts';
import { checkVoteDraft } from '../rules.ts';
import { aliquotText, aliquotUnits, checkAnswers, checkVoteInput, percent } from '../server/votes.ts';

describe('vote rules', () => {
  it('holds aliquots as integer ten-thousandths and gives them back as text', () => {
    expect(aliquotUnits('2.7778')).toBe(27_778);
    expect(aliquotUnits('10')).toBe(100_000);
    expect(aliquotUnits('0.5')).toBe(5_000);
    expect(aliquotUnits('100.0000')).toBe(1_000_000);
    expect(aliquotUnits('abc')).toBe(0);
    expect(aliquotText(27_778 * 36)).toBe('100.0008');
    expect(aliquotText(7)).toBe('0.0007');
    // 0.1 + 0.2 in floating point is not 0.3; in ten-thousandths it is.
    expect(aliquotText(aliquotUnits('0.1') + aliquotUnits('0.2'))).toBe('0.3000');
  });

  it('rounds percentages half-up to two decimals from integers', () => {
    expect(percent(1, 3)).toBe(33.33);
    expect(percent(2, 3)).toBe(66.67);
    expect(percent(1, 8)).toBe(12.5);
    expect(percent(1, 800)).toBe(0.13); // 0.125 -> 0.13 (half-up)
    expect(percent(0, 0)).toBe(0);
    expect(percent(5, 5)).toBe(100);
  });

  it('trims texts and refuses the forbidden characters and empty fields', () => {
    const ok = checkVoteInput(
      { title: '  Asamblea  ', questions: [{ text: ' ¿Sí o no? ', options: [' Sí', 'No '] }], endsAt: '2099-01-01T00:00:00Z' },
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(ok.title).toBe('Asamblea');
    expect(ok.questions).toEqual([{ text: '¿Sí o no?', options: ['Sí', 'No'] }]);
    expect(() =>
      checkVoteInput({ title: 'a@b', questions: [{ text: 'x', options: ['a', 'b'] }], endsAt: '2099-01-01T00:00:00Z' }),
    ).toThrow(VOTE_MESSAGES.forbiddenChars);
  });

  it('wants one valid option per question', () => {
    const vote = {
      questions: [
        { text: 'a', options: ['x', 'y'] },
        { text: 'b', options: ['x', 'y', 'z'] },
      ],
    };
    expect(() => checkAnswers(vote, [1, 2])).not.toThrow();
    for (const answers of [[], [0], [2, 0], [0, 3], [0, 0, 0], [0.5, 1]])
      expect(() => checkAnswers(vote, answers), JSON.stringify(answers)).toThrow(VOTE_MESSAGES.answers);
  });
});

describe('the shared check of a new vote (rules.ts: the admin and the server)', () => {
  it('answers problem keys by field, the same the server turns into its Spanish texts', () => {
    const r = checkVoteDraft(
      {
        title: ' ',
        questions: [
          { text: 'a.b', options: ['Sí', ' sí ', ''] },
          { text: 'Ok', options: ['Una'] },
        ],
        endsAt: '2025-01-01T00:00:00-05:00',
      },
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(r.problems).toEqual({
      title: 'required',
      'questions.0.text': 'forbiddenChars',
      'questions.0.options.1': 'duplicateOption',
      'questions.0.options.2': 'required',
      'questions.1.options': 'optionMin',
      endsAt: 'endInPast',
    });
    expect(r.questions[0].options).toEqual(['Sí', 'sí', '']);
    expect(checkVoteDraft({ title: 'x', questions: [], endsAt: '2099-01-01T00:00:00Z' }).problems.questions).toBe('required');
    // The server answers with the Spanish texts of the same problems.
    expect(() =>
      checkVoteInput({ title: 'x', questions: [{ text: 'q', options: ['a', 'A'] }], endsAt: '2099-01-01T00:00:00Z' }),
    ).toThrow(VOTE_MESSAGES.duplicateOption);
  });
});
