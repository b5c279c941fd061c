// The dashboard's card of what waits (spec 000 §2.9's alerts), read as the bell group reads it.
import { PendingWidget } from '@conjunto/core/ui';

export default function IssuesPendingWidget() {
  return (
    <PendingWidget
      resource="informeProblemas"
      path="pending"
      countKey="issueReports.dashboard.count"
      emptyKey="issueReports.dashboard.none"
    />
  );
}
