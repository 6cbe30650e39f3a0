import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';

/** One part of the entry (client, order, items, summary): a card with its heading. */
export function EntrySection({ id, title, children, aside }: { id: string; title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={id} className="text-base font-semibold">
            {title}
          </h2>
          {aside}
        </div>
        {children}
      </CardContent>
    </Card>
  );
}
