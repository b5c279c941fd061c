// The layout of every role area: react-admin's Layout with the shell's app bar and drawer menu, plus the
// blocking terms-and-conditions dialog.
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { ShellAppBar } from './ShellAppBar.tsx';
import { ShellMenu } from './ShellMenu.tsx';
import { TermsDialog } from './TermsDialog.tsx';

export function ShellLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={ShellAppBar} menu={ShellMenu}>
      {children}
      <TermsDialog />
    </Layout>
  );
}
