// Who a scheduled e-mail goes to, read from the host's directory (and accounting's arrears for 'arrears'): one
// address per person, de-duplicated without case, active residents with an e-mail only.
import type { HostDirectory, ServiceAccess } from '@conjunto/core';
import type { AccountingService } from '@conjunto/plugin-accounting/service';
import type { Audience } from '../manifest.ts';
import { RECIPIENTS_MAX } from '../manifest.ts';

export interface Recipient {
  email: string;
  name: string;
}

export async function recipientsOf(
  directory: HostDirectory,
  mailing: { audience: Audience | string; unitIds: readonly string[] },
  accounting: () => Promise<ServiceAccess<AccountingService>>,
): Promise<Recipient[]> {
  const residents = (await directory.residents()).filter((r) => r.unitId && r.email);
  let chosen = residents;
  if (mailing.audience === 'owners' || mailing.audience === 'tenants') {
    const units = await directory.units();
    const holders = new Set(units.map((u) => (mailing.audience === 'owners' ? u.ownerId : u.tenantId)).filter(Boolean));
    chosen = residents.filter((r) => holders.has(r.id));
  } else if (mailing.audience === 'units') {
    const ids = new Set(mailing.unitIds);
    chosen = residents.filter((r) => ids.has(r.unitId as string));
  } else if (mailing.audience === 'arrears') {
    const access = await accounting();
    // Accounting switched off since the mailing was saved: nobody is known to owe, nobody is mailed.
    if (!access.available) return [];
    const unitIds = [...new Set(residents.map((r) => r.unitId as string))];
    const owing = new Set<string>();
    for (const unitId of unitIds) if ((await access.service.arrearsOf(unitId)).overdue > 0) owing.add(unitId);
    chosen = residents.filter((r) => owing.has(r.unitId as string));
  }
  const seen = new Set<string>();
  const out: Recipient[] = [];
  for (const r of chosen) {
    const key = r.email.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ email: r.email.trim(), name: r.name });
    if (out.length >= RECIPIENTS_MAX) break;
  }
  return out;
}
