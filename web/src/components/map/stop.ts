/** A stop of the itinerary as the map shows it; `position` is its number in the day's order (1, 2, …). */
export interface MapStop {
  id: string;
  position: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
  /** The check-in was farther from the client's address than the company's tolerance. */
  flagged: boolean;
  status: 'pending' | 'active' | 'completed' | 'cancelled';
}
