import type { ReactNode } from 'react';

/**
 * The shape of the error pages (403, 404, a failed page): the status code, a title, a text and ways
 * out. `as` is `section` inside the signed-in shell (which has the page's `main` already).
 */
export function StatusPage({ code, title, text, children, as: Tag = 'main' }: { code: string; title: string; text: string; children: ReactNode; as?: 'main' | 'section' }) {
  return (
    <Tag className="mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center">
      {/* The code is part of the heading it heads (a large <p> above it read as a heading of its
          own, axe's p-as-heading): one h1, "403 Acesso negado". */}
      <h1 className="flex flex-col items-center gap-4">
        {/* A sign that is not a status code ("!" of a failed page) is not read out. */}
        <span className="text-6xl font-bold text-primary" aria-hidden={/^\d+$/.test(code) ? undefined : true}>
          {code}
        </span>
        <span className="text-2xl font-semibold">{title}</span>
      </h1>
      <p className="text-muted-foreground">{text}</p>
      <div className="flex gap-2">{children}</div>
    </Tag>
  );
}
