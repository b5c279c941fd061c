// /guardia/bitacoraRechazada: the entries refused at the gate, read-only, with export.
import { EntryList } from './EntryList.tsx';

export default function RejectedList() {
  return <EntryList rejected />;
}
