import type { ReactNode } from 'react';

/** The shape of the error pages (403, 404): the status code, a title, a text and ways out. */
export function StatusPage({ code, title, text, children }: { code: string; title: string; text: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center">
      <p className="text-6xl font-bold text-primary">{code}</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <div className="flex gap-2">{children}</div>
    </main>
  );
}
