import type { ReactNode } from 'react';

/** The blank layout: no navigation, the page centred (login, 403, not found, public pages). */
export function BlankLayout({ children }: { children: ReactNode }) {
  return <div className="flex min-h-screen items-center justify-center bg-background p-4">{children}</div>;
}
