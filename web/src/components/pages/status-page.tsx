import type { ReactNode } from 'react';

/** The shape of the error pages (403, 404): the status code, a title, a text and ways out. */
export function StatusPage({ code, title, text, children }: { code: string; title: string; text: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center">
      {/* The code is part of the heading it heads (a large <p> above it read as a heading of its
          own, axe's p-as-heading): one h1, "403 Acesso negado". */}
      <h1 className="flex flex-col items-center gap-4">
        <span className="text-6xl font-bold text-primary">{code}</span>
        <span className="text-2xl font-semibold">{title}</span>
      </h1>
      <p className="text-muted-foreground">{text}</p>
      <div className="flex gap-2">{children}</div>
    </main>
  );
}
