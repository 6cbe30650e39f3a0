import { v7 } from 'uuid';

/** Record ids are UUID v7: time-ordered, so keys sort by creation. */
export function newId(): string {
  return v7();
}
