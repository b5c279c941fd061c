import { SupportShowFor } from '../SupportShow.tsx';

export default function StaffSupportShow() {
  return <SupportShowFor staff />;
}
