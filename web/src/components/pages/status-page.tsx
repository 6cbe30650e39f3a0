import type { ReactNode } from 'react';

/**
 * The shape of the error pages (403, 404, a failed page): the status code, a title, a text and ways
 * out. `as` is `section` inside the signed-in shell (which has the page's `main` already).
 */
export function StatusPage({ code, title, text, children, as: Tag = 'main' }: { code: string; title: string; text: string; children: ReactNode; as?: 'main' | 'section' }) {
  return (
    <Tag className="mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center">
      <p className="text-6xl font-bold text-primary">{code}</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <div className="flex gap-2">{children}</div>
    </Tag>
  );
}
