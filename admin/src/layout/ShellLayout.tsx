// The layout of every role area: react-admin's Layout with the shell's app bar and drawer menu. The terms dialog
// comes before it (areas/AreaApp.tsx): nothing of the area renders until the terms are accepted.
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { ShellAppBar } from './ShellAppBar.tsx';
import { ShellMenu } from './ShellMenu.tsx';

export function ShellLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={ShellAppBar} menu={ShellMenu}>
      {children}
    </Layout>
  );
}
