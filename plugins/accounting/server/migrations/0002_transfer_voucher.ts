import type { PluginMigration } from '@conjunto/core';

/** Issue 12: a reported transfer may carry its voucher (a photo or PDF of the bank's receipt), a file of the host. */
export const accountingTransferVoucher: PluginMigration = {
  name: 'accounting_0007_pending_transfer_voucher',
  up: ['alter table pending_transfers add column voucher_file_id uuid'],
};
