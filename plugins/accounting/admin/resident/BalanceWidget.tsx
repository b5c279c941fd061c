// The resident's Inicio (issue 12): what their unit owes in brief (and how much is overdue), or its credit.
import { WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import { useTranslate } from 'react-admin';
import { Balance } from './StatementPanel.tsx';
import { useStatement } from './useStatement.ts';

export default function BalanceWidget() {
  const translate = useTranslate();
  const { data, error, isPending } = useStatement({ mine: true });
  if (isPending && !data) return <WidgetSkeleton height={100} />;
  if (error || !data) return <WidgetEmpty>{translate('accounting.resident.noUnit')}</WidgetEmpty>;
  return <Balance s={data} />;
}
