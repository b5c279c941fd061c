// Approving or rejecting the selected transfers: each in turn; one that someone else reviewed meanwhile is refused
// alone, and the dialog shows an error only when none went through.
import { describe, expect, it } from 'vitest';
import { reviewEach } from '../admin/pendingTransfers/reviewEach.ts';
import type { PendingTransfer } from '../schemas.ts';

const transfers = (ids: string[]) => ids.map((id) => ({ id }) as PendingTransfer);

describe('reviewEach', () => {
  it('sends every transfer in turn and counts those that went through', async () => {
    const sent: string[] = [];
    const result = await reviewEach(transfers(['a', 'b', 'c']), async (r) => {
      sent.push(r.id);
      if (r.id === 'b') throw new Error('ya revisada');
    });
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(result).toEqual({ done: 2, failed: 1 });
  });

  it('throws the first refusal when none went through', async () => {
    await expect(
      reviewEach(transfers(['a', 'b']), async (r) => {
        throw new Error(`refused ${r.id}`);
      }),
    ).rejects.toThrow('refused a');
  });
});
