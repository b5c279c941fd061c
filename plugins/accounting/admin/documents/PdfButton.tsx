// Downloads a record's PDF document (receipt, voucher): an icon in tables (`compact`), a labelled button elsewhere.
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { ActionButton } from '../shared/ActionButton.tsx';
import { useDownload } from '../shared/accountingApi.ts';

export function PdfButton({
  compact,
  label,
  resource,
  path,
  fileName,
}: {
  compact: boolean;
  label: string;
  resource: string;
  path: string;
  fileName: string;
}) {
  const { busy, download } = useDownload();
  return (
    <ActionButton
      compact={compact}
      label={label}
      Icon={PictureAsPdfIcon}
      disabled={busy}
      onClick={() => download(resource, path, fileName)}
    />
  );
}
