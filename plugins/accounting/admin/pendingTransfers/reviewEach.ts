// Approving or rejecting several transfers: one request each, in turn (each its own income and audit, as one at
// a time would be); a transfer someone else reviewed meanwhile is refused alone, the others go through.
import type { PendingTransfer } from '../../schemas.ts';

/** The approve and reject dialogs: one transfer (its row's buttons) or the selected ones (the bulk action). */
export interface ReviewDialogProps {
  records: PendingTransfer[];
  onClose(): void;
  /** After the transfers were sent (the bulk action clears its selection). */
  onDone?(): void;
}

/** Runs `review` for each transfer; answers how many went through. Throws the first refusal when none did. */
export async function reviewEach(
  records: PendingTransfer[],
  review: (record: PendingTransfer) => Promise<unknown>,
): Promise<{ done: number; failed: number }> {
  let done = 0;
  let firstError: unknown;
  for (const record of records) {
    try {
      await review(record);
      done++;
    } catch (error) {
      firstError ??= error;
    }
  }
  if (done === 0 && firstError !== undefined) throw firstError;
  return { done, failed: records.length - done };
}
