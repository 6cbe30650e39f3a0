/**
 * A scan of the whole table in `segments` parallel parts (DynamoDB's Segment/TotalSegments), each
 * read page after page: `page(segment, start)` sends one Scan of its segment from `start` and
 * answers its LastEvaluatedKey. For the rare work that must read every item (a usage rebuild, a
 * company's archive or erasure: docs/admin.md), in a job, never a request (invariant 2).
 */
export async function scanInSegments<K>(segments: number, page: (segment: number, start: K | undefined) => Promise<K | undefined>): Promise<void> {
  await Promise.all(
    Array.from({ length: segments }, async (_, segment) => {
      let start: K | undefined;
      do start = await page(segment, start);
      while (start);
    }),
  );
}
