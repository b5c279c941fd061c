// The dashboard's card of what waits (spec 000 §2.9's alerts), read as the bell group reads it.
import { PendingWidget } from '@conjunto/core/ui';

export default function MaintenancePendingWidget() {
  return (
    <PendingWidget
      resource="mantenimiento"
      path="pending"
      countKey="maintenance.dashboard.count"
      emptyKey="maintenance.dashboard.none"
    />
  );
}
